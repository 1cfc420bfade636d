import { queryOptions } from '@tanstack/react-query';
import type { Factory } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET /user/factories: the factories the signed-in user may see. */
export function getUserFactories(signal?: AbortSignal): Promise<Factory[]> {
  return apiRequest<Factory[]>('api', 'user/factories', { signal });
}

/** The user's factories, loaded once at sign-in (product §4). */
export function userFactoriesQuery() {
  return queryOptions({
    queryKey: ['user', 'factories'] as const,
    queryFn: ({ signal }) => getUserFactories(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
