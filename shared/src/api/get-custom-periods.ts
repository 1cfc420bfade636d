import type { CustomPeriod } from '../rules';
import { apiRequest } from './http';

/** GET /custom-periods. */
export function getCustomPeriods(): Promise<CustomPeriod[]> {
  return apiRequest<CustomPeriod[]>('api', 'custom-periods');
}
