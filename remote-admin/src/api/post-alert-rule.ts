import { apiRequest } from '@linepulse/shared';
import type { AlertRule, AlertRuleInput } from '@linepulse/contracts';

/** POST /factories/{id}/alert-rules (admins): the new rule. */
export function postAlertRule(factoryId: string, input: AlertRuleInput): Promise<AlertRule> {
  return apiRequest<AlertRule>('api', `factories/${encodeURIComponent(factoryId)}/alert-rules`, { method: 'POST', body: input });
}
