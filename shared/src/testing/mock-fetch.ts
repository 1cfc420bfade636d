import { ReadableStream as NodeReadableStream } from 'node:stream/web';
/** A fetch stand-in for unit tests: answers by method and path, records every request. */
export interface MockedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: MockedRequest) => Response | Promise<Response>;

/** A minimal Response (jsdom has no fetch API): what the API client reads. */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  } as unknown as Response;
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  const entries: [string, string][] = Array.isArray(headers)
    ? (headers as [string, string][])
    : typeof (headers as Headers).entries === 'function'
      ? Array.from((headers as Headers).entries())
      : Object.entries(headers as Record<string, string>);
  return Object.fromEntries(entries.map(([key, value]) => [key.toLowerCase(), value]));
}

/**
 * Installs a mocked global fetch. `routes` maps "METHOD /path/suffix" to a handler or a JSON body; the
 * first key whose path is a suffix of the URL's pathname answers. Unknown requests get a 404.
 */
export function mockFetch(routes: Record<string, Handler | object | unknown[]>): { requests: MockedRequest[]; restore(): void } {
  const original = globalThis.fetch;
  const requests: MockedRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = headerRecord(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: MockedRequest = { method, url, headers, body };
    const pathname = new URL(url).pathname;
    const key = Object.keys(routes).find((candidate) => {
      const [m, suffix] = candidate.split(' ');
      return m === method && suffix !== undefined && pathname.endsWith(suffix);
    });
    // A live page's stream (GET /live) that the test does not route: one that has not opened yet (the page
    // stays "connecting"), neither recorded nor answered, so that tests of figures count figure calls only.
    if (!key && method === 'GET' && pathname.endsWith('/live')) {
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    requests.push(request);
    if (!key) return jsonResponse({ errors: [{ code: 'GEN_404', arguments: {}, message: `no mock for ${method} ${pathname}` }] }, 404);
    const answer = routes[key];
    return typeof answer === 'function' ? (answer as Handler)(request) : jsonResponse(answer);
  }) as typeof fetch;
  return {
    requests,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/**
 * A live stream (GET /live) for mockFetch: its handler answers an open event stream that has sent
 * `ready`; `push` sends more of it (e.g. `id: 2\nevent: change\ndata: {…}\n\n`), as the api would.
 */
export function liveStream(): { handler: () => Response; push: (text: string) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new NodeReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    handler: () => {
      controller.enqueue(encoder.encode('retry: 1000\n\nid: 1\nevent: ready\ndata: {}\n\n'));
      return { ok: true, status: 200, body } as unknown as Response;
    },
    push: (text) => controller.enqueue(encoder.encode(text)),
  };
}
