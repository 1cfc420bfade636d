import type { EmailReportInput, ReportPreview } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST factories/{factoryId}/user/email-reports/preview: the e-mail these settings would send now. */
export function postReportPreview(factoryId: string, body: EmailReportInput, signal?: AbortSignal): Promise<ReportPreview> {
  return apiRequest<ReportPreview>('api', `factories/${encodeURIComponent(factoryId)}/user/email-reports/preview`, { method: 'POST', body, signal });
}
