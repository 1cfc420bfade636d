import { useAtomValue, useStore, type PrimitiveAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { getAssignedWorkShiftNames } from '../api/get-assigned-work-shift-names';
import { getFactoryProducts } from '../api/get-factory-products';
import {
  FACTORY_CACHE_CHECK_MS,
  FACTORY_CACHE_TTL_MS,
  type FactoryProduct,
  type UnitWorkShifts,
} from '@linepulse/contracts';
import {
  factoryProductsCacheAtom,
  factoryWorkShiftsCacheAtom,
  userAtom,
  type CacheEntry,
  type LoadStatus,
} from './atoms';

type Store = ReturnType<typeof useStore>;
type CacheAtom<T> = PrimitiveAtom<Record<string, CacheEntry<T>>>;

/** What the per-factory hooks return. */
export interface FactoryResource<T> {
  /** The data, also while a refresh is under way; undefined until the first load. */
  data: T | undefined;
  status: LoadStatus;
  loading: boolean;
  error: unknown;
  /** Loads again now, whatever the cache holds. */
  reload(): void;
}

/** Data is kept 3600 s; a failed load is tried again at the next 120 s check. */
export function isExpired(entry: CacheEntry<unknown> | undefined, now: number): boolean {
  if (entry === undefined) return true;
  if (entry.status === 'loading') return false;
  const age = now - entry.fetchedAt;
  return entry.status === 'error' ? age >= FACTORY_CACHE_CHECK_MS : age >= FACTORY_CACHE_TTL_MS;
}

/** Loads one factory's resource into the cache unless a load is already under way. */
export async function loadFactoryResource<T>(
  store: Store,
  cacheAtom: CacheAtom<T>,
  factoryId: string,
  fetcher: (factoryId: string) => Promise<T>,
): Promise<void> {
  const current = store.get(cacheAtom)[factoryId];
  if (current?.status === 'loading') return;
  store.set(cacheAtom, (cache) => ({
    ...cache,
    [factoryId]: { ...cache[factoryId], status: 'loading', fetchedAt: Date.now() },
  }));
  try {
    const data = await fetcher(factoryId);
    store.set(cacheAtom, (cache) => ({ ...cache, [factoryId]: { status: 'ready', data, fetchedAt: Date.now() } }));
  } catch (error) {
    store.set(cacheAtom, (cache) => ({
      ...cache,
      [factoryId]: { ...cache[factoryId], status: 'error', error, fetchedAt: Date.now() },
    }));
  }
}

function useFactoryResource<T>(
  cacheAtom: CacheAtom<T>,
  factoryId: string | null | undefined,
  fetcher: (factoryId: string) => Promise<T>,
): FactoryResource<T> {
  const store = useStore();
  const entry = useAtomValue(cacheAtom)[factoryId ?? ''];
  const user = useAtomValue(userAtom);
  // Product data is for users enabled for the product; the others would only collect 403s.
  const enabled = !!factoryId && !!user?.is_tilelytics;
  const [now, setNow] = useState(() => Date.now());

  // Product §4: the cache is checked every 120 s and entries older than 3600 s are loaded again.
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(() => setNow(Date.now()), FACTORY_CACHE_CHECK_MS);
    return () => clearInterval(timer);
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !factoryId) return;
    if (isExpired(store.get(cacheAtom)[factoryId], Date.now())) {
      void loadFactoryResource(store, cacheAtom, factoryId, fetcher);
    }
  }, [enabled, factoryId, entry, now, store, cacheAtom, fetcher]);

  const reload = useCallback(() => {
    if (enabled && factoryId) void loadFactoryResource(store, cacheAtom, factoryId, fetcher);
  }, [enabled, factoryId, store, cacheAtom, fetcher]);

  return {
    data: entry?.data,
    status: entry?.status ?? 'idle',
    loading: entry?.status === 'loading',
    error: entry?.error,
    reload,
  };
}

/** Work shift names per production unit of a factory, cached 3600 s. */
export function useFactoryWorkShifts(factoryId: string | null | undefined): FactoryResource<UnitWorkShifts[]> {
  return useFactoryResource(factoryWorkShiftsCacheAtom, factoryId, getAssignedWorkShiftNames);
}

/** Products of a factory, cached 3600 s. */
export function useFactoryProducts(factoryId: string | null | undefined): FactoryResource<FactoryProduct[]> {
  return useFactoryResource(factoryProductsCacheAtom, factoryId, getFactoryProducts);
}
