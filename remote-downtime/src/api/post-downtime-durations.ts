import { queryOptions } from '@tanstack/react-query';
import type { DowntimeDurations, DowntimeFilter } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

/** POST /production-units/downtime-durations: the distribution of downtime durations with its percentiles. */
export function postDowntimeDurations(body: DowntimeFilter, signal?: AbortSignal): Promise<DowntimeDurations> {
  return apiRequest<DowntimeDurations>('api', 'production-units/downtime-durations', { method: 'POST', body, signal });
}

/** The durations histogram of one selection (one request in flight per body). */
export function downtimeDurationsQuery(body: DowntimeFilter) {
  return queryOptions({ queryKey: ['downtime-durations', body] as const, queryFn: ({ signal }) => postDowntimeDurations(body, signal), meta: LIVE_QUERY_META });
}
