import { queryOptions } from '@tanstack/react-query';
import type { DowntimeInfo, UnitSelection } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

/** POST /production-units/downtimes-info: downtime per production unit over the window (ms). */
export function postDowntimesInfo(body: UnitSelection, signal?: AbortSignal): Promise<DowntimeInfo[]> {
  return apiRequest<DowntimeInfo[]>('api', 'production-units/downtimes-info', { method: 'POST', body, signal });
}

/**
 * Per-unit downtime of one selection. The query key is the body: a second identical request while one
 * is in flight joins it (product §4's fetching flag), a changed selection is a new request.
 */
export function downtimesInfoQuery(body: UnitSelection) {
  return queryOptions({ queryKey: ['downtimes-info', body] as const, queryFn: ({ signal }) => postDowntimesInfo(body, signal), meta: LIVE_QUERY_META });
}
