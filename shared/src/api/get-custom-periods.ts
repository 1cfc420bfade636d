import { queryOptions } from '@tanstack/react-query';
import type { CustomPeriod } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET /custom-periods. */
export function getCustomPeriods(signal?: AbortSignal): Promise<CustomPeriod[]> {
  return apiRequest<CustomPeriod[]>('api', 'custom-periods', { signal });
}

/** The account's custom periods, loaded once at sign-in (product §4); a change invalidates this key. */
export function customPeriodsQuery() {
  return queryOptions({
    queryKey: ['custom-periods'] as const,
    queryFn: ({ signal }) => getCustomPeriods(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
