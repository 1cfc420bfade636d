import { ERROR_CODES, type HistoryImport, type HistoryImportFormat } from '@linepulse/contracts';
import { getServices, normaliseApiError } from '@linepulse/shared';

const CONTENT_TYPES: Record<HistoryImportFormat, string> = { ndjson: 'application/x-ndjson', csv: 'text/csv' };

/**
 * POST /factories/{id}/history-imports (admins): the file itself as the body (the browser streams it
 * from disk; it is not read into the page), with the platform's bearer token and error shape. Resolves
 * with the job (202) once the api has received the whole file.
 */
export async function postHistoryImport(factoryId: string, file: Blob, format: HistoryImportFormat, fileName: string, signal?: AbortSignal): Promise<HistoryImport> {
  const { tokenProvider, apiBase } = getServices();
  const query = new URLSearchParams({ format, file_name: fileName.slice(0, 255) });
  const url = `${apiBase}/factories/${encodeURIComponent(factoryId)}/history-imports?${query.toString()}`;
  let token: string;
  try {
    token = await tokenProvider.getAccessToken();
  } catch (error) {
    throw normaliseApiError(401, { errors: [{ code: ERROR_CODES.unauthenticated, arguments: {}, message: `no access token: ${String(error)}` }] }, 'no access token');
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, 'Content-Type': CONTENT_TYPES[format] },
      body: file,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw normaliseApiError(0, undefined, `POST ${url} failed: ${String(error)}`);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = text;
  }
  if (!response.ok) throw normaliseApiError(response.status, body, `POST ${url} answered ${response.status}`);
  return body as HistoryImport;
}
