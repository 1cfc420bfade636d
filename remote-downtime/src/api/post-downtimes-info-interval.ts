import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsInterval, DowntimeIntervalStats, UnitSelection } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

export type DowntimesIntervalRequest = UnitSelection & { interval?: AnalyticsInterval };

/** POST /production-units/downtimes-info-interval: per unit and interval (default by window length). */
export function postDowntimesInfoInterval(body: DowntimesIntervalRequest, signal?: AbortSignal): Promise<DowntimeIntervalStats[]> {
  return apiRequest<DowntimeIntervalStats[]>('api', 'production-units/downtimes-info-interval', { method: 'POST', body, signal });
}

/** The heatmap's figures of one selection and interval (one request in flight per body). */
export function downtimesIntervalQuery(body: DowntimesIntervalRequest) {
  return queryOptions({ queryKey: ['downtimes-info-interval', body] as const, queryFn: ({ signal }) => postDowntimesInfoInterval(body, signal), meta: LIVE_QUERY_META });
}
