import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';
import type { SavedFilter } from '@linepulse/contracts';

/** GET filters: the signed-in user's saved filters with their comparison groups. */
export function getFilters(signal?: AbortSignal): Promise<SavedFilter[]> {
  return apiRequest<SavedFilter[]>('api', 'filters', { signal });
}

/** The user's saved filters; creating, renaming or deleting one invalidates this key. */
export function savedFiltersQuery() {
  return queryOptions({
    queryKey: ['filters'] as const,
    queryFn: ({ signal }) => getFilters(signal),
  });
}
