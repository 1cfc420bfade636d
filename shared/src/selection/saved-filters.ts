import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import type { SavedFilter, SavedFilterInput } from '@linepulse/contracts';
import { usePreferences, usePreferencesStatus } from '../state/hooks';
import { useSavePreferences } from '../state/preferences';
import { deleteFilter } from './api/delete-filter';
import { filterGroupsQuery } from './api/get-filter-groups';
import { savedFiltersQuery } from './api/get-filters';
import { postFilter } from './api/post-filter';
import { putFilter } from './api/put-filter';
import { draftsOf, selectionAtom } from './selection';

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

/** Whether this session already applied again the saved filter its preferences name (or had none to apply). */
export const savedFilterRestoredAtom = atom(false);

/**
 * Applies again, once the preferences and the saved filters are loaded, the saved filter the
 * preferences name (`selected_tilelytics_filter_id`): a reload shows the comparison groups the user
 * left. A filter deleted meanwhile (elsewhere) is forgotten quietly: the preference is cleared. A
 * selection made in this session before then (the drawer, a link) wins. True once settled, so that a
 * page asks for figures of the restored selection rather than of whole factories first.
 */
export function useSavedFilterRestore(): boolean {
  const status = usePreferencesStatus();
  const wanted = usePreferences().tilelytics.selected_tilelytics_filter_id;
  const [restored, setRestored] = useAtom(savedFilterRestoredAtom);
  const [selection, setSelection] = useAtom(selectionAtom);
  const savePreferences = useSavePreferences();
  const pending = !restored && status === 'ready' && wanted !== null;
  const filters = useQuery({ ...savedFiltersQuery(), enabled: pending });
  useEffect(() => {
    if (restored || status === 'loading' || status === 'idle') return;
    if (status === 'ready' && wanted !== null && selection.kind === 'factories' && !filters.isError) {
      if (!filters.data) return;
      const filter = filters.data.find((f) => f.id === wanted);
      if (filter) setSelection({ kind: 'groups', groups: draftsOf(filter), savedFilterId: filter.id, savedFilterName: filter.name });
      else void savePreferences({ tilelytics: { selected_tilelytics_filter_id: null } });
    }
    setRestored(true);
  }, [restored, status, wanted, selection.kind, filters.data, filters.isError, setSelection, setRestored, savePreferences]);
  return !pending;
}

/**
 * The selection no longer is the saved filter the preferences name (new filters, whole factories,
 * groups applied without saving): the preference is cleared, so that a reload does not bring it back.
 */
export function useForgetSavedFilter(): () => void {
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  return (): void => {
    if (preferences.tilelytics.selected_tilelytics_filter_id !== null) void savePreferences({ tilelytics: { selected_tilelytics_filter_id: null } });
  };
}
