/** Wire contracts of the analytics calls, shared by the api (which answers them) and the apps. */
import type { TimeOption } from './constants';

/** Every time option the analytics calls accept (product §3 options plus day and year). */
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

export const DOWNTIME_TYPES = ['planned', 'unplanned', 'unjustified'] as const;
export type DowntimeType = (typeof DOWNTIME_TYPES)[number];

/** A group of production units of one factory whose times and counts are summed before dividing. */
export interface KpiGroupRequest {
  name: string;
  factory_id: string;
  production_unit_ids: string[];
  work_shift_ids?: string[];
  product_ids?: string[];
  /** Which downtime durations are reported (the indicators always use all of them). */
  downtime_types?: DowntimeType[];
}

export interface KpisByGroupsRequest extends AnalyticsWindow {
  groups: KpiGroupRequest[];
  interval?: AnalyticsInterval;
  /** Also the 11 preceding periods of the same kind. */
  preceding_periods?: boolean;
}

/** Times (ms), counts and indicators (fractions 0–1; null = N/D) of a group over a period. */
export interface Kpis {
  calendar_ms: number;
  scheduled_ms: number;
  planned_downtime_ms: number;
  unplanned_downtime_ms: number;
  unjustified_downtime_ms: number;
  uptime_ms: number;
  good: number;
  rejected: number;
  downtime_occurrences: number;
  availability: number | null;
  ooe_availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  ooe: number | null;
  teep: number | null;
}

export interface PeriodKpis extends Kpis {
  start_time: string;
  end_time: string;
}

export interface KpiGroupResult {
  name: string;
  factory_id: string;
  start_time: string;
  end_time: string;
  total: Kpis;
  interval?: AnalyticsInterval;
  intervals?: PeriodKpis[];
  /** The 11 preceding periods, oldest first. */
  preceding_periods?: PeriodKpis[];
}

export interface KpisByGroupsResponse {
  groups: KpiGroupResult[];
}
