/**
 * Scheduled e-mail reports (product §3, §5, §8): what a report may be and the rules the form (yup +
 * formik) and the api both run. No TypeBox here (the reports' form imports these): the wire schemas and
 * the scheduling are in email-reports.ts, which re-exports them.
 */
import * as yup from 'yup';
import { IANAZone } from 'luxon';
import { FREE_PACKAGE_REPORT_LIMIT, LANGUAGES, type Language } from './constants';
import { ERROR_CODES } from './errors';
import { FACTORY_NAME_PATTERN } from './factory';

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
