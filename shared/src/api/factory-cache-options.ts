import { FACTORY_CACHE_CHECK_MS, FACTORY_CACHE_TTL_MS } from '@linepulse/contracts';

/** What the factory-cache rule reads of a query's state. */
export interface FactoryCacheState {
  status: 'pending' | 'error' | 'success';
  /** When the data arrived, ms since epoch; 0 before the first answer. */
  dataUpdatedAt: number;
}

/**
 * Product §4: a factory's work shifts and products are kept 3600 s and the cache is checked every
 * 120 s. Checks fall every 120 s after the data arrived; this is the time from `now` to the first check
 * at which the data is 3600 s old. A failed load (or an overdue check whose reload is under way) is
 * tried again at the next check.
 */
export function nextFactoryCacheCheckMs(state: FactoryCacheState, now: number): number {
  if (state.status !== 'success' || state.dataUpdatedAt === 0) return FACTORY_CACHE_CHECK_MS;
  const expiryCheck = state.dataUpdatedAt + Math.ceil(FACTORY_CACHE_TTL_MS / FACTORY_CACHE_CHECK_MS) * FACTORY_CACHE_CHECK_MS;
  const wait = expiryCheck - now;
  return wait > 0 ? wait : FACTORY_CACHE_CHECK_MS;
}

/**
 * The cache options of a per-factory resource. Not a fixed refetch interval: that would reload every
 * 120 s; react-query recomputes this one after every answer, so the next load waits for the expiry.
 */
export const factoryCacheOptions = {
  staleTime: FACTORY_CACHE_TTL_MS,
  gcTime: FACTORY_CACHE_TTL_MS,
  refetchInterval: (query: { state: FactoryCacheState }): number => nextFactoryCacheCheckMs(query.state, Date.now()),
  // A wall display or a tab in the background keeps its cache as fresh as a visible one.
  refetchIntervalInBackground: true,
} as const;
