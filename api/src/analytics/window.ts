/**
 * Request windows of analytics calls: `time_option` (+ `start_date`/`end_date` for time_range) or
 * explicit `start`/`end` instants, validated as product §5 and §9 say; and interval buckets that follow
 * the factory's calendar.
 */
import { DateTime } from 'luxon';
import { apiError } from '../errors.ts';
import {
  DATA_AVAILABLE_FROM,
  ERROR_CODES,
  INTERVAL_RULES,
  defaultInterval,
  intervalBuckets,
  intervalProblem,
  localDays,
  productionDayStart,
  windowOf,
  type CustomPeriod,
  type FactoryCalendar,
  type Interval,
  type TimeRangeOption,
} from '@linepulse/contracts';
import { floorHour } from './derive.ts';

export interface WindowRequest {
  time_option?: TimeRangeOption;
  start_date?: string;
  end_date?: string;
  start?: string;
  end?: string;
}

export interface Window {
  start: number;
  end: number;
  option: TimeRangeOption;
}

const bad = (code: string, message: string, args: Record<string, string | number> = {}) => apiError(400, code, message, args);

/** The window of a request in a factory's calendar, or a 400 with a stable code. */
export function resolveWindow(req: WindowRequest, calendar: FactoryCalendar, now: number, customPeriods: readonly CustomPeriod[]): Window {
  const dataStart = productionDayStart(DATA_AVAILABLE_FROM, calendar).toMillis();
  if (req.start !== undefined || req.end !== undefined) {
    if (req.start === undefined || req.end === undefined) throw bad(ERROR_CODES.analyticsWindowRequired, 'Both start and end are required.');
    const start = Date.parse(req.start);
    const end = Date.parse(req.end);
    if (Number.isNaN(start)) throw bad(ERROR_CODES.analyticsDateInvalid, 'start is not an ISO-8601 instant.', { field: 'start' });
    if (Number.isNaN(end)) throw bad(ERROR_CODES.analyticsDateInvalid, 'end is not an ISO-8601 instant.', { field: 'end' });
    if (start >= end) throw bad(ERROR_CODES.analyticsStartNotBeforeEnd, 'start must be before end.');
    if (start < dataStart) {
      throw bad(ERROR_CODES.analyticsBeforeDataStart, 'No data exists before 1 September 2019.', { date: DATA_AVAILABLE_FROM });
    }
    const clippedEnd = Math.min(end, now);
    if (clippedEnd <= start) throw bad(ERROR_CODES.analyticsWindowEmpty, 'The window lies in the future.');
    return { start, end: clippedEnd, option: 'time_range' };
  }
  const option = req.time_option;
  if (!option) throw bad(ERROR_CODES.analyticsWindowRequired, 'A time_option or start and end are required.');
  if (option === 'time_range') {
    for (const field of ['start_date', 'end_date'] as const) {
      const value = req[field];
      if (!value || !DateTime.fromFormat(value, 'yyyy-LL-dd').isValid) throw bad(ERROR_CODES.analyticsDateInvalid, `${field} must be a date yyyy-LL-dd.`, { field });
    }
    if (req.start_date! > req.end_date!) throw bad(ERROR_CODES.analyticsStartNotBeforeEnd, 'start_date must not be after end_date.');
    if (req.start_date! < DATA_AVAILABLE_FROM) throw bad(ERROR_CODES.analyticsBeforeDataStart, 'No data exists before 1 September 2019.', { date: DATA_AVAILABLE_FROM });
  }
  const w = windowOf(option, {
    now: DateTime.fromMillis(now),
    calendar,
    startDate: req.start_date ?? null,
    endDate: req.end_date ?? null,
    customPeriods,
  });
  if (!w) {
    if (option === 'current_custom_period' || option === 'last_custom_period') throw apiError(404, ERROR_CODES.analyticsNoCustomPeriod, 'There is no such custom period.', { time_option: option });
    throw bad(ERROR_CODES.analyticsWindowEmpty, 'The window lies in the future.');
  }
  return { start: w.start.toMillis(), end: w.end.toMillis(), option };
}

/** The interval asked or the default one, validated against the window (product §9). */
export function resolveInterval(asked: Interval | undefined, w: Window, calendar: FactoryCalendar): Interval {
  const tw = { start: DateTime.fromMillis(w.start), end: DateTime.fromMillis(w.end) };
  const interval = asked ?? defaultInterval(tw, calendar);
  if (!interval) {
    // No interval fits: 365 days or more, or a window under the hour's minimum (a week begun minutes ago).
    if (localDays(tw, calendar) >= 365) throw bad(ERROR_CODES.analyticsIntervalNotAllowed, 'Not allowed: no interval for a range of 365 days or more.');
    throw bad(ERROR_CODES.analyticsIntervalTooShort, 'The hour interval needs a range of at least 1 hour.', { interval: 'hour' });
  }
  const problem = intervalProblem(interval, tw, calendar);
  const rule = INTERVAL_RULES[interval];
  if (problem === 'not_allowed') throw bad(ERROR_CODES.analyticsIntervalNotAllowed, 'Not allowed: no interval for a range of 365 days or more.', { interval });
  if (problem === 'too_long') throw bad(ERROR_CODES.analyticsIntervalTooLong, `The ${interval} interval is only available for ${rule.maxDays} days or less.`, { interval, max_days: rule.maxDays });
  if (problem === 'too_short') {
    const min = rule.minimum.hours ? `${rule.minimum.hours} hour` : `${rule.minimum.days} days`;
    throw bad(ERROR_CODES.analyticsIntervalTooShort, `The ${interval} interval needs a range of at least ${min}.`, { interval });
  }
  return interval;
}

export interface Bucket {
  /** hour: epoch ms of the local hour start (text); otherwise the first production day of the bucket. */
  key: string;
  start: number;
  end: number;
}

/**
 * Buckets of an interval covering the window, clipped to it, in the factory's calendar: the contracts'
 * rule (decision 0038), which the charts use to put each bucket at its local time. Hours are keyed here
 * by their start instant, as the reads key their sums.
 */
export function bucketsOf(interval: Interval, w: { start: number; end: number }, calendar: FactoryCalendar): Bucket[] {
  const buckets = intervalBuckets(interval, w, calendar);
  if (interval !== 'hour') return buckets;
  return buckets.map((b) => ({ key: String(floorHour(b.start, calendar.timezone)), start: b.start, end: b.end }));
}
