import type { UnitSelection } from '@linepulse/contracts';
import { apiRequest } from './http';

export interface TopDowntimeReason {
  downtime_reason_id: string;
  downtime_reason: string;
  category: string;
  is_planned: boolean;
  total_downtime_duration_seconds: number;
}

/** POST /top-downtime-reasons: the top `limit` (default 5) planned, then the top `limit` unplanned reasons. */
export function postTopDowntimeReasons(body: UnitSelection & { limit?: number }, signal?: AbortSignal): Promise<TopDowntimeReason[]> {
  return apiRequest<TopDowntimeReason[]>('api', 'top-downtime-reasons', { method: 'POST', body, signal });
}
