import { apiRequest } from '@linepulse/shared';
import type { Factory, FactorySettings, Language } from '@linepulse/contracts';

/** POST /factories (admins): creates a factory in the caller's account, resolves with it. */
export function postFactory(settings: FactorySettings & { primary_language: Language }): Promise<Factory> {
  return apiRequest<Factory>('api', 'factories', { method: 'POST', body: settings });
}
