import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ingestEvents } from '../src/ingestion/ingest-events.ts';
import { build, call, Cleanup, DEMO, demoFactoryId } from './helper.ts';

const CONFIGURATION = {
  production_units: [
    { key: 'L1', name: 'Line 1', downtime_delay_seconds: 120 },
    { key: 'L2', name: 'Line 2' },
  ],
  work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1', 'L2'], start: '06:00', end: '14:00', days: ['monday'] }],
  products: [{ sku: 'SKU-A', name: 'Bottle', ideal_rate_per_hour: { L1: 3600 } }],
  downtime_reasons: [
    { key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false },
    { key: 'break', name: 'Break', category: 'Planned', is_planned: true, target_seconds: 600 },
  ],
};

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

describe('ingest keys and HTTP ingestion', () => {
  let app: FastifyInstance;
  let factory: string;
  let accountId: string;
  let units: Record<string, string>;
  let key: string;
  const cleanup = new Cleanup();

  before(async () => {
    ({ app } = await build(cleanup));
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Ingestion Plant', timezone: 'America/Toronto' } });
    factory = created.body.id;
    const config = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: CONFIGURATION });
    units = Object.fromEntries(config.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id]));
    accountId = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id;
    key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
  });
  after(() => cleanup.run());

  const ingest = (events: unknown, bearer: string = key) =>
    call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${bearer}` }, payload: { events } });
  const count = async (table: string): Promise<number> =>
    (await app.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE factory_id = $1`, [factory]))[0]!.n;

  it('creates, lists and revokes ingest keys (admins of the account only); a revoked key gets 401', async () => {
    const created = await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` });
    assert.equal(created.status, 201);
    assert.match(created.body.key, /^lpk_[A-Za-z0-9_-]{43}$/);
    assert.equal(created.body.prefix, created.body.key.slice(0, 12));
    const stored = await app.db.query<{ key_hash: string }>('SELECT key_hash FROM ingest_keys WHERE id = $1', [created.body.id]);
    assert.match(stored[0]!.key_hash, /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(stored).includes(created.body.key), 'only the hash is stored');

    const listed = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/ingest-keys` });
    assert.equal(listed.status, 200);
    const entry = listed.body.find((k: { id: string }) => k.id === created.body.id);
    assert.deepEqual(Object.keys(entry).sort(), ['created_at', 'id', 'prefix', 'revoked_at']);
    assert.equal(entry.revoked_at, null);

    assert.equal((await ingest([{ id: 'k-1', type: 'state', unit: 'L1', at: minutesAgo(1), state: 'running' }], created.body.key)).status, 200);
    const revoked = await call(app, DEMO.admin, { method: 'DELETE', url: `/api/factories/${factory}/ingest-keys/${created.body.id}` });
    assert.equal(revoked.status, 200);
    assert.ok(revoked.body.revoked_at);
    const refused = await ingest([{ id: 'k-2', type: 'state', unit: 'L1', at: minutesAgo(1), state: 'running' }], created.body.key);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.errors[0].code, 'AUTH_401');

    const unknown = await call(app, DEMO.admin, { method: 'DELETE', url: `/api/factories/${factory}/ingest-keys/00000000-0000-4000-8000-000000000000` });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.errors[0].code, 'ING_KEY_404');
    const operator = await call(app, DEMO.operation, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` });
    assert.equal(operator.status, 403);
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${factory}/ingest-keys` });
    assert.equal(other.status, 404);
    assert.equal(other.body.errors[0].code, 'CS_FAC_404');

    // Neither a user token nor garbage is an ingest key.
    const userToken = await call(app, DEMO.admin, { method: 'POST', url: '/api/ingest/v1/events', payload: { events: [] } });
    assert.equal(userToken.status, 401);
    assert.equal((await ingest([], 'lpk_not-a-key')).status, 401);
    assert.equal((await call(app, null, { method: 'POST', url: '/api/ingest/v1/events', payload: { events: [] } })).status, 401);
  });

  it('stores every event type as sent, counters raw, and answers accepted/duplicates', async () => {
    const t0 = Date.now() - 3_600_000;
    const at = (seconds: number): string => new Date(t0 + seconds * 1000).toISOString();
    const events = [
      { id: 's-1', type: 'state', unit: 'L1', at: at(0), state: 'running' },
      { id: 's-2', type: 'state', unit: 'L1', at: at(600), state: 'stopped' },
      { id: 'c-1', type: 'count', unit: 'L1', at: at(60), good: 55, rejected: 2 },
      { id: 'r-1', type: 'counter', unit: 'L2', at: at(0), total: 1000, rejected: 10 },
      { id: 'r-2', type: 'counter', unit: 'L2', at: at(60), total: 1060, rejected: 12 },
      { id: 'r-3', type: 'counter', unit: 'L2', at: at(120), total: 5, rejected: 0 },
      { id: 'j-1', type: 'justification', unit: 'L1', from: at(600), to: at(900), reason: 'jam' },
      { id: 'p-1', type: 'product', unit: 'L1', at: '2024-03-01T10:00:00-05:00', sku: 'SKU-A' },
    ];
    const response = await ingest(events);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, { accepted: 8, duplicates: 0 });

    const states = await app.db.query('SELECT event_id, production_unit_id, at, running FROM unit_state_events WHERE factory_id = $1 AND event_id LIKE $2 ORDER BY at', [factory, 's-%']);
    assert.deepEqual(states, [
      { event_id: 's-1', production_unit_id: units.L1, at: at(0), running: true },
      { event_id: 's-2', production_unit_id: units.L1, at: at(600), running: false },
    ]);
    assert.deepEqual(await app.db.query('SELECT good, rejected FROM unit_count_events WHERE factory_id = $1', [factory]), [{ good: 55, rejected: 2 }]);
    // Counters are stored as read, resets included: the engine derives increments in time order.
    assert.deepEqual(
      await app.db.query('SELECT total, rejected FROM unit_counter_readings WHERE factory_id = $1 ORDER BY at', [factory]),
      [{ total: 1000, rejected: 10 }, { total: 1060, rejected: 12 }, { total: 5, rejected: 0 }],
    );
    const [justification] = await app.db.query<{ from_at: string; to_at: string; key: string }>(
      'SELECT j.from_at, j.to_at, r.key FROM downtime_justifications j JOIN downtime_reasons r ON r.id = j.downtime_reason_id WHERE j.factory_id = $1',
      [factory],
    );
    assert.deepEqual(justification, { from_at: at(600), to_at: at(900), key: 'jam' });
    const [product] = await app.db.query<{ at: string }>('SELECT at FROM product_run_events WHERE factory_id = $1', [factory]);
    assert.equal(product!.at, '2024-03-01T15:00:00.000Z');

    // Re-sent: all duplicates, nothing stored twice; a mixed batch counts both.
    assert.deepEqual((await ingest(events)).body, { accepted: 0, duplicates: 8 });
    const mixed = await ingest([events[0], { id: 'c-2', type: 'count', unit: 'L1', at: at(120), good: 1, rejected: 0 }]);
    assert.deepEqual(mixed.body, { accepted: 1, duplicates: 1 });
    assert.equal(await count('unit_state_events'), 3); // + k-1 of the key test
    assert.equal(await count('unit_count_events'), 2);
  });

  it('accepts late and out-of-order events and marks the spans they touch dirty', async () => {
    await app.db.query('DELETE FROM rollup_dirty WHERE factory_id = $1', [factory]);
    const late = '2023-06-01T08:00:00+02:00';
    const response = await ingest([
      { id: 'late-2', type: 'count', unit: 'L2', at: '2023-06-01T09:00:00Z', good: 3, rejected: 0 },
      { id: 'late-1', type: 'state', unit: 'L2', at: late, state: 'stopped' },
      { id: 'late-j', type: 'justification', unit: 'L1', from: '2022-01-01T00:00:00Z', to: '2022-01-01T00:30:00Z', reason: 'break' },
    ]);
    assert.deepEqual(response.body, { accepted: 3, duplicates: 0 });
    const rows = await app.db.query<{ production_unit_id: string; from_at: string; to_at: string }>(
      'SELECT production_unit_id, from_at, to_at FROM rollup_dirty WHERE factory_id = $1 ORDER BY from_at',
      [factory],
    );
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[0], { production_unit_id: units.L1, from_at: '2022-01-01T00:00:00.000Z', to_at: '2022-01-01T00:30:00.000Z' });
    assert.equal(rows[1]!.production_unit_id, units.L2);
    assert.equal(rows[1]!.from_at, '2023-06-01T06:00:00.000Z');
    assert.ok(Date.parse(rows[1]!.to_at) > Date.now() + 23 * 3_600_000, 'a late state or count re-derives up to now');

    // Duplicates mark nothing.
    await ingest([{ id: 'late-1', type: 'state', unit: 'L2', at: late, state: 'stopped' }]);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE factory_id = $1', [factory])).length, 2);
  });

  it('refuses a batch with any invalid event whole, listing each problem by index and field', async () => {
    const before = await count('unit_state_events');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const response = await ingest([
      { id: 'ok-1', type: 'state', unit: 'L1', at: minutesAgo(5), state: 'running' },
      { id: 'bad-1', type: 'state', unit: 'L9', at: minutesAgo(5), state: 'paused' },
      { id: 'bad-2', type: 'count', unit: 'L1', at: '2024-02-30T10:00:00Z', good: -1, rejected: 1.5 },
      { id: 'bad-3', type: 'counter', unit: 'L1', at: '2019-08-31T12:00:00Z', total: 5, rejected: 6 },
      { id: 'bad-4', type: 'justification', unit: 'L1', from: minutesAgo(1), to: minutesAgo(2), reason: 'coffee' },
      { id: 'bad-5', type: 'product', unit: 'L1', at: future, sku: 'NOPE' },
      { id: 'ok-1', type: 'weird', unit: 'L1' },
      { id: 'bad-6', type: 'state', unit: 'L1', at: '2024-03-01 10:00', state: 'running', extra: true },
      'not an object',
    ]);
    assert.equal(response.status, 400);
    const problems = response.body.errors.map((e: { code: string; arguments: { index: number; field: string } }) => `${e.arguments.index} ${e.arguments.field} ${e.code}`);
    assert.deepEqual(problems, [
      '1 unit ING_UNIT_UNKNOWN',
      '1 state ING_FIELD_INVALID',
      '2 at ING_FIELD_INVALID',
      '2 good ING_FIELD_INVALID',
      '2 rejected ING_FIELD_INVALID',
      '3 at ING_TIME_OUT_OF_RANGE',
      '3 rejected ING_FIELD_INVALID',
      '4 to ING_SPAN_INVALID',
      '4 reason ING_REASON_UNKNOWN',
      '5 at ING_TIME_OUT_OF_RANGE',
      '5 sku ING_PRODUCT_UNKNOWN',
      '6 id ING_ID_REPEATED',
      '6 type ING_FIELD_INVALID',
      '7 extra ING_FIELD_INVALID',
      '7 at ING_FIELD_INVALID',
      '8 event ING_FIELD_INVALID',
    ]);
    assert.ok(response.body.errors.every((e: { message: string }) => e.message.length > 0));
    assert.equal(await count('unit_state_events'), before, 'nothing of the batch is stored');
  });

  it('takes 10 000 events in one batch and refuses 10 001 or none', async () => {
    const base = Date.now() - 10 * 86_400_000;
    const events = Array.from({ length: 10_000 }, (_, i) => ({
      id: `bulk-${i}`,
      type: 'count',
      unit: i % 2 ? 'L1' : 'L2',
      at: new Date(base + i * 1000).toISOString(),
      good: 10,
      rejected: i % 7 === 0 ? 1 : 0,
    }));
    const ok = await ingest(events);
    assert.equal(ok.status, 200, JSON.stringify(ok.body).slice(0, 500));
    assert.deepEqual(ok.body, { accepted: 10_000, duplicates: 0 });

    const tooMany = await ingest([...events, { ...events[0], id: 'bulk-extra' }]);
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors[0].code, 'ING_BATCH_SIZE');
    assert.equal(tooMany.body.errors[0].arguments.max, 10_000);
    const none = await ingest([]);
    assert.equal(none.status, 400);
    assert.equal(none.body.errors[0].code, 'ING_BATCH_SIZE');
    const notArray = await call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${key}` }, payload: { events: 'x' } });
    assert.equal(notArray.status, 400);
    assert.equal(notArray.body.errors[0].arguments.field, 'events');
  });

  it('sees configuration changes at once and is callable directly (MQTT, benchmark)', async () => {
    const event = { id: 'direct-1', type: 'product', unit: 'L3', at: minutesAgo(1), sku: 'SKU-B' };
    const refused = await ingest([event]);
    assert.deepEqual(refused.body.errors.map((e: { code: string }) => e.code), ['ING_UNIT_UNKNOWN', 'ING_PRODUCT_UNKNOWN']);
    await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${factory}/configuration`,
      payload: {
        ...CONFIGURATION,
        production_units: [...CONFIGURATION.production_units, { key: 'L3', name: 'Line 3' }],
        products: [...CONFIGURATION.products, { sku: 'SKU-B', name: 'Can', ideal_rate_per_hour: { L3: 100 } }],
      },
    });
    const result = await ingestEvents(app.db, { accountId, factoryId: factory }, [event]);
    assert.deepEqual(result, { accepted: 1, duplicates: 0 });
  });

  it('documents the endpoints in OpenAPI', async () => {
    const doc = (await call(app, null, { method: 'GET', url: '/api/openapi.json' })).body;
    assert.ok(doc.paths['/api/ingest/v1/events'].post);
    assert.deepEqual(doc.paths['/api/ingest/v1/events'].post.security, [{ ingestKey: [] }]);
    assert.ok(doc.paths['/api/factories/{id}/configuration'].put);
    assert.ok(doc.paths['/api/factories/{id}/ingest-keys'].post);
    assert.ok(doc.paths['/api/factories/{id}/ingest-keys/{keyId}'].delete);
    assert.ok(doc.paths['/api/factories'].post);
    assert.ok(doc.components.securitySchemes.ingestKey);
  });

  it('keeps another factory’s facts apart (same event ids are different facts)', async () => {
    const lyon = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
    const lyonKey = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${lyon}/ingest-keys` })).body.key;
    const unit = (await app.db.query<{ key: string }>('SELECT key FROM production_units WHERE factory_id = $1 ORDER BY key LIMIT 1', [lyon]))[0]!.key;
    const response = await ingest([{ id: 's-1', type: 'state', unit, at: minutesAgo(1), state: 'running' }], lyonKey);
    assert.deepEqual(response.body, { accepted: 1, duplicates: 0 });
    // Lyon's key cannot write into this factory's units.
    const cross = await ingest([{ id: 'x-1', type: 'state', unit: 'L1', at: minutesAgo(1), state: 'running' }], lyonKey);
    assert.equal(cross.status, 400);
    assert.equal(cross.body.errors[0].code, 'ING_UNIT_UNKNOWN');
  });
  describe('a unit removed while machines send (no foreign key per row: migration 034)', () => {
    /** A factory of its own with lines L1 and L2, and the configuration without L2. */
    const plant = async (name: string) => {
      const id = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name, timezone: 'UTC' } })).body.id as string;
      const configured = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${id}/configuration`, payload: CONFIGURATION });
      const lines = Object.fromEntries(configured.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id])) as Record<string, string>;
      const [{ config_version: version }] = (await app.db.query<{ config_version: number }>('SELECT config_version FROM factories WHERE id = $1', [id])) as [{ config_version: number }];
      const withoutL2 = { ...CONFIGURATION, production_units: [CONFIGURATION.production_units[0]], work_shifts: [{ ...CONFIGURATION.work_shifts[0]!, production_units: ['L1'] }] };
      return { id, lines, version, removeL2: () => call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${id}/configuration`, payload: withoutL2 }) };
    };
    const stored = async (factoryId: string) =>
      Number((await app.db.query<{ n: string }>('SELECT count(*)::text AS n FROM unit_state_events WHERE account_id = $1 AND factory_id = $2', [accountId, factoryId]))[0]!.n);

    it('refuses a batch for a unit removed since its factory was looked up, storing none of it', async () => {
      const p = await plant('Removal After Lookup');
      const event = (id: string, unit: string) => ({ id, type: 'state', unit, at: minutesAgo(1), state: 'running' });
      // The lookup is cached with L2, then L2 goes behind the api's back (no cache forgotten).
      assert.deepEqual(await ingestEvents(app.db, { accountId, factoryId: p.id, configVersion: p.version }, [event('a', 'L1')]), { accepted: 1, duplicates: 0 });
      await app.db.query('DELETE FROM production_units WHERE account_id = $1 AND id = $2', [accountId, p.lines.L2]);
      await assert.rejects(
        ingestEvents(app.db, { accountId, factoryId: p.id, configVersion: p.version }, [event('b', 'L1'), event('c', 'L2')]),
        (error: { statusCode?: number; items?: { code: string }[] }) => error.statusCode === 400 && error.items?.[0]?.code === 'ING_UNIT_UNKNOWN',
      );
      assert.equal(await stored(p.id), 1);
    });

    it('keeps a unit whose first facts are being stored while the configuration removes it', async () => {
      const p = await plant('Removal During Batch');
      let removal: ReturnType<typeof p.removeL2> | undefined;
      await app.db.transaction(async (tx) => {
        // The batch has stored L2's first fact and holds its lock; the removal starts meanwhile. Silent, as
        // a history import's parts are: an announced batch also holds its factory's row (the live event's
        // key), which the removal would wait for before its first check.
        await ingestEvents(tx, { accountId, factoryId: p.id, configVersion: p.version }, [{ id: 'first', type: 'state', unit: 'L2', at: minutesAgo(1), state: 'running' }], { announce: false });
        removal = p.removeL2();
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const refused = await removal!;
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.deepEqual(refused.body.errors.map((e: { code: string; arguments: { key: string } }) => `${e.code} ${e.arguments.key}`), ['CFG_IN_USE L2']);
      assert.equal((await app.db.query('SELECT 1 FROM production_units WHERE account_id = $1 AND id = $2', [accountId, p.lines.L2])).length, 1);
      assert.equal(await stored(p.id), 1);
    });
  });
});
