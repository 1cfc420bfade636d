/**
 * Scheduled e-mail reports (product §3, §5, §8): the wire shapes, when a report falls due in its
 * delivery time zone, and the window of production time it covers. Decision 23 explains the scheduling.
 * What a report may be and the rules the form (yup + formik) and the api both run are in
 * email-report-rules.ts (no TypeBox: the form imports them), re-exported here.
 */
import { DateTime } from 'luxon';
import { Type, type Static } from 'typebox';
import { LANGUAGES } from './constants';
import { Uuid } from './schemas/common';
import { monthStartOf, productionDayOf, productionDayStart, addDateDays, addDateMonths, weekStartOf, type FactoryCalendar } from './time-windows';
import {
  REPORT_FREQUENCIES,
  REPORT_LIMITS,
  REPORT_PACKAGES,
  REPORT_SCHEDULE_TYPES,
  REPORT_TEMPLATES,
  REPORT_TIME_UNITS,
  type EmailReportInput,
  type ReportFrequency,
  type ReportPackage,
} from './email-report-rules';

export * from './email-report-rules';

export const EmailReportInputSchema = Type.Object(
  {
    title: Type.String({ description: `1 to ${REPORT_LIMITS.titleMax} letters, digits, spaces, hyphens and underscores` }),
    template: Type.Enum(REPORT_TEMPLATES),
    frequency: Type.Enum(REPORT_FREQUENCIES),
    schedule_type: Type.Enum(REPORT_SCHEDULE_TYPES, { description: 'last: the whole periods before the delivery; current: the period so far' }),
    duration: Type.Integer({ description: 'How many time units the report covers (1 to the unit’s maximum)' }),
    time_unit: Type.Enum(REPORT_TIME_UNITS),
    recipients: Type.Array(Type.String(), { description: `1 to ${REPORT_LIMITS.recipientsMax} e-mail addresses` }),
    production_unit_ids: Type.Array(Uuid, { description: 'Lines of the factory (5 recommended)' }),
    work_shift_ids: Type.Array(Uuid, { description: 'Shifts of the factory (5 recommended)' }),
    language: Type.Enum(LANGUAGES),
    day: Type.Union([Type.Integer(), Type.Null()], { description: 'weekly: 1 (Monday) to 7; monthly: 1 to 28; daily: null' }),
    time: Type.String({ description: 'HH:mm in the delivery time zone' }),
    timezone: Type.String({ description: 'IANA time zone of the delivery' }),
  },
  {
    additionalProperties: false,
    description: 'Refused with every problem listed (RPT_* codes with arguments.field); nothing changes on error.',
  },
);

export const ReportDeliveryStatusSchema = Type.Enum(['pending', 'sending', 'retrying', 'sent', 'failed'] as const);
export type ReportDeliveryStatus = Static<typeof ReportDeliveryStatusSchema>;

