import type { EmailReport } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** PUT user/email-reports/{id}/active: turns a report on or off. */
export function putReportActive(id: string, active: boolean): Promise<EmailReport> {
  return apiRequest<EmailReport>('api', `user/email-reports/${encodeURIComponent(id)}/active`, { method: 'PUT', body: { active } });
}
