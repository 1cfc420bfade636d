import { queryOptions } from '@tanstack/react-query';
import { normalisePreferences, type Preferences } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET /user/preferences, normalised (product §4): unknown values fall back to their defaults. */
export async function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return normalisePreferences(await apiRequest<unknown>('api', 'user/preferences', { signal }));
}

/**
 * The signed-in user's preferences, loaded once at sign-in and then changed only through
 * `useSavePreferences` (which writes the cache itself), so they never go stale.
 */
export function preferencesQuery() {
  return queryOptions({
    queryKey: ['user', 'preferences'] as const,
    queryFn: ({ signal }) => getPreferences(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
