import { useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** How long an answer fetched early stays fresh: long enough for the page's own query to mount and read it. */
export const EARLY_FETCH_STALE_MS = 5_000;

/**
 * Starts a query's request while the page is still rendering, instead of after the whole page has
 * rendered and committed (when `useQuery` first asks). On the returning user's visit the overview's
 * render took some 200 ms before its figures were asked for; asked here, the answer is on its way
 * meanwhile. `useQuery` then joins the request in flight (same key) or reads its answer, fresh for
 * `staleTime` (EARLY_FETCH_STALE_MS on these queries, so that an answer arriving before the page mounts
 * is not asked again). Nothing is asked when `enabled` is false or the cache already knows the query.
 */
export function useEarlyFetch<TData, TKey extends QueryKey>(options: UseQueryOptions<TData, Error, TData, TKey>, enabled: boolean): void {
  const client = useQueryClient();
  if (enabled && client.getQueryState(options.queryKey) === undefined) void client.prefetchQuery(options);
}
