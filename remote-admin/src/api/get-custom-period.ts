import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';
import type { CustomPeriod } from '@linepulse/contracts';

/** GET /custom-periods/{id} (admins). */
export function getCustomPeriod(id: string, signal?: AbortSignal): Promise<CustomPeriod> {
  return apiRequest<CustomPeriod>('api', `custom-periods/${encodeURIComponent(id)}`, { signal });
}

/** The edited period, read fresh when the edition page opens (another admin may have changed it). */
export function customPeriodQuery(id: string) {
  return queryOptions({ queryKey: ['custom-periods', id] as const, queryFn: ({ signal }) => getCustomPeriod(id, signal), staleTime: 0 });
}
