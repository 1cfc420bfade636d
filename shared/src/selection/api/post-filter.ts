import { apiRequest } from '../../api/http';
import type { SavedFilter, SavedFilterInput } from '@linepulse/contracts';

/** POST filters: saves a filter with its comparison groups; resolves with the stored filter. */
export function postFilter(filter: SavedFilterInput): Promise<SavedFilter> {
  return apiRequest<SavedFilter>('api', 'filters', { method: 'POST', body: filter });
}
