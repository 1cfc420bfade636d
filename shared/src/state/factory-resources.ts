import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { FactoryProduct, UnitWorkShifts } from '@linepulse/contracts';
import { factoryProductsQuery } from '../api/get-factory-products';
import { factoryWorkShiftsQuery } from '../api/get-assigned-work-shift-names';
import { useUser } from './hooks';
import { loadStatusOf, type LoadStatus } from './load-status';

/** What the per-factory hooks return. */
export interface FactoryResource<T> {
  /** The data, also while a refresh is under way; undefined until the first load. */
  data: T | undefined;
  status: LoadStatus;
  /** A load (first or refresh) is under way. */
  loading: boolean;
  error: unknown;
  /** Loads again now, whatever the cache holds. */
  reload(): void;
}

function useFactoryResource<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, factoryId: string | null | undefined): FactoryResource<T> {
  const user = useUser();
  // Product data is for users enabled for the product; the others would only collect 403s.
  const enabled = !!factoryId && !!user?.is_tilelytics;
  const query = useQuery({ ...options, enabled });
  return {
    data: query.data,
    status: loadStatusOf(query),
    loading: query.isFetching,
    error: query.error ?? undefined,
    reload: () => {
      if (enabled) void query.refetch();
    },
  };
}

/**
 * Work shift names per production unit of a factory, loaded on first use, kept 3600 s and checked
 * every 120 s (product §4) while someone shows them; every caller shares one cache entry per factory.
 */
export function useFactoryWorkShifts(factoryId: string | null | undefined): FactoryResource<UnitWorkShifts[]> {
  return useFactoryResource(factoryWorkShiftsQuery(factoryId ?? ''), factoryId);
}

/** Products of a factory, loaded on first use, kept 3600 s and checked every 120 s (product §4). */
export function useFactoryProducts(factoryId: string | null | undefined): FactoryResource<FactoryProduct[]> {
  return useFactoryResource(factoryProductsQuery(factoryId ?? ''), factoryId);
}
