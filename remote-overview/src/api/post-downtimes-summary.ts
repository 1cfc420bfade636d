import type { UnitSelection } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

export interface DowntimesSummary {
  justification_type_count_summary: { planned: number; unplanned: number; unjustified: number; mixed: number; partially_justified: number };
  top_unplanned_downtimes: { downtime_reason_id: string; downtime_reason: string; category: string; total_downtime_duration_seconds: number }[];
  top_downtime_categories: { category: string; total_downtime_duration_seconds: number }[];
}

/** POST v2/production-units/downtimes-summary: justification types, top unplanned reasons and categories. */
export function postDowntimesSummary(body: UnitSelection & { limit?: number }, signal?: AbortSignal): Promise<DowntimesSummary> {
  return apiRequest<DowntimesSummary>('api', 'v2/production-units/downtimes-summary', { method: 'POST', body, signal });
}
