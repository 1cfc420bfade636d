import { apiRequest } from '@linepulse/shared';

/** DELETE /factories/{id}/alert-rules/{ruleId} (admins): the rule and its alerts. */
export function deleteAlertRule(factoryId: string, ruleId: string): Promise<void> {
  return apiRequest<void>('api', `factories/${encodeURIComponent(factoryId)}/alert-rules/${encodeURIComponent(ruleId)}`, { method: 'DELETE' });
}
