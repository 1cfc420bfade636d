import { DateTime } from 'luxon';
import * as yup from 'yup';
import { DATE_FORMAT, dateRangeSchema, type ExportFormat, type ExportInterval, type ExportKind } from '@linepulse/contracts';

/** The longest export, in days (the api's limit: a year, leap years included). */
export const EXPORT_MAX_DAYS = 366;

export interface ExportValues {
  unitIds: string[];
  startDate: string;
  endDate: string;
  kind: ExportKind;
  interval: ExportInterval;
  format: ExportFormat;
}

const days = (start: string, end: string): number => DateTime.fromFormat(end, DATE_FORMAT).diff(DateTime.fromFormat(start, DATE_FORMAT), 'days').days + 1;

/**
 * The export form's rules, the same as the api's: the platform's date-range rules (both dates, from
 * 1 September 2019, up to today, start not after end) plus at most a year, and at least one line.
 */
export function exportSchema(today: string): yup.ObjectSchema<ExportValues> {
  const range = dateRangeSchema(today);
  return range.shape({
    endDate: (range.fields.endDate as yup.StringSchema<string>).test('tooLong', 'tooLong', function check(value) {
      const start = this.parent.startDate as string | undefined;
      return !value || !start || start > value || !DateTime.fromFormat(value, DATE_FORMAT).isValid || !DateTime.fromFormat(start, DATE_FORMAT).isValid || days(start, value) <= EXPORT_MAX_DAYS;
    }),
    unitIds: yup.array(yup.string().required()).min(1, 'unitsRequired').required(),
    kind: yup.mixed<ExportKind>().oneOf(['downtimes', 'production', 'events']).required(),
    interval: yup.mixed<ExportInterval>().oneOf(['hour', 'shift', 'day']).required(),
    format: yup.mixed<ExportFormat>().oneOf(['csv', 'xlsx']).required(),
  }) as unknown as yup.ObjectSchema<ExportValues>;
}

/** The export call's path and query for the values (the interval only for production). */
export function exportPath(factoryId: string, values: ExportValues): string {
  const query = new URLSearchParams({ kind: values.kind, format: values.format, start_date: values.startDate, end_date: values.endDate });
  if (values.kind === 'production') query.set('interval', values.interval);
  query.set('production_unit_ids', values.unitIds.join(','));
  return `factories/${encodeURIComponent(factoryId)}/export?${query.toString()}`;
}
