import type { FactoryProduct } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET factories/{id}/products. */
export function getFactoryProducts(factoryId: string): Promise<FactoryProduct[]> {
  return apiRequest<FactoryProduct[]>('api', `factories/${encodeURIComponent(factoryId)}/products`);
}
