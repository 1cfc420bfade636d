import type { AnalyticsInterval, DowntimeMeasures, UnitSelection } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

export interface DowntimeInterval extends DowntimeMeasures {
  start_time: string;
  end_time: string;
}

export interface DowntimeIntervalStats {
  production_unit_id: string;
  production_unit_name: string;
  downtimes_per_interval: DowntimeInterval[];
}

/** POST /production-units/downtimes-info-interval: per unit and interval (default by window length). */
export function postDowntimesInfoInterval(
  body: UnitSelection & { interval?: AnalyticsInterval },
  signal?: AbortSignal,
): Promise<DowntimeIntervalStats[]> {
  return apiRequest<DowntimeIntervalStats[]>('api', 'production-units/downtimes-info-interval', { method: 'POST', body, signal });
}
