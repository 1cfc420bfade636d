import type { UnitWorkShifts } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET factories/{id}/assigned-work-shift-names: work shift names per production unit. */
export function getAssignedWorkShiftNames(factoryId: string): Promise<UnitWorkShifts[]> {
  return apiRequest<UnitWorkShifts[]>('api', `factories/${encodeURIComponent(factoryId)}/assigned-work-shift-names`);
}
