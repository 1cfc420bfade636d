import { apiRequest } from '@linepulse/shared';
import type { CustomPeriod, CustomPeriodInput } from '@linepulse/contracts';

/** POST /custom-periods (admins): resolves with the stored period. */
export function postCustomPeriod(period: CustomPeriodInput): Promise<CustomPeriod> {
  return apiRequest<CustomPeriod>('api', 'custom-periods', { method: 'POST', body: period });
}
