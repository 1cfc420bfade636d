import { apiRequest } from '@linepulse/shared';

/** DELETE user/email-reports/{id}: deletes a report and its history. */
export function deleteEmailReport(id: string): Promise<void> {
  return apiRequest<void>('api', `user/email-reports/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
