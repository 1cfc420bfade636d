/**
 * Scheduled e-mail reports (product §3, §5, §8): the wire shapes, the rules the form (yup + formik) and
 * the api both run, when a report falls due in its delivery time zone, and the window of production
 * time it covers. Decision 23 explains the scheduling.
 */
import * as yup from 'yup';
import { DateTime, IANAZone } from 'luxon';
import { Type, type Static } from 'typebox';
import { FREE_PACKAGE_REPORT_LIMIT, LANGUAGES, type Language } from './constants';
import { ERROR_CODES } from './errors';
import { FACTORY_NAME_PATTERN } from './factory';
import { Uuid } from './schemas/common';
import { monthStartOf, productionDayOf, productionDayStart, addDateDays, addDateMonths, weekStartOf, type FactoryCalendar } from './time-windows';

export const REPORT_TEMPLATES = ['overview', 'downtime_main_page', 'downtime_by_production_line', 'downtime_by_shift'] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_SCHEDULE_TYPES = ['last', 'current'] as const;
export type ReportScheduleType = (typeof REPORT_SCHEDULE_TYPES)[number];
export const REPORT_TIME_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type ReportTimeUnit = (typeof REPORT_TIME_UNITS)[number];

/**
 * Product §5 leaves the title's length unshown: 60 characters keep a subject line readable. Recipients
 * and selections have hard ceilings so one report stays one reasonable e-mail; 5 lines and 5 shifts is
 * the recommendation beyond which the form warns (product §9).
 */
export const REPORT_LIMITS = {
  titleMax: 60,
  recipientsMax: 20,
  unitsMax: 50,
  shiftsMax: 20,
  recommendedUnits: 5,
  recommendedShifts: 5,
  /** Longest period per time unit: the analytics calls answer at most a year (decision 17). */
  durationMax: { hour: 72, day: 92, week: 26, month: 12 } satisfies Record<ReportTimeUnit, number>,
  /** Monthly reports go out on day 1 to 28, which every month has. */
  monthDayMax: 28,
} as const;

/** Reports an account may keep, by subscription package; `none` has no report at all. */
export const REPORT_PACKAGES = { none: 0, free: FREE_PACKAGE_REPORT_LIMIT, professional: 100, enterprise: 2000 } as const;
export type ReportPackage = keyof typeof REPORT_PACKAGES;

const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What the user fills in (POST factories/{factoryId}/user/email-reports, PUT user/email-reports/{id}). */
export interface EmailReportInput {
  title: string;
  template: ReportTemplate;
  frequency: ReportFrequency;
  schedule_type: ReportScheduleType;
  duration: number;
  time_unit: ReportTimeUnit;
  recipients: string[];
  production_unit_ids: string[];
  work_shift_ids: string[];
  language: Language;
  /** Weekly: ISO weekday 1 (Monday) to 7; monthly: day of month 1 to 28; daily: null. */
  day: number | null;
  /** HH:mm in the delivery time zone. */
  time: string;
  timezone: string;
}

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

/** A recipient's address as stored and compared: trimmed, lower case. */
export function normaliseRecipient(address: string): string {
  return address.trim().toLowerCase();
}

export function isReportRecipient(address: unknown): boolean {
  return typeof address === 'string' && address.trim().length <= 254 && EMAIL.test(address.trim());
}

/**
 * Product §5 for an e-mail report, as one yup schema whose messages are error codes: the form shows
 * them translated, the api answers them with `arguments.field`. What needs the database (lines and
 * shifts of the factory, the package limit) the api adds.
 */
