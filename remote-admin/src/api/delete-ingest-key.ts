import { apiRequest } from '@linepulse/shared';
import type { IngestKey } from '@linepulse/contracts';

/** DELETE /factories/{id}/ingest-keys/{keyId} (admins): revokes the key; resolves with it, revoked. */
export function deleteIngestKey(factoryId: string, keyId: string): Promise<IngestKey> {
  return apiRequest<IngestKey>('api', `factories/${encodeURIComponent(factoryId)}/ingest-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' });
}
