import { ERROR_CODES } from '@linepulse/contracts';
import { noteLivePosition } from '../live/live-position';
import { getServices } from '../services/services';
import { ApiError, normaliseApiError } from './api-error';

export type ApiBase = 'api' | 'dashboard';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; the content type is set only when a body is present. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Headers of the call itself (an `Idempotency-Key`); the platform's own (token, accept, content type)
   * are set after them and cannot be replaced.
   */
  headers?: Record<string, string>;
}

/** The headers `send` sets itself, which a caller's `headers` cannot replace. */
const PLATFORM_HEADERS = new Set(['accept', 'authorization', 'content-type']);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** The body's content type; by default the Blob's own type, else application/octet-stream. */
  contentType?: string;
  signal?: AbortSignal;
}

/**
 * Sends one request with the platform's bearer token and reads its JSON answer; every failure (no
 * token, the network, an error status) normalised into an ApiError. An abort is passed on as is.
 */
async function send<T>(
  base: ApiBase,
  path: string,
  method: string,
  body: { content: BodyInit; type: string } | null,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const { tokenProvider, apiBase, dashboardApiBase } = getServices();
  const url = `${base === 'api' ? apiBase : dashboardApiBase}/${path.replace(/^\/+/, '')}`;
  let token: string;
  try {
    token = await tokenProvider.getAccessToken();
  } catch (error) {
    throw normaliseApiError(
      401,
      { errors: [{ code: ERROR_CODES.unauthenticated, arguments: {}, message: `no access token: ${String(error)}` }] },
      'no access token',
    );
  }
  // Header names are case-insensitive: a caller's `authorization` would be sent beside the token.
  const own = Object.entries(extraHeaders).filter(([name]) => !PLATFORM_HEADERS.has(name.toLowerCase()));
  const headers: Record<string, string> = { ...Object.fromEntries(own), Accept: 'application/json', Authorization: `Bearer ${token}` };
  const init: RequestInit = { method, headers };
  if (body !== null) {
    headers['Content-Type'] = body.type;
    init.body = body.content;
  }
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw normaliseApiError(0, undefined, `${method} ${url} failed: ${String(error)}`);
  }
  noteLivePosition(response);
  const answer = await readBody(response).catch(() => undefined);
  if (!response.ok) throw normaliseApiError(response.status, answer, `${method} ${url} answered ${response.status}`);
  return answer as T;
}

/**
 * The one HTTP path of the API client: bearer token from the configured token provider, JSON in and
 * out, every failure normalised into an ApiError.
 */
export async function apiRequest<T>(base: ApiBase, path: string, options: RequestOptions = {}): Promise<T> {
  const body = options.body === undefined ? null : { content: JSON.stringify(options.body), type: 'application/json' };
  return send<T>(base, path, options.method ?? 'GET', body, options.signal, options.headers);
}

/**
 * A file (a File or Blob) sent as the request's whole body, as the browser streams it from disk (it is
 * not read into the page), with the same token and error handling as `apiRequest`; the answer is read
 * as JSON. POST unless told.
 */
export async function apiUpload<T>(base: ApiBase, path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const type = options.contentType ?? (file.type !== '' ? file.type : 'application/octet-stream');
  return send<T>(base, path, options.method ?? 'POST', { content: file, type }, options.signal);
}

export { ApiError };
