import type { EmailReport, EmailReportInput } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** PUT user/email-reports/{id}: replaces a report's settings. */
export function putEmailReport(id: string, body: EmailReportInput): Promise<EmailReport> {
  return apiRequest<EmailReport>('api', `user/email-reports/${encodeURIComponent(id)}`, { method: 'PUT', body });
}
