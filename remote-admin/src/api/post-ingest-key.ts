import { apiRequest } from '@linepulse/shared';
import type { CreatedIngestKey } from '@linepulse/contracts';

/** POST /factories/{id}/ingest-keys (admins): the new key, whose secret this answer alone holds. */
export function postIngestKey(factoryId: string): Promise<CreatedIngestKey> {
  return apiRequest<CreatedIngestKey>('api', `factories/${encodeURIComponent(factoryId)}/ingest-keys`, { method: 'POST' });
}
