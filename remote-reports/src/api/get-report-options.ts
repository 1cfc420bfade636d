import { queryOptions } from '@tanstack/react-query';
import type { ReportOptions } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** GET factories/{factoryId}/user/email-reports/options: the lines and shifts a report can select. */
export function getReportOptions(factoryId: string, signal?: AbortSignal): Promise<ReportOptions> {
  return apiRequest<ReportOptions>('api', `factories/${encodeURIComponent(factoryId)}/user/email-reports/options`, { signal });
}

export function reportOptionsQuery(factoryId: string) {
  return queryOptions({ queryKey: ['email-reports', factoryId, 'options'] as const, queryFn: ({ signal }) => getReportOptions(factoryId, signal) });
}
