import { apiRequest } from '@linepulse/shared';

/** DELETE /custom-periods/{id} (admins). */
export function deleteCustomPeriod(id: string): Promise<void> {
  return apiRequest<void>('api', `custom-periods/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
