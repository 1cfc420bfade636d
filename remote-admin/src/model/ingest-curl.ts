/** Where machines send their events, on the product's own origin (api/src/routes/ingest.ts). */
export const INGEST_EVENTS_PATH = '/ingest/v1/events';

/** Stands for the unit key in the example while the factory declares no production unit. */
export const UNIT_KEY_PLACEHOLDER = 'UNIT-KEY';

/**
 * A ready-to-run `curl` command sending one `state` event (the unit is running) with a new ingest key:
 * what a plant's integrator runs first to see data arrive. The event's instant and id are fixed when the
 * key is shown, so running the command twice sends a duplicate the api recognises, not a second state.
 * Keys and unit keys have no quote or space (their patterns), so single quotes are safe in any POSIX shell.
 */
export function ingestCurlCommand({ origin, key, unitKey, at }: { origin: string; key: string; unitKey: string | null; at: Date }): string {
  const event = { id: `setup-check-${at.getTime()}`, type: 'state', unit: unitKey ?? UNIT_KEY_PLACEHOLDER, at: at.toISOString(), state: 'running' };
  return [
    `curl -X POST '${origin}${INGEST_EVENTS_PATH}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify({ events: [event] })}'`,
  ].join('\n');
}
