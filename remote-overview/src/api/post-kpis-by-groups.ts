import { queryOptions } from '@tanstack/react-query';
import type { KpisByGroupsRequest, KpisByGroupsResponse } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

/** POST /kpis/by-groups: times, counts and indicators per group, per interval and for the 11 preceding periods. */
export function postKpisByGroups(body: KpisByGroupsRequest, signal?: AbortSignal): Promise<KpisByGroupsResponse> {
  return apiRequest<KpisByGroupsResponse>('api', 'kpis/by-groups', { method: 'POST', body, signal });
}

/**
 * KPIs of one request body. The body is the key: the overview and a dashboard asking the same figures
 * share one request and one cache entry; another selection is another entry, so it starts empty.
 * `refetchMs` refreshes the figures in place (TV mode).
 */
export function kpisByGroupsQuery(body: KpisByGroupsRequest, refetchMs?: number) {
  return queryOptions({
    queryKey: ['kpis-by-groups', body] as const,
    queryFn: ({ signal }) => postKpisByGroups(body, signal),
    refetchInterval: refetchMs ?? false,
    // Live screens refetch it when the factory's facts change (decision 49).
    meta: LIVE_QUERY_META,
  });
}
