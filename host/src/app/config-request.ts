/**
 * The request for /config.json, sent by the entry module before the application's chunks have
 * arrived: everything at start waits for the runtime configuration, so it travels while the browser
 * fetches and compiles the code. No imports: the entry must stay tiny.
 */
const CONFIG_URL = '/config.json';
let early: Promise<Response> | null = null;

/** Asks for the runtime configuration (never cached: a redeployed remote must show up at once). */
export function requestRuntimeConfig(url: string = CONFIG_URL): Promise<Response> {
  return fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
}

/** Sends the request now; the first start-up takes its answer (returned for the page's remote to be asked early too). */
export function requestRuntimeConfigEarly(): Promise<Response> {
  const request = requestRuntimeConfig();
  early = request;
  // A failure is handled by whoever takes it; until then it must not count as unhandled.
  request.catch(() => undefined);
  return request;
}

/** The early request for `url`, once (a retry after a failure asks again). */
export function takeEarlyRuntimeConfig(url: string): Promise<Response> | null {
  const taken = url === CONFIG_URL ? early : null;
  early = null;
  return taken;
}
