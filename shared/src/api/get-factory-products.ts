import { queryOptions } from '@tanstack/react-query';
import type { FactoryProduct } from '@linepulse/contracts';
import { factoryCacheOptions } from './factory-cache-options';
import { apiRequest } from './http';

/** GET factories/{id}/products. */
export function getFactoryProducts(factoryId: string, signal?: AbortSignal): Promise<FactoryProduct[]> {
  return apiRequest<FactoryProduct[]>('api', `factories/${encodeURIComponent(factoryId)}/products`, { signal });
}

/** A factory's products, kept 3600 s and checked every 120 s (product §4). */
export function factoryProductsQuery(factoryId: string) {
  return queryOptions({
    queryKey: ['factories', factoryId, 'products'] as const,
    queryFn: ({ signal }) => getFactoryProducts(factoryId, signal),
    ...factoryCacheOptions,
  });
}
