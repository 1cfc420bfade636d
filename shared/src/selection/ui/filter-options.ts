import { useQueries } from '@tanstack/react-query';
import { factoryFilterOptionsQuery, type FactoryFilterOptions } from '../api/get-factory-filter-options';
import type { QueryView } from '../../state/query-view';

/**
 * Shifts and products (with ids when the user may read them) of several factories: one cached query
 * per factory, so the overview's drawer and a factory dashboard's share what they both need.
 */
export function useFilterOptions(factoryIds: string[], enabled: boolean): QueryView<Record<string, FactoryFilterOptions>> {
  return useQueries({
    queries: factoryIds.map((id) => ({ ...factoryFilterOptionsQuery(id), enabled })),
    combine: (results) => {
      const complete = results.every((result) => result.data !== undefined);
      const fetching = results.some((result) => result.isFetching);
      const failed = results.find((result) => result.error);
      return {
        data: complete && results.length > 0 ? Object.fromEntries(results.map((result, index) => [factoryIds[index], result.data!])) : undefined,
        loading: !complete && fetching,
        refreshing: complete && fetching,
        error: complete || fetching ? undefined : failed?.error ?? undefined,
        reload: () => {
          for (const result of results) if (result.error || result.data === undefined) void result.refetch();
        },
      };
    },
  });
}
