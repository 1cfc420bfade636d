import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';

/** The account's allow-list of e-mail report recipients (decision 32), as the api answers it. */
export interface EmailReportRecipients {
  /** Addresses of this domain and its subdomains are always allowed, as are the account's users. */
  account_domain: string;
  /** Addresses (`name@partner.example`) or whole domains (`@partner.example`), stored lower case. */
  entries: string[];
}

/** GET /account/email-report-recipients (admins). */
export function getEmailReportRecipients(signal?: AbortSignal): Promise<EmailReportRecipients> {
  return apiRequest<EmailReportRecipients>('api', 'account/email-report-recipients', { signal });
}

export function emailReportRecipientsQuery() {
  return queryOptions({ queryKey: ['email-report-recipients'] as const, queryFn: ({ signal }) => getEmailReportRecipients(signal), staleTime: 0 });
}
