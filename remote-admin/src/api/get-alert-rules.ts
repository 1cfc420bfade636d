import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';
import type { AlertRule } from '@linepulse/contracts';

/** GET /factories/{id}/alert-rules (admins): the factory's rules, oldest first, without their webhook secrets. 403 ALERT_CAPABILITY_REQUIRED without the capability. */
export function getAlertRules(factoryId: string, signal?: AbortSignal): Promise<AlertRule[]> {
  return apiRequest<AlertRule[]>('api', `factories/${encodeURIComponent(factoryId)}/alert-rules`, { signal });
}

export function alertRulesQuery(factoryId: string) {
  return queryOptions({ queryKey: ['alert-rules', factoryId] as const, queryFn: ({ signal }) => getAlertRules(factoryId, signal), staleTime: 0 });
}
