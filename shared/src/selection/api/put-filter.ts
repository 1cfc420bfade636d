import { apiRequest } from '../../api/http';
import type { SavedFilter, SavedFilterInput } from '@linepulse/contracts';

/** PUT filters/{id}: renames a saved filter and replaces its comparison groups. */
export function putFilter(filterId: string, filter: SavedFilterInput): Promise<SavedFilter> {
  return apiRequest<SavedFilter>('api', `filters/${encodeURIComponent(filterId)}`, { method: 'PUT', body: filter });
}
