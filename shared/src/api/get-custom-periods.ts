import type { CustomPeriod } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET /custom-periods. */
export function getCustomPeriods(): Promise<CustomPeriod[]> {
  return apiRequest<CustomPeriod[]>('api', 'custom-periods');
}
