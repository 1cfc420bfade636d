import { queryOptions } from '@tanstack/react-query';
import type { EmailReport } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** GET factories/{factoryId}/user/email-reports: the caller's reports of the factory, by title. */
export function getEmailReports(factoryId: string, signal?: AbortSignal): Promise<EmailReport[]> {
  return apiRequest<EmailReport[]>('api', `factories/${encodeURIComponent(factoryId)}/user/email-reports`, { signal });
}

export function emailReportsQuery(factoryId: string) {
  return queryOptions({ queryKey: ['email-reports', factoryId] as const, queryFn: ({ signal }) => getEmailReports(factoryId, signal) });
}
