/** Where machines send their events, under the api's base (api/src/routes/ingest.ts, mounted on /api). */
export const INGEST_EVENTS_PATH = '/ingest/v1/events';

/**
 * The full address of the ingestion call: the platform's api base (the product's public address + /api,
 * what machines on the plant network reach), resolved against the page's origin should it be relative.
 */
export function ingestEventsUrl(apiBase: string, origin: string): string {
  return new URL(`${apiBase.replace(/\/+$/, '')}${INGEST_EVENTS_PATH}`, origin).href;
}

/** Stands for the unit key in the example while the factory declares no production unit. */
export const UNIT_KEY_PLACEHOLDER = 'UNIT-KEY';

/**
 * A ready-to-run `curl` command sending one `state` event (the unit is running) with a new ingest key:
 * what a plant's integrator runs first to see data arrive. The event's instant and id are fixed when the
 * key is shown, so running the command twice sends a duplicate the api recognises, not a second state.
 * Keys and unit keys have no quote or space (their patterns), so single quotes are safe in any POSIX shell.
 */
export function ingestCurlCommand({ url, key, unitKey, at }: { url: string; key: string; unitKey: string | null; at: Date }): string {
  const event = { id: `setup-check-${at.getTime()}`, type: 'state', unit: unitKey ?? UNIT_KEY_PLACEHOLDER, at: at.toISOString(), state: 'running' };
  return [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify({ events: [event] })}'`,
  ].join('\n');
}
