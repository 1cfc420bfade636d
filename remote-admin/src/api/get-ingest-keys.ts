import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@linepulse/shared';
import type { IngestKey } from '@linepulse/contracts';

/** GET /factories/{id}/ingest-keys (admins): newest first, without the secrets. */
export function getIngestKeys(factoryId: string, signal?: AbortSignal): Promise<IngestKey[]> {
  return apiRequest<IngestKey[]>('api', `factories/${encodeURIComponent(factoryId)}/ingest-keys`, { signal });
}

export function ingestKeysQuery(factoryId: string) {
  return queryOptions({ queryKey: ['ingest-keys', factoryId] as const, queryFn: ({ signal }) => getIngestKeys(factoryId, signal), staleTime: 0 });
}