export function emailReportSchema() {
  return yup
    .object({
      title: yup
        .string()
        // Trims text only: yup's own trim() called .trim() on whatever came, and a title of {} or []
        // threw a TypeError (500) instead of the type's refusal.
        .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
        .required(ERROR_CODES.reportTitleRequired)
        .max(REPORT_LIMITS.titleMax, ERROR_CODES.reportTitleTooLong)
        .matches(FACTORY_NAME_PATTERN, { message: ERROR_CODES.reportTitleInvalid, excludeEmptyString: true }),
      template: yup.string().oneOf([...REPORT_TEMPLATES], ERROR_CODES.reportTemplateInvalid).required(ERROR_CODES.reportTemplateInvalid),
      frequency: yup.string().oneOf([...REPORT_FREQUENCIES], ERROR_CODES.reportFrequencyInvalid).required(ERROR_CODES.reportFrequencyInvalid),
      schedule_type: yup.string().oneOf([...REPORT_SCHEDULE_TYPES], ERROR_CODES.reportScheduleTypeInvalid).required(ERROR_CODES.reportScheduleTypeInvalid),
      time_unit: yup.string().oneOf([...REPORT_TIME_UNITS], ERROR_CODES.reportTimeUnitInvalid).required(ERROR_CODES.reportTimeUnitInvalid),
      duration: yup
        .number()
        .typeError(ERROR_CODES.reportDurationInvalid)
        .required(ERROR_CODES.reportDurationInvalid)
        .integer(ERROR_CODES.reportDurationInvalid)
        .min(1, ERROR_CODES.reportDurationInvalid)
        .test('unit-max', ERROR_CODES.reportDurationInvalid, function check(value) {
          const unit = this.parent.time_unit as ReportTimeUnit;
          const max = REPORT_LIMITS.durationMax[unit];
          return max === undefined || value === undefined || value <= max;
        }),
      recipients: yup
        .array(yup.string().test('email', ERROR_CODES.reportRecipientInvalid, (v) => isReportRecipient(v)))
        .required(ERROR_CODES.reportRecipientsRequired)
        .min(1, ERROR_CODES.reportRecipientsRequired)
        .max(REPORT_LIMITS.recipientsMax, ERROR_CODES.reportRecipientsTooMany),
      production_unit_ids: yup
        .array(yup.string().required())
        .required(ERROR_CODES.reportUnitsRequired)
        .min(1, ERROR_CODES.reportUnitsRequired)
        .max(REPORT_LIMITS.unitsMax, ERROR_CODES.reportUnitsTooMany),
      work_shift_ids: yup
        .array(yup.string().required())
        .required(ERROR_CODES.reportShiftsRequired)
        .min(1, ERROR_CODES.reportShiftsRequired)
        .max(REPORT_LIMITS.shiftsMax, ERROR_CODES.reportShiftsTooMany),
      language: yup.string().oneOf([...LANGUAGES], ERROR_CODES.reportLanguageInvalid).required(ERROR_CODES.reportLanguageInvalid),
      day: yup
        .number()
        .nullable()
        .defined(ERROR_CODES.reportDayInvalid)
        .typeError(ERROR_CODES.reportDayInvalid)
        .test('day', ERROR_CODES.reportDayInvalid, function check(value) {
          return reportDayValid(this.parent.frequency as ReportFrequency, value ?? null);
        }),
      time: yup.string().required(ERROR_CODES.reportTimeInvalid).matches(TIME, ERROR_CODES.reportTimeInvalid),
      timezone: yup
        .string()
        .required(ERROR_CODES.reportTimezoneInvalid)
        .test('zone', ERROR_CODES.reportTimezoneInvalid, (v) => !!v && IANAZone.isValidZone(v)),
    })
    .noUnknown(true, ERROR_CODES.validation);
}

/** Whether `day` fits the frequency: none for daily, a weekday 1–7 for weekly, 1–28 for monthly. */
export function reportDayValid(frequency: ReportFrequency, day: number | null): boolean {
  if (frequency === 'daily') return day === null;
  if (day === null || !Number.isInteger(day)) return false;
  return frequency === 'weekly' ? day >= 1 && day <= 7 : day >= 1 && day <= REPORT_LIMITS.monthDayMax;
}

/** Recommendations (product §5, §9) the report goes beyond: a warning on screen, never a refusal. */
export function reportWarnings(input: Pick<EmailReportInput, 'production_unit_ids' | 'work_shift_ids'>): string[] {
  const out: string[] = [];
  if (input.production_unit_ids.length > REPORT_LIMITS.recommendedUnits) out.push(ERROR_CODES.reportUnitsAboveRecommended);
  if (input.work_shift_ids.length > REPORT_LIMITS.recommendedShifts) out.push(ERROR_CODES.reportShiftsAboveRecommended);
  return out;
}

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
