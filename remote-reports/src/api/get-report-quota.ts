import { queryOptions } from '@tanstack/react-query';
import type { ReportQuota } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** GET user/email-reports/quota: the account's package allowance and its reports (every user). */
export function getReportQuota(signal?: AbortSignal): Promise<ReportQuota> {
  return apiRequest<ReportQuota>('api', 'user/email-reports/quota', { signal });
}

export function reportQuotaQuery() {
  return queryOptions({ queryKey: ['email-reports', 'quota'] as const, queryFn: ({ signal }) => getReportQuota(signal) });
}
