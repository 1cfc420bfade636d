import { normalisePreferences, type Preferences } from '@linepulse/contracts';
import { apiRequest } from './http';

/** GET /user/preferences, normalised (product §4): unknown values fall back to their defaults. */
export async function getPreferences(): Promise<Preferences> {
  return normalisePreferences(await apiRequest<unknown>('api', 'user/preferences'));
}
