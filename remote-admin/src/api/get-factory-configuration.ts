import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';
import type { FactoryConfiguration } from '@linepulse/contracts';

/** GET /factories/{id}/configuration (admins): units, shifts, products and reasons with their ids. */
export function getFactoryConfiguration(factoryId: string, signal?: AbortSignal): Promise<FactoryConfiguration> {
  return apiRequest<FactoryConfiguration>('api', `factories/${encodeURIComponent(factoryId)}/configuration`, { signal });
}

/** The factory's configuration, read fresh when the wizard opens (another admin may have changed it). */
export function factoryConfigurationQuery(factoryId: string) {
  return queryOptions({
    queryKey: ['factory-configuration', factoryId] as const,
    queryFn: ({ signal }) => getFactoryConfiguration(factoryId, signal),
    staleTime: 0,
  });
}
