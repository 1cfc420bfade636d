import { apiRequest } from './http';

/** GET /currency-list: ISO 4217 codes. */
export function getCurrencyList(): Promise<string[]> {
  return apiRequest<string[]>('api', 'currency-list');
}
