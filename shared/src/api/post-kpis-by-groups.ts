import type { AnalyticsInterval, AnalyticsWindow } from './analytics-window';
import { apiRequest } from './http';

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

/** POST /kpis/by-groups: times, counts and indicators per group, per interval and for the 11 preceding periods. */
export function postKpisByGroups(body: KpisByGroupsRequest, signal?: AbortSignal): Promise<KpisByGroupsResponse> {
  return apiRequest<KpisByGroupsResponse>('api', 'kpis/by-groups', { method: 'POST', body, signal });
}
