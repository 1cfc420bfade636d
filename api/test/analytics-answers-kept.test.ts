import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO } from './helper.ts';

/**
 * Identical analytics requests share one answer for ANALYTICS_CACHE_SECONDS (decision 27), but never
 * one older than a write this process made to what it read: ingested facts of its lines, or the
 * account's configuration.
 */
const CONFIGURATION = {
  production_units: [
    { key: 'L1', name: 'Line 1' },
    { key: 'L2', name: 'Line 2' },
  ],
  work_shifts: [],
  products: [],
  downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
};

describe('analytics answers kept for a few seconds', () => {
  let app: FastifyInstance;
  let factory: string;
  let units: Record<string, string>;
  let key: string;
  const cleanup = new Cleanup();

  before(async () => {
    ({ app } = await build(cleanup, { ANALYTICS_CACHE_SECONDS: '3600' }));
    factory = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Kept Answers Plant', timezone: 'UTC' } })).body.id;
    const config = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: CONFIGURATION });
    units = Object.fromEntries(config.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id]));
    key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
  });
  after(() => cleanup.run());

  /**
   * Ingests through the api, then waits until this instance's live hub has heard the batch's
   * announcement: hearing it bumps the lines' counters once more (as another instance's write would),
   * and an answer kept before that moment would not be used after it (the test failed so on a slow
   * machine, the announcement heard between two of its requests).
   */
  const ingest = async (events: unknown) => {
    const response = await call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${key}` }, payload: { events } });
    const [announced] = await app.db.query<{ id: string | number | null }>('SELECT max(id) AS id FROM live_events');
    const until = Date.now() + 5_000;
    while (app.live.hub.position < Number(announced?.id ?? 0) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    return response;
  };
  // A fixed window, so that repeated requests are identical.
  const windowBody = (unit: string) => ({ start: '2026-01-01T00:00:00.000Z', end: '2026-01-01T06:00:00.000Z', production_unit_ids: [unit] });
  /** A stopped state stored behind the api's back, marked for re-derivation as a late event would be. */
  const stopBehindTheApi = async (unit: string, id: string, at: string) => {
    await app.db.query(
      `INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running)
       SELECT account_id, factory_id, id, $2, $3, false FROM production_units WHERE id = $1`,
      [unit, id, at],
    );
    await app.db.query(
      `INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at)
       SELECT account_id, factory_id, id, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z' FROM production_units WHERE id = $1`,
      [unit],
    );
  };
  const fixedInfo = async (unit: string, user = DEMO.operation) =>
    (await call(app, user, { method: 'POST', url: '/api/production-units/downtimes-info', payload: windowBody(unit) })).body[0] as { downtime_occurrences: number; total: number };

  it('answers an identical request from the kept answer, until facts of its line are ingested', async () => {
    assert.equal((await ingest([{ id: 'a-1', type: 'state', unit: 'L1', at: '2026-01-01T00:00:00Z', state: 'running' }])).status, 200);
    const first = await fixedInfo(units.L1!);
    assert.equal(first.downtime_occurrences, 0);
    // The same request, with the stored facts changed behind the api's back: the kept answer is used.
    await stopBehindTheApi(units.L1!, 'behind', '2026-01-01T01:00:00Z');
    assert.deepEqual(await fixedInfo(units.L1!), first);
    // Another line's facts leave it kept; this line's facts (through the api) make a new answer.
    assert.equal((await ingest([{ id: 'b-1', type: 'state', unit: 'L2', at: '2026-01-01T00:00:00Z', state: 'running' }])).status, 200);
    assert.deepEqual(await fixedInfo(units.L1!), first);
    assert.equal((await ingest([{ id: 'a-2', type: 'state', unit: 'L1', at: '2026-01-01T02:00:00Z', state: 'running' }])).status, 200);
    const after = await fixedInfo(units.L1!);
    assert.equal(after.downtime_occurrences, 1);
    assert.equal(after.total, 3_600_000);
  });

  it('makes a new answer after a configuration change of the account', async () => {
    const before = await fixedInfo(units.L2!);
    await stopBehindTheApi(units.L2!, 'behind-2', '2026-01-01T03:00:00Z');
    assert.deepEqual(await fixedInfo(units.L2!), before);
    const renamed = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: { ...CONFIGURATION, production_units: [CONFIGURATION.production_units[0], { key: 'L2', name: 'Line two' }] } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const after = await fixedInfo(units.L2!);
    assert.equal(after.downtime_occurrences, 1);
  });

  it('never gives another account a kept answer', async () => {
    assert.equal((await call(app, DEMO.operation, { method: 'POST', url: '/api/production-units/downtimes-info', payload: windowBody(units.L1!) })).status, 200);
    const other = await call(app, DEMO.otherAdmin, { method: 'POST', url: '/api/production-units/downtimes-info', payload: windowBody(units.L1!) });
    assert.equal(other.status, 404);
  });
});
