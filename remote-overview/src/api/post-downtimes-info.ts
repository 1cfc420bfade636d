import type { DowntimeInfo, UnitSelection } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST /production-units/downtimes-info: downtime per production unit over the window (ms). */
export function postDowntimesInfo(body: UnitSelection, signal?: AbortSignal): Promise<DowntimeInfo[]> {
  return apiRequest<DowntimeInfo[]>('api', 'production-units/downtimes-info', { method: 'POST', body, signal });
}
