import { resetServices } from '../services/services';
import { configureTestServices } from '../testing/configure-test-services';
import { jsonResponse } from '../testing/mock-fetch';
import { ApiError } from './api-error';
import { apiUpload } from './http';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was given (the body as passed, not parsed) and answers `answer`. */
function recordFetch(answer: () => Response | Promise<Response>): { sent: Sent[]; restore(): void } {
  const original = globalThis.fetch;
  const sent: Sent[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Promise.resolve(answer());
  }) as typeof fetch;
  return { sent, restore: () => (globalThis.fetch = original) };
}

const headersOf = (sent: Sent | undefined): Record<string, string> => (sent?.init.headers ?? {}) as Record<string, string>;

beforeEach(() => configureTestServices({ token: 'tok-9', apiBase: 'https://x.test/api/' }));
afterEach(() => resetServices());

describe('apiUpload', () => {
  it('sends the file itself as the body, with the bearer token and the content type asked for, and reads the JSON answer', async () => {
    const file = new Blob(['{"id":"a"}\n'], { type: 'text/plain' });
    const fetch = recordFetch(() => jsonResponse({ id: 'job-1' }, 202));
    const answer = await apiUpload<{ id: string }>('api', '/factories/f1/history-imports?format=ndjson', file, { contentType: 'application/x-ndjson' });
    fetch.restore();
    expect(answer).toEqual({ id: 'job-1' });
    expect(fetch.sent).toHaveLength(1);
    expect(fetch.sent[0]?.url).toBe('https://x.test/api/factories/f1/history-imports?format=ndjson');
    expect(fetch.sent[0]?.init.method).toBe('POST');
    expect(fetch.sent[0]?.init.body).toBe(file);
    expect(headersOf(fetch.sent[0])).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok-9', 'Content-Type': 'application/x-ndjson' });
  });

  it('takes the Blob’s own type, else application/octet-stream; PUT when told, to the dashboard API when asked', async () => {
    const fetch = recordFetch(() => jsonResponse(undefined, 204));
    await apiUpload('api', 'files/1', new Blob(['a,b\n'], { type: 'text/csv' }));
    await apiUpload('dashboard', 'files/2', new Blob([new Uint8Array([1, 2])]), { method: 'PUT' });
    fetch.restore();
    expect(headersOf(fetch.sent[0])['Content-Type']).toBe('text/csv');
    expect(fetch.sent[1]?.url).toBe('https://x.test/dashboard-api/files/2');
    expect(fetch.sent[1]?.init.method).toBe('PUT');
    expect(headersOf(fetch.sent[1])['Content-Type']).toBe('application/octet-stream');
  });

  it('passes the abort signal on', async () => {
    const controller = new AbortController();
    const fetch = recordFetch(() => jsonResponse({}));
    await apiUpload('api', 'files', new Blob(['x']), { signal: controller.signal });
    fetch.restore();
    expect(fetch.sent[0]?.init.signal).toBe(controller.signal);
  });

  it('turns an error answer into an ApiError with its items', async () => {
    const errors = [{ code: 'IMP_CSV_HEADER_INVALID', arguments: { missing: 'id' }, message: 'The first line must name the columns' }];
    const fetch = recordFetch(() => jsonResponse({ errors }, 400));
    const failure = (await apiUpload('api', 'files', new Blob(['x'])).catch((error: unknown) => error)) as ApiError;
    fetch.restore();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(400);
    expect(failure.items).toEqual(errors);
  });

  it('turns a network failure into an ApiError with status 0, and lets an abort through as it is', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const failure = (await apiUpload('api', 'files', new Blob(['x'])).catch((error: unknown) => error)) as ApiError;
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    globalThis.fetch = () => Promise.reject(abort);
    const aborted = await apiUpload('api', 'files', new Blob(['x'])).catch((error: unknown) => error);
    globalThis.fetch = original;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(0);
    expect(aborted).toBe(abort);
  });

  it('fails with AUTH_401 and sends nothing when no token can be acquired', async () => {
    configureTestServices({ tokenProvider: { getAccessToken: () => Promise.reject(new Error('signed out')) } });
    const fetch = recordFetch(() => jsonResponse({}));
    const failure = (await apiUpload('api', 'files', new Blob(['x'])).catch((error: unknown) => error)) as ApiError;
    fetch.restore();
    expect(fetch.sent).toHaveLength(0);
    expect(failure.status).toBe(401);
    expect(failure.code).toBe('AUTH_401');
  });
});
