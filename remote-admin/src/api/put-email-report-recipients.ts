import { apiRequest } from '@linepulse/shared';
import type { EmailReportRecipients } from './get-email-report-recipients';

/** PUT /account/email-report-recipients (admins): replaces the allow-list; resolves with the stored one. */
export function putEmailReportRecipients(entries: readonly string[]): Promise<EmailReportRecipients> {
  return apiRequest<EmailReportRecipients>('api', 'account/email-report-recipients', { method: 'PUT', body: { entries } });
}
