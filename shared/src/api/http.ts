import { ERROR_CODES } from '@linepulse/contracts';
import { getServices } from '../services/services';
import { ApiError, normaliseApiError } from './api-error';

export type ApiBase = 'api' | 'dashboard';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; the content type is set only when a body is present. */
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one HTTP path of the API client: bearer token from the configured token provider, JSON in and
 * out, every failure normalised into an ApiError.
 */
export async function apiRequest<T>(base: ApiBase, path: string, options: RequestOptions = {}): Promise<T> {
  const { tokenProvider, apiBase, dashboardApiBase } = getServices();
  const url = `${base === 'api' ? apiBase : dashboardApiBase}/${path.replace(/^\/+/, '')}`;
  const method = options.method ?? 'GET';
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
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw normaliseApiError(0, undefined, `${method} ${url} failed: ${String(error)}`);
  }
  const body = await readBody(response).catch(() => undefined);
  if (!response.ok) throw normaliseApiError(response.status, body, `${method} ${url} answered ${response.status}`);
  return body as T;
}

export { ApiError };
