import { apiRequest } from '../../api/http';

/** DELETE filters/{id}. */
export async function deleteFilter(filterId: string): Promise<void> {
  await apiRequest<unknown>('api', `filters/${encodeURIComponent(filterId)}`, { method: 'DELETE' });
}
