import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';
import type { Recomputation } from '@linepulse/contracts';

/** GET /factories/{id}/recomputation (admins): how many of the factory's lines still wait for their figures to be re-derived. */
export function getRecomputation(factoryId: string, signal?: AbortSignal): Promise<Recomputation> {
  return apiRequest<Recomputation>('api', `factories/${encodeURIComponent(factoryId)}/recomputation`, { signal });
}

/** Asked every 2 s while lines are pending, then no more. */
export function recomputationQuery(factoryId: string) {
  return queryOptions({
    queryKey: ['factories', factoryId, 'recomputation'] as const,
    queryFn: ({ signal }) => getRecomputation(factoryId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.pending_units === 0 ? false : 2_000),
  });
}
