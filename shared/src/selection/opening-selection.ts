import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Factory } from '@linepulse/contracts';
import { preferencesQuery } from '../api/get-preferences';
import { userFactoriesQuery } from '../api/get-user-factories';
import type { PagePrefetchContext } from '../contracts/remote-module';
import { periodAtom, userPeriod, type PeriodSelection } from './period';
import { savedFilterRestoredAtom } from './saved-filters';
import { selectedFactoryIdsAtom, selectionAtom, type Selection } from './selection';

/** What a page of the product opens on: the period, the selection, the user's factories and those picked. */
export interface OpeningSelection {
  period: PeriodSelection;
  selection: Selection;
  factories: Factory[];
  /** Factories picked in the overview's selector; null = all of them. */
  selectedFactoryIds: string[] | null;
}

/** Whether a session query started at start-up can still answer (under way, or answered). */
function underWayOrAnswered(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return state !== undefined && state.status !== 'error';
}

/**
 * For a page's prefetch (`RemoteRoutesModule.prefetch`): the selection its hooks will read once the
 * session has answered — the period as `usePeriod` chooses it, the selection and picked factories in the
 * store — or null when it cannot be known yet: a user not enabled for the product, a session call that
 * failed or was not started, or a saved filter the preferences name that is still to be applied again
 * (its groups come with another call; the page asks then).
 */
export async function openingSelection({ queryClient, store, user }: Pick<PagePrefetchContext, 'queryClient' | 'store' | 'user'>): Promise<OpeningSelection | null> {
  if (!user.is_tilelytics) return null;
  const preferencesOptions = preferencesQuery();
  const factoriesOptions = userFactoriesQuery();
  if (!underWayOrAnswered(queryClient, preferencesOptions.queryKey) || !underWayOrAnswered(queryClient, factoriesOptions.queryKey)) return null;
  // `ensureQueryData` joins the requests in flight (or reads their answers); it never asks twice here.
  const [preferences, factories] = await Promise.all([queryClient.ensureQueryData(preferencesOptions), queryClient.ensureQueryData(factoriesOptions)]).catch(
    () => [null, null] as const,
  );
  if (!preferences || !factories) return null;
  const selection = store.get(selectionAtom);
  const filterToRestore = preferences.tilelytics.selected_tilelytics_filter_id !== null && !store.get(savedFilterRestoredAtom);
  if (filterToRestore && selection.kind === 'factories') return null;
  return {
    period: userPeriod(store.get(periodAtom), preferences, user.user_id),
    selection,
    factories,
    selectedFactoryIds: store.get(selectedFactoryIdsAtom),
  };
}
