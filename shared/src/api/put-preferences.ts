import { normalisePreferences, type Preferences } from '@linepulse/contracts';
import { apiRequest } from './http';

/** PUT /user/preferences; resolves with what the server stored. */
export async function putPreferences(preferences: Preferences): Promise<Preferences> {
  const stored = await apiRequest<unknown>('api', 'user/preferences', { method: 'PUT', body: preferences });
  return stored === undefined ? preferences : normalisePreferences(stored);
}
