import { queryOptions } from '@tanstack/react-query';
import { FACTORY_CACHE_TTL_MS, type FactoryProduct, type UnitWorkShifts } from '@linepulse/contracts';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/http';

/** A work shift a filter can select; `id` is null when the caller may not read ids (see below). */
export interface FilterShift {
  id: string | null;
  name: string;
  production_unit_ids: string[];
}

export interface FilterProduct {
  id: string | null;
  sku: string;
  name: string;
}

/** Shifts and products of a factory, for the filter drawer. */
export interface FactoryFilterOptions {
  shifts: FilterShift[];
  products: FilterProduct[];
  /** false when only names could be read: shifts and products cannot narrow a selection then. */
  idsAvailable: boolean;
}

interface Configuration {
  production_units: { id: string; key: string }[];
  work_shifts: { id: string; name: string; production_units: string[] }[];
  products: { id: string; sku: string; name: string }[];
}

/**
 * Shifts and products with the ids the analytics and saved-filter calls take. Those ids come from
 * GET factories/{id}/configuration, which only administrators may read; other users get the names
 * of GET factories/{id}/assigned-work-shift-names and GET factories/{id}/products, without ids.
 */
export async function getFactoryFilterOptions(factoryId: string, signal?: AbortSignal): Promise<FactoryFilterOptions> {
  const id = encodeURIComponent(factoryId);
  try {
    const configuration = await apiRequest<Configuration>('api', `factories/${id}/configuration`, { signal });
    const unitIds = new Map(configuration.production_units.map((unit) => [unit.key, unit.id]));
    return {
      shifts: configuration.work_shifts.map((shift) => ({
        id: shift.id,
        name: shift.name,
        production_unit_ids: shift.production_units.flatMap((key) => unitIds.get(key) ?? []),
      })),
      products: configuration.products.map((product) => ({ id: product.id, sku: product.sku, name: product.name })),
      idsAvailable: true,
    };
  } catch (error) {
    if (!isApiError(error) || error.status !== 403) throw error;
  }
  const [units, products] = await Promise.all([
    apiRequest<UnitWorkShifts[]>('api', `factories/${id}/assigned-work-shift-names`, { signal }),
    apiRequest<FactoryProduct[]>('api', `factories/${id}/products`, { signal }),
  ]);
  const shifts = new Map<string, FilterShift>();
  for (const unit of units) {
    for (const { name } of unit.work_shift) {
      const shift = shifts.get(name) ?? { id: null, name, production_unit_ids: [] };
      shift.production_unit_ids.push(unit.production_unit_id);
      shifts.set(name, shift);
    }
  }
  return {
    shifts: [...shifts.values()],
    products: products.map((product) => ({ id: null, sku: product.sku, name: product.name })),
    idsAvailable: false,
  };
}

/** A factory's filter options: its shifts and products, kept as long as product §4 keeps them (3600 s). */
export function factoryFilterOptionsQuery(factoryId: string) {
  return queryOptions({
    queryKey: ['factories', factoryId, 'filter-options'] as const,
    queryFn: ({ signal }) => getFactoryFilterOptions(factoryId, signal),
    staleTime: FACTORY_CACHE_TTL_MS,
    gcTime: FACTORY_CACHE_TTL_MS,
  });
}
