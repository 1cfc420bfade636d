import { ERROR_CODES } from '@linepulse/contracts';
import { getServices } from '../services/services';
import { normaliseApiError } from './api-error';
import type { ApiBase } from './http';

/** How far a download is: bytes so far, and what the server announced (null when it did not). */
export interface DownloadProgress {
  receivedBytes: number;
  estimatedBytes: number | null;
  totalRows: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, else null. */
  fileName: string | null;
  totalRows: number | null;
}

const numberHeader = (response: Response, name: string): number | null => {
  const value = Number(response.headers.get(name));
  return response.headers.get(name) !== null && Number.isFinite(value) && value >= 0 ? value : null;
};

/** The file name of a Content-Disposition header (RFC 6266: filename* in UTF-8 first, then filename). */
export function contentDispositionName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/**
 * A file made by the api (an export), read as it streams so the page can show progress, with the same
 * bearer token and error handling as `apiRequest`. Aborting `signal` stops the request and the server's
 * work. The server's `X-Total-Rows` and `X-Estimated-Bytes` headers give the progress its scale.
 */
export async function apiDownload(
  base: ApiBase,
  path: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadedFile> {
  const { tokenProvider, apiBase, dashboardApiBase } = getServices();
  const url = `${base === 'api' ? apiBase : dashboardApiBase}/${path.replace(/^\/+/, '')}`;
  let token: string;
  try {
    token = await tokenProvider.getAccessToken();
  } catch (error) {
    throw normaliseApiError(401, { errors: [{ code: ERROR_CODES.unauthenticated, arguments: {}, message: `no access token: ${String(error)}` }] }, 'no access token');
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw normaliseApiError(0, undefined, `GET ${url} failed: ${String(error)}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the status says enough.
    }
    throw normaliseApiError(response.status, body, `GET ${url} answered ${response.status}`);
  }
  const totalRows = numberHeader(response, 'x-total-rows');
  const estimatedBytes = numberHeader(response, 'x-estimated-bytes');
  const chunks: Uint8Array[] = [];
  let receivedBytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      receivedBytes += value.byteLength;
      options.onProgress?.({ receivedBytes, estimatedBytes, totalRows });
    }
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: contentDispositionName(response.headers.get('content-disposition')), totalRows };
}
