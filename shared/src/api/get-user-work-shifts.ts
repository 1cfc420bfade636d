import type { UserUnitWorkShifts } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET user/work-shifts: work shifts of every production unit the user may see. */
export function getUserWorkShifts(signal?: AbortSignal): Promise<UserUnitWorkShifts[]> {
  return apiRequest<UserUnitWorkShifts[]>('api', 'user/work-shifts', { signal });
}
