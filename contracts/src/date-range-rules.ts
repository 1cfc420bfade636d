import * as yup from 'yup';
import { DateTime } from 'luxon';
import { DATA_AVAILABLE_FROM, DATE_FORMAT } from './constants';

/**
 * A date range's rules (product §5), written once for every form that asks for one: the period picker's
 * custom range and the production export. The messages are codes the forms translate.
 *
 * Here rather than in the platform (it was `dateRangeSchema` of `@linepulse/shared` 1.x): a platform
 * export is part of the platform's module, so yup came with every first page although only these forms
 * use it. Each form's chunk now brings the rule, and yup arrives with the first form (issue 23).
 */
const isDate = (value: string | undefined): boolean => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromFormat(value, DATE_FORMAT).isValid;

/** Both dates required, yyyy-LL-dd, from DATA_AVAILABLE_FROM, start not after end, neither after `max` (today). */
export function dateRangeSchema(max: string): yup.ObjectSchema<{ startDate: string; endDate: string }> {
  const date = (required: string) =>
    yup
      .string()
      .required(required)
      .test('format', 'format', (value) => !value || isDate(value))
      .test('beforeDataStart', 'beforeDataStart', (value) => !isDate(value) || (value as string) >= DATA_AVAILABLE_FROM)
      .test('future', 'future', (value) => !isDate(value) || (value as string) <= max);
  return yup.object({
    startDate: date('startRequired'),
    endDate: date('endRequired').test('startAfterEnd', 'startAfterEnd', function check(value) {
      const start = this.parent.startDate as string | undefined;
      return !isDate(value) || !isDate(start) || (start as string) <= (value as string);
    }),
  });
}
