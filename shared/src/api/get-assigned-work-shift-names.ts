import { queryOptions } from '@tanstack/react-query';
import type { UnitWorkShifts } from '@linepulse/contracts';
import { factoryCacheOptions } from './factory-cache-options';
import { apiRequest } from './http';

/** GET factories/{id}/assigned-work-shift-names: work shift names per production unit. */
export function getAssignedWorkShiftNames(factoryId: string, signal?: AbortSignal): Promise<UnitWorkShifts[]> {
  return apiRequest<UnitWorkShifts[]>('api', `factories/${encodeURIComponent(factoryId)}/assigned-work-shift-names`, { signal });
}

/** A factory's work shift names per unit, kept 3600 s and checked every 120 s (product §4). */
export function factoryWorkShiftsQuery(factoryId: string) {
  return queryOptions({
    queryKey: ['factories', factoryId, 'assigned-work-shift-names'] as const,
    queryFn: ({ signal }) => getAssignedWorkShiftNames(factoryId, signal),
    ...factoryCacheOptions,
  });
}
