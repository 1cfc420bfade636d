import { ValidationError } from 'yup';
import {
  LANGUAGES,
  REPORT_LIMITS,
  REPORT_TEMPLATES,
  emailReportSchema,
  reportWarnings,
  type EmailReport,
  type EmailReportInput,
  type Language,
  type ReportOptions,
  type ReportTemplate,
} from '@linepulse/contracts';

/**
 * The report form's values: the wire input, with recipients as the text the user types (addresses
 * separated by commas, semicolons, spaces or lines) and the day as the select's string.
 */
export interface ReportFormValues extends Omit<EmailReportInput, 'recipients' | 'day'> {
  recipientsText: string;
  day: string;
}

export type ReportFormErrors = Partial<Record<keyof ReportFormValues, string>>;

const schema = emailReportSchema();

export function isReportTemplate(value: string | undefined): value is ReportTemplate {
  return (REPORT_TEMPLATES as readonly string[]).includes(value ?? '');
}

export function splitRecipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/** The wire input of the form's values (what the rules and the api judge). */
export function toReportInput(values: ReportFormValues): EmailReportInput {
  const { recipientsText, day, ...rest } = values;
  return { ...rest, recipients: splitRecipients(recipientsText), day: values.frequency === 'daily' || day === '' ? null : Number(day) };
}

/** A new report from a template: the user's address, the first 5 lines and shifts, the factory's zone. */
export function newReportValues(
  template: ReportTemplate,
  options: ReportOptions,
  context: { email: string | null; language: string; timezone: string },
): ReportFormValues {
  const language: Language = (LANGUAGES as readonly string[]).includes(context.language) ? (context.language as Language) : 'en';
  return {
    title: '',
    template,
    frequency: 'daily',
    schedule_type: 'last',
    duration: 1,
    time_unit: 'day',
    recipientsText: context.email ?? '',
    production_unit_ids: options.production_units.slice(0, REPORT_LIMITS.recommendedUnits).map((u) => u.id),
    work_shift_ids: options.work_shifts.slice(0, REPORT_LIMITS.recommendedShifts).map((s) => s.id),
    language,
    day: '',
    time: '07:00',
    timezone: context.timezone,
  };
}

export function reportValuesOf(report: EmailReport): ReportFormValues {
  return {
    title: report.title,
    template: report.template,
    frequency: report.frequency,
    schedule_type: report.schedule_type,
    duration: report.duration,
    time_unit: report.time_unit,
    recipientsText: report.recipients.join(', '),
    production_unit_ids: report.production_unit_ids,
    work_shift_ids: report.work_shift_ids,
    language: report.language,
    day: report.day === null ? '' : String(report.day),
    time: report.time,
    timezone: report.timezone,
  };
}

/** Product §5 through the shared rules: one error code per field (the first), as formik wants them. */
export function validateReportValues(values: ReportFormValues): ReportFormErrors {
  try {
    schema.validateSync(toReportInput(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: ReportFormErrors = {};
    for (const issue of error.inner.length ? error.inner : [error]) {
      const path = (issue.path ?? '').replace(/\[\d+\]$/, '');
      const field = (path === 'recipients' ? 'recipientsText' : path) as keyof ReportFormValues;
      errors[field] ??= String(issue.message);
    }
    return errors;
  }
}

/** The form's fields in the order the page shows them: the first in error takes the focus. */
export const REPORT_FIELD_ORDER: readonly (keyof ReportFormValues)[] = [
  'title',
  'template',
  'frequency',
  'day',
  'time',
  'timezone',
  'schedule_type',
  'duration',
  'time_unit',
  'recipientsText',
  'production_unit_ids',
  'work_shift_ids',
  'language',
];

/** The first field in error, in the page's order; null when none is. */
export function firstInvalidField(errors: Partial<Record<keyof ReportFormValues, unknown>>): keyof ReportFormValues | null {
  return REPORT_FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

/** Warnings (not refusals) beyond the recommended 5 lines and 5 shifts. */
export function reportFormWarnings(values: ReportFormValues): string[] {
  return reportWarnings(values);
}
