import { apiRequest } from '@linepulse/shared';
import type { AlertRule, AlertRuleInput } from '@linepulse/contracts';

/** PUT /factories/{id}/alert-rules/{ruleId} (admins): the rule as changed; a webhook secret not sent is kept. */
export function putAlertRule(factoryId: string, ruleId: string, input: AlertRuleInput): Promise<AlertRule> {
  return apiRequest<AlertRule>('api', `factories/${encodeURIComponent(factoryId)}/alert-rules/${encodeURIComponent(ruleId)}`, { method: 'PUT', body: input });
}
