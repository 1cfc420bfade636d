/** Chart and heatmap intervals (product §5, §9). */
import type { FactoryCalendar, TimeWindow } from './time-windows';
import { localDays } from './time-windows';

export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

export const INTERVAL_RULES: Record<Interval, { identifier: string; maxDays: number; minimum: { hours?: number; days?: number } }> = {
  hour: { identifier: 'H', maxDays: 14, minimum: { hours: 1 } },
  day: { identifier: 'D', maxDays: 30, minimum: { days: 1 } },
  week: { identifier: 'W', maxDays: 60, minimum: { days: 7 } },
  month: { identifier: 'Month', maxDays: 365, minimum: { days: 31 } },
};

/** Product §9's default by the window's length alone: < 7 days hour, < 30 day, < 90 week, < 365 month, else none. */
export function lengthDefaultInterval(days: number): Interval | null {
  if (days < 7) return 'hour';
  if (days < 30) return 'day';
  if (days < 90) return 'week';
  if (days < 365) return 'month';
  return null;
}

/**
 * The interval a window gets when none is picked (decision 0036). Product §9's default by length, when
 * the window allows it; otherwise the nearest allowed interval, coarser ones first: from 61 to 89 days the
 * week's 60-day maximum refuses the length default, so such windows (last 90 days in a 31-day month,
 * a time range) get month. Null when no interval is allowed: 365 days or more ("Not allowed"), or a window
 * shorter than the hour's minimum (a week or month that began less than an hour ago).
 */
export function defaultInterval(window: TimeWindow, calendar: FactoryCalendar): Interval | null {
  const preferred = lengthDefaultInterval(localDays(window, calendar));
  if (preferred === null) return null;
  const at = INTERVALS.indexOf(preferred);
  const order = [...INTERVALS.slice(at), ...INTERVALS.slice(0, at).reverse()];
  return order.find((interval) => intervalProblem(interval, window, calendar) === null) ?? null;
}

/** The intervals a window allows, finest first (empty from 365 days on, and under one hour). */
export function allowedIntervals(window: TimeWindow, calendar: FactoryCalendar): Interval[] {
  return INTERVALS.filter((interval) => intervalProblem(interval, window, calendar) === null);
}

export type IntervalProblem = 'not_allowed' | 'too_long' | 'too_short';

/**
 * Why an interval cannot be used for a window, or null when it can. A window of 365 days or more
 * allows no interval ("Not allowed"); each interval has a maximum and a minimum span.
 */
export function intervalProblem(interval: Interval, window: TimeWindow, calendar: FactoryCalendar): IntervalProblem | null {
  const days = localDays(window, calendar);
  if (days >= 365) return 'not_allowed';
  const rule = INTERVAL_RULES[interval];
  if (days > rule.maxDays) return 'too_long';
  const hours = window.end.diff(window.start, 'hours').hours;
  if (rule.minimum.hours !== undefined && hours < rule.minimum.hours) return 'too_short';
  if (rule.minimum.days !== undefined && days < rule.minimum.days) return 'too_short';
  return null;
}
