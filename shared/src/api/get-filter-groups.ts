import { apiRequest } from './http';
import type { SavedFilterGroupRow } from '@linepulse/contracts';

/** GET filter-groups: every comparison group of the user's saved filters, flat. */
export function getFilterGroups(signal?: AbortSignal): Promise<SavedFilterGroupRow[]> {
  return apiRequest<SavedFilterGroupRow[]>('api', 'filter-groups', { signal });
}
