import { apiRequest } from '@linepulse/shared';
import type { FactoryConfiguration, FactoryConfigurationInput } from '@linepulse/contracts';

/**
 * PUT /factories/{id}/configuration (admins): the whole declaration; what is not declared is removed.
 * Resolves with the stored configuration; refusals are 400 (one item per field) and 409 CFG_IN_USE.
 */
export function putFactoryConfiguration(factoryId: string, declaration: FactoryConfigurationInput): Promise<FactoryConfiguration> {
  return apiRequest<FactoryConfiguration>('api', `factories/${encodeURIComponent(factoryId)}/configuration`, { method: 'PUT', body: declaration });
}