export const EmailReportSchema = Type.Object({
  ...EmailReportInputSchema.properties,
  id: Uuid,
  factory_id: Uuid,
  active: Type.Boolean(),
  next_delivery_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Next scheduled delivery; null when inactive' }),
  last_delivery: Type.Union([
    Type.Object({ at: Type.String({ format: 'date-time' }), status: ReportDeliveryStatusSchema, kind: Type.Enum(['scheduled', 'test'] as const) }),
    Type.Null(),
  ]),
  warnings: Type.Array(Type.String(), { description: 'Codes of recommendations the report goes beyond (RPT_UNITS_ABOVE_RECOMMENDED, RPT_SHIFTS_ABOVE_RECOMMENDED)' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type EmailReport = Static<typeof EmailReportSchema>;

export const ReportQuotaSchema = Type.Object({
  package: Type.Enum(Object.keys(REPORT_PACKAGES) as ReportPackage[]),
  max: Type.Integer(),
  used: Type.Integer({ description: 'Reports of the whole account (every user, every factory)' }),
});
export type ReportQuota = Static<typeof ReportQuotaSchema>;

export const ReportDeliverySchema = Type.Object({
  id: Uuid,
  report_id: Uuid,
  kind: Type.Enum(['scheduled', 'test'] as const),
  due_at: Type.String({ format: 'date-time' }),
  status: ReportDeliveryStatusSchema,
  attempts: Type.Integer(),
  recipients: Type.Array(Type.String()),
  // Optional on the wire (an addition): the api always answers it.
  skipped_recipients: Type.Optional(Type.Array(Type.String(), { description: 'Recipients not written to: the account may not address them (any more; decision 32)' })),
  window_start: Type.String({ format: 'date-time' }),
  window_end: Type.String({ format: 'date-time' }),
  subject: Type.Union([Type.String(), Type.Null()]),
  smtp_response: Type.Union([Type.String(), Type.Null()], { description: 'The SMTP server’s last answer (or the failure)' }),
  sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type ReportDelivery = Static<typeof ReportDeliverySchema>;

export const ReportDeliveryMessageSchema = Type.Object({
  ...ReportDeliverySchema.properties,
  html: Type.Union([Type.String(), Type.Null()]),
  text: Type.Union([Type.String(), Type.Null()]),
  raw: Type.Union([Type.String(), Type.Null()], { description: 'The MIME message as handed to the SMTP server' }),
});
export type ReportDeliveryMessage = Static<typeof ReportDeliveryMessageSchema>;

export const ReportPreviewSchema = Type.Object({
  subject: Type.String(),
  html: Type.String({ description: 'Charts inlined as data: URLs (the e-mail itself carries them as attachments)' }),
  text: Type.String(),
  window_start: Type.String({ format: 'date-time' }),
  window_end: Type.String({ format: 'date-time' }),
});
export type ReportPreview = Static<typeof ReportPreviewSchema>;

export const ReportOptionsSchema = Type.Object({
  production_units: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  work_shifts: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
});
/** Lines and shifts a report of the factory can select, with their ids, in configuration order. */
export type ReportOptions = Static<typeof ReportOptionsSchema>;

export interface ReportSchedule {
  frequency: ReportFrequency;
  day: number | null;
  time: string;
  timezone: string;
}

/** The delivery instant on one local date, or null when that date is not a delivery day. */
function deliveryOn(date: DateTime, schedule: ReportSchedule): DateTime | null {
  if (schedule.frequency === 'weekly' && date.weekday !== schedule.day) return null;
  if (schedule.frequency === 'monthly' && date.day !== schedule.day) return null;
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  // On the spring-forward day a time in the gap (02:30) moves forward by the gap (03:30); on the
  // fall-back day luxon takes the first of the two 02:30s. Either way: one instant per local date.
  return DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone: schedule.timezone });
}

/** The first delivery strictly after `after` (epoch ms), in the schedule's time zone. */
export function nextReportDelivery(schedule: ReportSchedule, after: number): number {
  let date = DateTime.fromMillis(after, { zone: schedule.timezone }).startOf('day').minus({ days: 1 });
  for (let i = 0; i < 40; i++, date = date.plus({ days: 1 })) {
    const at = deliveryOn(date, schedule);
    if (at && at.toMillis() > after) return at.toMillis();
  }
  throw new RangeError('no delivery within 40 days');
}

/** The latest delivery at or before `atOrBefore` (epoch ms). */
export function previousReportDelivery(schedule: ReportSchedule, atOrBefore: number): number {
  let date = DateTime.fromMillis(atOrBefore, { zone: schedule.timezone }).startOf('day').plus({ days: 1 });
  for (let i = 0; i < 40; i++, date = date.minus({ days: 1 })) {
    const at = deliveryOn(date, schedule);
    if (at && at.toMillis() <= atOrBefore) return at.toMillis();
  }
  throw new RangeError('no delivery within 40 days');
}

/**
 * The production time a report sent at `dueAt` covers, in the factory's calendar: `last` N units are
 * the N whole hours, production days, weeks or months before the one the delivery falls in; `current`
 * N units end at the delivery and start at the beginning of the unit N − 1 before the current one.
 */
export function reportWindow(
  report: Pick<EmailReportInput, 'schedule_type' | 'duration' | 'time_unit'>,
  dueAt: number,
  calendar: FactoryCalendar,
): { start: number; end: number } {
  const due = DateTime.fromMillis(dueAt, { zone: calendar.timezone });
  const n = report.duration;
  const back = report.schedule_type === 'last' ? n : n - 1;
  if (report.time_unit === 'hour') {
    const hourStart = due.startOf('hour').toMillis();
    const start = hourStart - back * 3_600_000;
    return { start, end: report.schedule_type === 'last' ? hourStart : dueAt };
  }
  const today = productionDayOf(due, calendar);
  const unitStart =
    report.time_unit === 'day' ? today : report.time_unit === 'week' ? weekStartOf(today, calendar) : monthStartOf(today);
  const firstDay =
    report.time_unit === 'day'
      ? addDateDays(unitStart, -back)
      : report.time_unit === 'week'
        ? addDateDays(unitStart, -7 * back)
        : addDateMonths(unitStart, -back);
  const start = productionDayStart(firstDay, calendar).toMillis();
  const end = report.schedule_type === 'last' ? productionDayStart(unitStart, calendar).toMillis() : dueAt;
  return { start, end: Math.max(end, start + 1) };
}
