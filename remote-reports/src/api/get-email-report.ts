import { queryOptions } from '@tanstack/react-query';
import type { EmailReport } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** GET user/email-reports/{id}: one of the caller's reports. */
export function getEmailReport(id: string, signal?: AbortSignal): Promise<EmailReport> {
  return apiRequest<EmailReport>('api', `user/email-reports/${encodeURIComponent(id)}`, { signal });
}

export function emailReportQuery(id: string) {
  return queryOptions({ queryKey: ['email-report', id] as const, queryFn: ({ signal }) => getEmailReport(id, signal) });
}
