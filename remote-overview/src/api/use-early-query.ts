import { useQuery, useQueryClient, type FetchQueryOptions, type QueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

/** How long an answer fetched early stays fresh: long enough for the page's own query to mount and read it. */
export const EARLY_FETCH_STALE_MS = 5_000;

/**
 * `useQuery` whose request starts while the page is still rendering, instead of after the whole page
 * has rendered and committed (when `useQuery` alone first asks). On the returning user's visit the
 * overview's render took some 200 ms before its figures were asked for; asked here, the answer is on its
 * way meanwhile, and the query joins the request in flight (same key) or reads its answer. Unless the
 * query says otherwise, that answer is fresh for EARLY_FETCH_STALE_MS, so one that arrives before the
 * query mounts is not asked again. Nothing is asked early when `enabled` is false or the cache already
 * knows the query.
 */
export function useEarlyQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey> & { enabled: boolean },
): UseQueryResult<TData, Error> {
  const client = useQueryClient();
  const early = earlyOptions(options);
  if (options.enabled && client.getQueryState(options.queryKey) === undefined) void prefetchEarly(client, options);
  return useQuery(early);
}

/** The query's options with the early answer's freshness, unless the query says otherwise. */
function earlyOptions<T extends object>(options: T): { staleTime: number } & T {
  return { staleTime: EARLY_FETCH_STALE_MS, ...options };
}

/**
 * Asks for a query ahead of the component that reads it (a page's prefetch at start-up, or
 * `useEarlyQuery` while the page renders), its answer fresh for EARLY_FETCH_STALE_MS so the query that
 * mounts later reads it rather than asking again.
 */
export function prefetchEarly<TData, TKey extends QueryKey>(client: QueryClient, options: FetchQueryOptions<TData, Error, TData, TKey>): Promise<void> {
  return client.prefetchQuery(earlyOptions(options));
}
