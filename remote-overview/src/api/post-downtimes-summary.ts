import type { DowntimesSummary, UnitSelection } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST v2/production-units/downtimes-summary: justification types, top unplanned reasons and categories. */
export function postDowntimesSummary(body: UnitSelection & { limit?: number }, signal?: AbortSignal): Promise<DowntimesSummary> {
  return apiRequest<DowntimesSummary>('api', 'v2/production-units/downtimes-summary', { method: 'POST', body, signal });
}
