import type { Factory, FactorySettings } from '@linepulse/contracts';
import { apiRequest } from './http';

/** PUT factories/{id} (admins): saves the factory settings, resolves with the updated factory. */
export function putFactory(factoryId: string, settings: FactorySettings): Promise<Factory> {
  return apiRequest<Factory>('api', `factories/${encodeURIComponent(factoryId)}`, { method: 'PUT', body: settings });
}
