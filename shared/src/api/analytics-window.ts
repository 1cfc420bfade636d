import type { TimeOption } from '../rules';

/** Every time option the analytics calls accept (SPEC §3 options plus day and year). */
export type AnalyticsTimeOption = TimeOption | 'day' | 'year';

/**
 * The window of an analytics call: a time option (with `start_date`/`end_date`, yyyy-LL-dd, end
 * inclusive, for time_range) or explicit `start`/`end` ISO instants. Windows follow each factory's
 * calendar and are clipped to now on the server.
 */
export interface AnalyticsWindow {
  time_option?: AnalyticsTimeOption;
  start_date?: string;
  end_date?: string;
  start?: string;
  end?: string;
}

export type AnalyticsInterval = 'hour' | 'day' | 'week' | 'month';

/** What the production-unit calls select besides the window. */
export interface UnitSelection extends AnalyticsWindow {
  production_unit_ids: string[];
  /** Only time inside these shifts (all shifts when absent). */
  work_shift_ids?: string[];
  /** Only time while these products run (all products when absent). */
  product_ids?: string[];
}

/** Downtime measures of one production unit, durations in milliseconds. */
export interface DowntimeMeasures {
  /** Percent; null = N/D. */
  availability_rate: number | null;
  downtime_occurrences: number;
  total: number;
  planned: number;
  unplanned: number;
  unjustified: number;
  in_production: number;
  uptime: number;
}
