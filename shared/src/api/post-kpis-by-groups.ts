import type { KpisByGroupsRequest, KpisByGroupsResponse } from '@linepulse/contracts';
import { apiRequest } from './http';

/** POST /kpis/by-groups: times, counts and indicators per group, per interval and for the 11 preceding periods. */
export function postKpisByGroups(body: KpisByGroupsRequest, signal?: AbortSignal): Promise<KpisByGroupsResponse> {
  return apiRequest<KpisByGroupsResponse>('api', 'kpis/by-groups', { method: 'POST', body, signal });
}
