import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SavedFilter, SavedFilterInput } from '@linepulse/contracts';
import { deleteFilter } from './api/delete-filter';
import { filterGroupsQuery } from './api/get-filter-groups';
import { savedFiltersQuery } from './api/get-filters';
import { postFilter } from './api/post-filter';
import { putFilter } from './api/put-filter';

/**
 * After a saved filter changes, the list and the flat list of groups (which names each group's filter)
 * are both out of date: invalidate them, and resolve once the shown ones are loaded again, so the
 * caller's success message comes with the new list.
 */
export function invalidateSavedFilters(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: savedFiltersQuery().queryKey }),
    client.invalidateQueries({ queryKey: filterGroupsQuery().queryKey }),
  ]).then(() => undefined);
}

/** POST filters, then the lists are asked again. */
export function useCreateSavedFilter(): (filter: SavedFilterInput) => Promise<SavedFilter> {
  const client = useQueryClient();
  return useMutation({ mutationFn: postFilter, onSuccess: () => invalidateSavedFilters(client) }).mutateAsync;
}

/** PUT filters/{id} (rename, groups), then the lists are asked again. */
export function useUpdateSavedFilter(): (change: { id: string; filter: SavedFilterInput }) => Promise<SavedFilter> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filter }: { id: string; filter: SavedFilterInput }) => putFilter(id, filter),
    onSuccess: () => invalidateSavedFilters(client),
  }).mutateAsync;
}

/** DELETE filters/{id}: gone from the list at once, then the lists are asked again. */
export function useDeleteSavedFilter(): (filter: SavedFilter) => Promise<void> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filter: SavedFilter) => deleteFilter(filter.id),
    onSuccess: (_answer, filter) => {
      client.setQueryData(savedFiltersQuery().queryKey, (list) => list?.filter((f) => f.id !== filter.id));
      return invalidateSavedFilters(client);
    },
  }).mutateAsync;
}
