import { queryOptions } from '@tanstack/react-query';
import type { TopDowntimeReason, UnitSelection } from '@linepulse/contracts';
import { apiRequest } from './http';
import { LIVE_QUERY_META } from '../live/use-live-updates';

export type TopDowntimeReasonsRequest = UnitSelection & { limit?: number };

/** POST /top-downtime-reasons: the top `limit` (default 5) planned, then the top `limit` unplanned reasons. */
export function postTopDowntimeReasons(body: TopDowntimeReasonsRequest, signal?: AbortSignal): Promise<TopDowntimeReason[]> {
  return apiRequest<TopDowntimeReason[]>('api', 'top-downtime-reasons', { method: 'POST', body, signal });
}

/** The top causes of one request body; `refetchMs` refreshes them in place (TV mode). */
export function topDowntimeReasonsQuery(body: TopDowntimeReasonsRequest, refetchMs?: number) {
  return queryOptions({
    queryKey: ['top-downtime-reasons', body] as const,
    queryFn: ({ signal }) => postTopDowntimeReasons(body, signal),
    refetchInterval: refetchMs ?? false,
    meta: LIVE_QUERY_META,
  });
}
