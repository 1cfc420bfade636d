import { queryOptions } from '@tanstack/react-query';
import type { UnitStatesNow } from '@linepulse/contracts';
import { apiRequest, LIVE_QUERY_META } from '@linepulse/shared';

/** GET /factories/{id}/unit-states: each line's state now (running, stopped since…, unknown). */
export function getUnitStates(factoryId: string, signal?: AbortSignal): Promise<UnitStatesNow> {
  return apiRequest<UnitStatesNow>('api', `factories/${encodeURIComponent(factoryId)}/unit-states`, { signal });
}

/** The lines' states of a factory, refetched by the live stream (or every `refetchMs` while it is down). */
export function unitStatesQuery(factoryId: string, refetchMs?: number) {
  return queryOptions({
    queryKey: ['unit-states', factoryId] as const,
    queryFn: ({ signal }) => getUnitStates(factoryId, signal),
    refetchInterval: refetchMs ?? false,
    meta: LIVE_QUERY_META,
  });
}
