import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';
import type { SavedFilterGroupRow } from '@linepulse/contracts';

/** GET filter-groups: every comparison group of the user's saved filters, flat. */
export function getFilterGroups(signal?: AbortSignal): Promise<SavedFilterGroupRow[]> {
  return apiRequest<SavedFilterGroupRow[]>('api', 'filter-groups', { signal });
}

/** Every comparison group of the saved filters (to refuse a repeat); saved-filter changes invalidate it. */
export function filterGroupsQuery() {
  return queryOptions({
    queryKey: ['filter-groups'] as const,
    queryFn: ({ signal }) => getFilterGroups(signal),
  });
}
