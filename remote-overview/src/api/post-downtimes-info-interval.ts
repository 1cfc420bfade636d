import type { AnalyticsInterval, DowntimeIntervalStats, UnitSelection } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST /production-units/downtimes-info-interval: per unit and interval (default by window length). */
export function postDowntimesInfoInterval(
  body: UnitSelection & { interval?: AnalyticsInterval },
  signal?: AbortSignal,
): Promise<DowntimeIntervalStats[]> {
  return apiRequest<DowntimeIntervalStats[]>('api', 'production-units/downtimes-info-interval', { method: 'POST', body, signal });
}
