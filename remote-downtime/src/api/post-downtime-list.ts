import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DowntimeList, DowntimeListRequest } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

/** POST /production-units/downtimes: one page of the downtimes of a selection, sorted and filtered on the server. */
export function postDowntimeList(body: DowntimeListRequest, signal?: AbortSignal): Promise<DowntimeList> {
  return apiRequest<DowntimeList>('api', 'production-units/downtimes', { method: 'POST', body, signal });
}

/** One page of the list; the page shown stays on screen while the next one loads (no blank table between pages). */
export function downtimeListQuery(body: DowntimeListRequest) {
  return queryOptions({
    queryKey: ['downtime-list', body] as const,
    queryFn: ({ signal }) => postDowntimeList(body, signal), meta: LIVE_QUERY_META,
    placeholderData: keepPreviousData,
  });
}
