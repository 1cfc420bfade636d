import { DateTime } from 'luxon';
import * as yup from 'yup';
import { DATA_AVAILABLE_FROM, DATE_FORMAT, type ExportFormat, type ExportInterval, type ExportKind } from '@linepulse/contracts';

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

const isDate = (value: string | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromFormat(value, DATE_FORMAT).isValid;
const days = (start: string, end: string): number => DateTime.fromFormat(end, DATE_FORMAT).diff(DateTime.fromFormat(start, DATE_FORMAT), 'days').days + 1;

/** The export form's rules, the same as the api's: at least one line, dates from 1 September 2019 up to today, at most a year. */
export function exportSchema(today: string): yup.ObjectSchema<ExportValues> {
  const date = (required: string) =>
    yup
      .string()
      .required(required)
      .test('format', 'format', (value) => !value || isDate(value))
      .test('beforeDataStart', 'beforeDataStart', (value) => !isDate(value) || value >= DATA_AVAILABLE_FROM)
      .test('future', 'future', (value) => !isDate(value) || value <= today);
  return yup.object({
    unitIds: yup.array(yup.string().required()).min(1, 'unitsRequired').required(),
    startDate: date('startRequired'),
    endDate: date('endRequired')
      .test('startAfterEnd', 'startAfterEnd', function check(value) {
        const start = this.parent.startDate as string | undefined;
        return !isDate(value) || !isDate(start) || start <= value;
      })
      .test('tooLong', 'tooLong', function check(value) {
        const start = this.parent.startDate as string | undefined;
        return !isDate(value) || !isDate(start) || start > value || days(start, value) <= EXPORT_MAX_DAYS;
      }),
    kind: yup.mixed<ExportKind>().oneOf(['downtimes', 'production', 'events']).required(),
    interval: yup.mixed<ExportInterval>().oneOf(['hour', 'shift', 'day']).required(),
    format: yup.mixed<ExportFormat>().oneOf(['csv', 'xlsx']).required(),
  }) as yup.ObjectSchema<ExportValues>;
}

/** The export call's path and query for the values (the interval only for production). */
export function exportPath(factoryId: string, values: ExportValues): string {
  const query = new URLSearchParams({ kind: values.kind, format: values.format, start_date: values.startDate, end_date: values.endDate });
  if (values.kind === 'production') query.set('interval', values.interval);
  query.set('production_unit_ids', values.unitIds.join(','));
  return `factories/${encodeURIComponent(factoryId)}/export?${query.toString()}`;
}
