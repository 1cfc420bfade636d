import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { FACTORY_CACHE_TTL_MS } from '@linepulse/contracts';
import { factoryWorkShiftsQuery, getAssignedWorkShiftNames } from '../../api/get-assigned-work-shift-names';
import { factoryProductsQuery, getFactoryProducts } from '../../api/get-factory-products';

/** A work shift a filter can select, with the lines it runs on. */
export interface FilterShift {
  id: string;
  name: string;
  production_unit_ids: string[];
}

export interface FilterProduct {
  id: string;
  sku: string;
  name: string;
}

/** Shifts and products of a factory, for the filter drawer. */
export interface FactoryFilterOptions {
  shifts: FilterShift[];
  products: FilterProduct[];
}

/**
 * Shifts and products with the ids the analytics and saved-filter calls take, from the calls every
 * enabled user of the account may make (product §6, §7): GET factories/{id}/assigned-work-shift-names
 * and GET factories/{id}/products. The factory configuration, which carries the same ids, is for
 * administrators only, so supervisors could not narrow by shift or product when the drawer read it.
 * Given the page's query client, both come from its cache, where the session keeps the active factory's
 * warm (product §4): opening the drawer then asks nothing.
 */
export async function getFactoryFilterOptions(factoryId: string, signal?: AbortSignal, client?: QueryClient): Promise<FactoryFilterOptions> {
  const [units, products] = await Promise.all(
    client
      ? [client.fetchQuery(factoryWorkShiftsQuery(factoryId)), client.fetchQuery(factoryProductsQuery(factoryId))]
      : [getAssignedWorkShiftNames(factoryId, signal), getFactoryProducts(factoryId, signal)],
  );
  // A shift runs on several lines: one option per shift id (two shifts may share a name).
  const shifts = new Map<string, FilterShift>();
  for (const unit of units) {
    for (const { id, name } of unit.work_shift) {
      const shift = shifts.get(id) ?? { id, name, production_unit_ids: [] };
      shift.production_unit_ids.push(unit.production_unit_id);
      shifts.set(id, shift);
    }
  }
  return {
    shifts: [...shifts.values()],
    products: products.map((product) => ({ id: product.id, sku: product.sku, name: product.name })),
  };
}

/** A factory's filter options: its shifts and products, kept as long as product §4 keeps them (3600 s). */
export function factoryFilterOptionsQuery(factoryId: string) {
  return queryOptions({
    queryKey: ['factories', factoryId, 'filter-options'] as const,
    queryFn: ({ signal, client }) => getFactoryFilterOptions(factoryId, signal, client),
    staleTime: FACTORY_CACHE_TTL_MS,
    gcTime: FACTORY_CACHE_TTL_MS,
  });
}
