import * as yup from 'yup';
import { DateTime } from 'luxon';
import { CUSTOM_PERIOD_MAX_DAYS, CUSTOM_PERIOD_NAME_MAX, DATE_FORMAT } from './constants';
import { ERROR_CODES } from './errors';
import type { CustomPeriodInput } from './custom-period';
import { nameLength } from './saved-filters';
import { isCalendarDate } from './time-windows';

/**
 * Custom periods (product §5, §8): the rules of the admin form and of POST/PUT /custom-periods, written
 * once. The yup schema's messages are error codes (the form translates them, the api answers them);
 * duplicate names and overlaps need the other periods, so they are a separate pure check both call.
 *
 * No TypeBox here (the admin's form imports these): the wire schema is in custom-period.ts, which
 * re-exports them.
 */

/** Letters (accented included, precomposed or with combining marks), digits, hyphen, underscore, space. */
export const CUSTOM_PERIOD_NAME_PATTERN = /^[\p{L}\p{M}\p{N}_\- ]+$/u;

/** Placeholders of the translated messages (the limits the codes speak of). */
export const CUSTOM_PERIOD_ERROR_ARGUMENTS: Readonly<Record<string, Record<string, number>>> = {
  [ERROR_CODES.customPeriodNameTooLong]: { max: CUSTOM_PERIOD_NAME_MAX },
  [ERROR_CODES.customPeriodTooLong]: { max: CUSTOM_PERIOD_MAX_DAYS },
};

/**
 * A date of the period, or null when the value is not one (isCalendarDate): the rules read the other
 * field's raw value too (start before end), which may be anything a client sent — a number, an object.
 */
function parsedDate(value: unknown): DateTime | null {
  if (!isCalendarDate(value)) return null;
  const date = DateTime.fromFormat(value, DATE_FORMAT, { zone: 'utc' });
  return date.isValid ? date : null;
}

/** Days a period covers, both ends included (the list's day count); null when a date is not a date. */
export function customPeriodDays(startDate: string, endDate: string): number | null {
  const start = parsedDate(startDate);
  const end = parsedDate(endDate);
  if (!start || !end) return null;
  return Math.round(end.diff(start, 'days').days) + 1;
}

/**
 * The rules that need nothing but the period itself: name required (blank counts as missing), at most
 * 6 characters as people count them, only allowed characters; both dates real yyyy-LL-dd dates; start
 * strictly before end; at most 185 days covered.
 */
export function customPeriodSchema(): yup.ObjectSchema<CustomPeriodInput> {
  const date = (requiredCode: string) =>
    yup
      .string()
      .required(requiredCode)
      .test('date', ERROR_CODES.validation, (value) => !value || parsedDate(value) !== null);
  return yup
    .object({
      name: yup
        .string()
        .test('required', ERROR_CODES.customPeriodNameRequired, (value) => typeof value === 'string' && value.trim() !== '')
        .test('max', ERROR_CODES.customPeriodNameTooLong, (value) => !value || nameLength(value.trim()) <= CUSTOM_PERIOD_NAME_MAX)
        .test('chars', ERROR_CODES.customPeriodNameInvalid, (value) => !value || value.trim() === '' || CUSTOM_PERIOD_NAME_PATTERN.test(value.trim()))
        .defined(ERROR_CODES.customPeriodNameRequired),
      start_date: date(ERROR_CODES.customPeriodStartRequired),
      end_date: date(ERROR_CODES.customPeriodEndRequired)
        .test('order', ERROR_CODES.customPeriodStartNotBeforeEnd, function order(value) {
          const start = parsedDate(this.parent.start_date);
          const end = parsedDate(value);
          return !start || !end || start < end;
        })
        .test('coverage', ERROR_CODES.customPeriodTooLong, function coverage(value) {
          const days = value && typeof this.parent.start_date === 'string' ? customPeriodDays(this.parent.start_date, value) : null;
          return days === null || days <= 0 || days <= CUSTOM_PERIOD_MAX_DAYS;
        }),
    })
    .noUnknown(true, ERROR_CODES.validation)
    .strict(true) as yup.ObjectSchema<CustomPeriodInput>;
}

/** A stored period another one is checked against. */
export interface CustomPeriodSpan {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
}

/** A problem of a period among the others: the field it concerns, its code and the other period's name. */
export interface CustomPeriodConflict {
  field: 'name' | 'start_date';
  code: typeof ERROR_CODES.customPeriodDuplicateName | typeof ERROR_CODES.customPeriodOverlap;
  name: string;
}

/**
 * Duplicate name (trimmed, any case) and overlap (both ends inclusive) with the other periods of the
 * account; `ownId` is the edited period, which is not compared with itself. Meant for a period the schema
 * accepted.
 */
export function customPeriodConflicts(period: CustomPeriodInput, periods: readonly CustomPeriodSpan[], ownId: string | null = null): CustomPeriodConflict[] {
  const others = periods.filter((other) => other.id !== ownId);
  const conflicts: CustomPeriodConflict[] = [];
  const key = period.name.trim().toLocaleLowerCase('en');
  const sameName = others.find((other) => other.name.trim().toLocaleLowerCase('en') === key);
  if (sameName) conflicts.push({ field: 'name', code: ERROR_CODES.customPeriodDuplicateName, name: sameName.name });
  // The earliest one it overlaps, whatever order the list came in.
  const overlapping = [...others].sort((a, b) => (a.start_date < b.start_date ? -1 : 1)).find((other) => other.start_date <= period.end_date && period.start_date <= other.end_date);
  if (overlapping) conflicts.push({ field: 'start_date', code: ERROR_CODES.customPeriodOverlap, name: overlapping.name });
  return conflicts;
}
