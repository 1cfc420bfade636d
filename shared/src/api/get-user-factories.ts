import type { Factory } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET /user/factories: the factories the signed-in user may see. */
export function getUserFactories(): Promise<Factory[]> {
  return apiRequest<Factory[]>('api', 'user/factories');
}
