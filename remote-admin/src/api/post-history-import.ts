import type { HistoryImport, HistoryImportFormat } from '@linepulse/contracts';
import { apiUpload } from '@linepulse/shared';

const CONTENT_TYPES: Record<HistoryImportFormat, string> = { ndjson: 'application/x-ndjson', csv: 'text/csv' };

/**
 * POST /factories/{id}/history-imports (admins): the file itself as the body (the browser streams it
 * from disk; it is not read into the page), through the platform's upload with its bearer token and
 * error shape. Resolves with the job (202) once the api has received the whole file.
 */
export function postHistoryImport(factoryId: string, file: Blob, format: HistoryImportFormat, fileName: string, signal?: AbortSignal): Promise<HistoryImport> {
  const query = new URLSearchParams({ format, file_name: fileName.slice(0, 255) });
  return apiUpload<HistoryImport>('api', `factories/${encodeURIComponent(factoryId)}/history-imports?${query.toString()}`, file, {
    contentType: CONTENT_TYPES[format],
    ...(signal ? { signal } : {}),
  });
}
