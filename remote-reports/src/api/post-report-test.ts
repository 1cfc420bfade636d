import type { ReportDelivery } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST user/email-reports/{id}/test: sends the saved report now to the caller only. */
export function postReportTest(id: string): Promise<ReportDelivery> {
  return apiRequest<ReportDelivery>('api', `user/email-reports/${encodeURIComponent(id)}/test`, { method: 'POST' });
}
