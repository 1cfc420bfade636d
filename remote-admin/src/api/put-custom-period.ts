import { apiRequest } from '@linepulse/shared';
import type { CustomPeriod, CustomPeriodInput } from '@linepulse/contracts';

/** PUT /custom-periods/{id} (admins): resolves with the stored period. */
export function putCustomPeriod(id: string, period: CustomPeriodInput): Promise<CustomPeriod> {
  return apiRequest<CustomPeriod>('api', `custom-periods/${encodeURIComponent(id)}`, { method: 'PUT', body: period });
}
