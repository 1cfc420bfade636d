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

/** Default interval by the window's length: < 7 days hour, < 30 day, < 90 week, < 365 month, else none. */
export function defaultInterval(window: TimeWindow, calendar: FactoryCalendar): Interval | null {
  const days = localDays(window, calendar);
  if (days < 7) return 'hour';
  if (days < 30) return 'day';
  if (days < 90) return 'week';
  if (days < 365) return 'month';
  return null;
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
