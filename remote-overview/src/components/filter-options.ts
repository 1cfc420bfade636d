import { getFactoryFilterOptions, type FactoryFilterOptions } from '@linepulse/shared';
import { useQuery, type QueryState } from '../model/use-query';

/** Shifts and products (with ids when the user may read them) of several factories, in one query. */
export function useFilterOptions(factoryIds: string[], enabled: boolean): QueryState<Record<string, FactoryFilterOptions>> {
  const key = [...factoryIds].sort().join(',');
  return useQuery(
    `filter-options|${key}`,
    async (signal) => {
      const entries = await Promise.all(factoryIds.map(async (id) => [id, await getFactoryFilterOptions(id, signal)] as const));
      return Object.fromEntries(entries);
    },
    { enabled: enabled && factoryIds.length > 0 },
  );
}
