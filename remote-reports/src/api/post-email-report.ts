import type { EmailReport, EmailReportInput } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST factories/{factoryId}/user/email-reports: creates a report (counted against the package). */
export function postEmailReport(factoryId: string, body: EmailReportInput): Promise<EmailReport> {
  return apiRequest<EmailReport>('api', `factories/${encodeURIComponent(factoryId)}/user/email-reports`, { method: 'POST', body });
}
