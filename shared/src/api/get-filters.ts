import { apiRequest } from './http';
import type { SavedFilter } from '@linepulse/contracts';

/** GET filters: the signed-in user's saved filters with their comparison groups. */
export function getFilters(signal?: AbortSignal): Promise<SavedFilter[]> {
  return apiRequest<SavedFilter[]>('api', 'filters', { signal });
}
