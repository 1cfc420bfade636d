import { queryOptions } from '@tanstack/react-query';
import type { DowntimesSummary, UnitSelection } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

export type DowntimesSummaryRequest = UnitSelection & { limit?: number };

/** POST v2/production-units/downtimes-summary: justification types, top unplanned reasons and categories. */
export function postDowntimesSummary(body: DowntimesSummaryRequest, signal?: AbortSignal): Promise<DowntimesSummary> {
  return apiRequest<DowntimesSummary>('api', 'v2/production-units/downtimes-summary', { method: 'POST', body, signal });
}

/** The downtime summary of one selection (one request in flight per body). */
export function downtimesSummaryQuery(body: DowntimesSummaryRequest) {
  return queryOptions({ queryKey: ['downtimes-summary', body] as const, queryFn: ({ signal }) => postDowntimesSummary(body, signal), meta: LIVE_QUERY_META });
}
