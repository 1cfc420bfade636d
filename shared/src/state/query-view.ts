import type { UseQueryResult } from '@tanstack/react-query';

/** A query as a section of a page shows it. */
export interface QueryView<T> {
  /** What is on screen: kept while the same query refreshes, absent for a new one. */
  data: T | undefined;
  /** Nothing to show yet and a load under way: a first load, or a new selection. */
  loading: boolean;
  /** A refresh of what is shown (TV mode): the figures stay on screen. */
  refreshing: boolean;
  /** The failure to show: none while asking again, none while older figures are still shown. */
  error: unknown;
  reload(): void;
}

/**
 * react-query's result in the page's terms. A new selection is a new key, so its figures start empty
 * (no placeholder from the previous selection: they would be another selection's figures); a refresh
 * of the same key keeps the figures, and a failed refresh keeps the last ones, so a wall display never
 * flickers or blanks.
 */
export function queryView<T>(query: UseQueryResult<T>): QueryView<T> {
  const shown = query.data !== undefined;
  return {
    data: query.data,
    loading: !shown && query.isFetching,
    refreshing: shown && query.isFetching,
    error: shown || query.isFetching ? undefined : (query.error ?? undefined),
    reload: () => void query.refetch(),
  };
}
