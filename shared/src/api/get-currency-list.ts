import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /currency-list: ISO 4217 codes. */
export function getCurrencyList(signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('api', 'currency-list', { signal });
}

/** The currencies a factory may use, loaded once at sign-in (product §4): the list does not change. */
export function currenciesQuery() {
  return queryOptions({
    queryKey: ['currencies'] as const,
    queryFn: ({ signal }) => getCurrencyList(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
