import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { deadlineDb } from '../src/plugins/app/heavy-calls.ts';
import { build, call, Cleanup, DEMO, onPostgres, tokenFor } from './helper.ts';
import { justify, makeFactory, makeProduct, makeReason, makeShift, makeUnit, product, state, type TestFactory } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();
const day0 = Date.parse('2024-05-06T00:00:00Z');

/**
 * A factory whose lines stop around every change of shift (06:00, 14:00, 22:00) for `days` days and
 * exceed a planned reason's target once a day: `3 × days × units` shift changes, `days × units` planned
 * downtimes above target.
 */
async function busyFactory(app: FastifyInstance, days: number, units = 1): Promise<{ f: TestFactory; units: string[] }> {
  const f = await makeFactory(app.db, { timezone: 'UTC' });
  const ids: string[] = [];
  for (let u = 0; u < units; u++) ids.push(await makeUnit(f));
  await makeShift(f, { start: '06:00', end: '14:00', units: ids, sortOrder: 1 });
  await makeShift(f, { start: '14:00', end: '22:00', units: ids, sortOrder: 2 });
  await makeShift(f, { start: '22:00', end: '06:00', units: ids, sortOrder: 3 });
  const p = await makeProduct(f, Object.fromEntries(ids.map((id) => [id, 600])));
  const cleaning = await makeReason(f, { planned: true, name: 'Cleaning', targetSeconds: 600 });
  for (const unit of ids) {
    await product(f, unit, iso(day0 - DAY), p);
    await state(f, unit, iso(day0 - DAY), true);
    for (let d = 0; d < days; d++) {
      for (const h of [6, 14, 22]) {
        const t = day0 + d * DAY + h * 3_600_000;
        await state(f, unit, iso(t - 5 * 60_000), false);
        await state(f, unit, iso(t + 10 * 60_000), true);
      }
      const c = day0 + d * DAY + 10 * 3_600_000;
      await state(f, unit, iso(c), false);
      await state(f, unit, iso(c + 25 * 60_000), true);
      await justify(f, unit, iso(c), iso(c + 25 * 60_000), cleaning);
    }
  }
  return { f, units: ids };
}

const noReply = { header: () => noReply } as unknown as FastifyReply;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('analytics limits', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('refuses opportunities over more than 366 days with a translated code, before any work', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const whole = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { company: true, start: '2019-09-01T00:00:00Z', end: '2024-09-01T00:00:00Z' } });
    assert.equal(whole.status, 400, JSON.stringify(whole.body));
    assert.deepEqual(whole.body.errors[0].code, 'ANL_WINDOW_TOO_LONG');
    assert.deepEqual(whole.body.errors[0].arguments, { max_days: 366 });
    const range = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { factory_id: f.factoryId, time_option: 'time_range', start_date: '2022-01-01', end_date: '2023-06-30' } });
    assert.equal(range.status, 400);
    assert.equal(range.body.errors[0].code, 'ANL_WINDOW_TOO_LONG');
    // A leap year whole is allowed.
    const year = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { factory_id: f.factoryId, time_option: 'time_range', start_date: '2024-01-01', end_date: '2024-12-31' } });
    assert.equal(year.status, 200, JSON.stringify(year.body));
  });

  it('refuses more than 1 000 ids in an array, naming it', async () => {
    const many = Array.from({ length: 1001 }, () => randomUUID());
    const window = { start: '2024-05-06T00:00:00Z', end: '2024-05-07T00:00:00Z' };
    const info = await call(app, DEMO.admin, { method: 'POST', url: '/api/production-units/downtimes-info', payload: { ...window, production_unit_ids: many } });
    assert.equal(info.status, 400);
    assert.deepEqual(info.body.errors, [{ code: 'ANL_TOO_MANY_IDS', arguments: { field: 'production_unit_ids', max: 1000 }, message: 'production_unit_ids holds more than 1000 ids.' }]);
    const shifts = await call(app, DEMO.admin, { method: 'POST', url: '/api/top-downtime-reasons', payload: { ...window, production_unit_ids: [randomUUID()], work_shift_ids: many } });
    assert.equal(shifts.body.errors[0].arguments.field, 'work_shift_ids');
    const f = await makeFactory(app.db);
    const kpis = await call(app, DEMO.admin, { method: 'POST', url: '/api/kpis/by-groups', payload: { ...window, groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: many }] } });
    assert.equal(kpis.status, 400);
    assert.equal(kpis.body.errors[0].arguments.field, 'groups.0.production_unit_ids');
    const opp = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { ...window, company: true, production_unit_ids: many } });
    assert.equal(opp.status, 400);
    assert.equal(opp.body.errors[0].code, 'ANL_TOO_MANY_IDS');
    // At the limit: an ordinary answer (here: unknown lines).
    const atLimit = await call(app, DEMO.admin, { method: 'POST', url: '/api/production-units/downtimes-info', payload: { ...window, production_unit_ids: many.slice(0, 1000) } });
    assert.notEqual(atLimit.body.errors?.[0]?.code, 'ANL_TOO_MANY_IDS');
  });

  it('pages the occurrences of opportunities; totals and per-reason sums cover the whole window', async () => {
    const { f } = await busyFactory(app, 4);
    const window = { factory_id: f.factoryId, start: iso(day0), end: iso(day0 + 4 * DAY) };
    const full = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: window });
    assert.equal(full.status, 200, JSON.stringify(full.body));
    const all = full.body.shift_changes.occurrences as { at: string }[];
    assert.equal(full.body.shift_changes.occurrences_total, all.length);
    assert.ok(all.length >= 10, `${all.length} shift changes`);
    assert.equal(full.body.shift_changes.next_offset, null);
    const pages: { at: string }[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { ...window, limit: 4, offset } });
      assert.equal(page.status, 200);
      assert.ok(page.body.shift_changes.occurrences.length <= 4);
      assert.equal(page.body.shift_changes.occurrences_total, all.length);
      assert.deepEqual(page.body.shift_changes.company, full.body.shift_changes.company, 'totals of the whole window on every page');
      pages.push(...page.body.shift_changes.occurrences);
      offset = page.body.shift_changes.next_offset;
    }
    assert.deepEqual(pages, all);
    const sorted = [...all].sort((a, b) => a.at.localeCompare(b.at));
    assert.deepEqual(all.map((o) => o.at), sorted.map((o) => o.at), 'in time order');

    const totals = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { ...window, limit: 0 } });
    assert.equal(totals.body.planned_downtime_above_target.occurrences.length, 0);
    assert.equal(totals.body.planned_downtime_above_target.occurrences_total, 4);
    assert.equal(totals.body.planned_downtime_above_target.next_offset, 0);
    const perReason = totals.body.planned_downtime_above_target.per_reason;
    assert.equal(perReason.length, 1);
    assert.equal(perReason[0].downtime_reason, 'Cleaning');
    // Each stop's whole time is its loss; the gain is the time beyond the reason's target (decision 25).
    assert.equal(perReason[0].lost_ms, 4 * 25 * 60_000, 'four stops of 25 minutes');
    assert.equal(perReason[0].gain_hours, 1, 'four days of 15 minutes above the 10-minute target');
    const bad = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { ...window, limit: 1001 } });
    assert.equal(bad.status, 400);
  });
});

describe('analytics limits: heavy calls', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    // Every opportunities call is heavy; two at once server-wide.
    ({ app } = await build(cleanup, { HEAVY_UNIT_DAYS: '0', HEAVY_CALLS_MAX: '2', HEAVY_CALLS_QUEUE: '4', HEAVY_CALLS_QUEUE_WAIT_MS: '60000' }));
  });
  after(() => cleanup.run());

  it('answers a second concurrent heavy call of the same user with 429 and Retry-After; another user is served', async () => {
    const { f } = await busyFactory(app, 5);
    const payload = { factory_id: f.factoryId, start: iso(day0), end: iso(day0 + 5 * DAY) };
    const admin = await tokenFor(app, DEMO.admin);
    const operation = await tokenFor(app, DEMO.operation);
    // Both server-wide turns taken: the admin's first call waits in the queue, and counts as running.
    const release: (() => void)[] = [];
    const holds = ['x', 'y'].map((user) => app.heavyCalls.run(noReply, user, 'hold', () => new Promise<void>((r) => release.push(r))));
    const first = call(app, null, { method: 'POST', url: '/api/opportunities', payload, token: admin });
    while (app.heavyCalls.load.waiting < 1) await sleep(5);
    // Another window (identical requests share one computation instead).
    const second = await call(app, null, { method: 'POST', url: '/api/opportunities', payload: { ...payload, end: iso(day0 + 4 * DAY) }, token: admin });
    assert.equal(second.status, 429, JSON.stringify(second.body).slice(0, 300));
    assert.equal(second.headers['retry-after'], '5');
    assert.deepEqual(second.body.errors, [{ code: 'ANL_HEAVY_CALL_RUNNING', arguments: { retry_after: 5 }, message: 'The same long call of this user is still running.' }]);
    const other = call(app, null, { method: 'POST', url: '/api/opportunities', payload, token: operation });
    while (app.heavyCalls.load.waiting < 2) await sleep(5);
    for (const r of release) r();
    await Promise.all(holds);
    assert.equal((await first).status, 200);
    assert.equal((await other).status, 200, 'another user is not limited by the admin’s call');
    // Once the first has finished, the same user is served again.
    const again = await call(app, null, { method: 'POST', url: '/api/opportunities', payload, token: admin });
    assert.equal(again.status, 200);
  });

  it('shares one computation between identical concurrent requests of an account', async () => {
    const { f } = await busyFactory(app, 2);
    const payload = { factory_id: f.factoryId, start: iso(day0), end: iso(day0 + 2 * DAY) };
    const admin = await tokenFor(app, DEMO.admin);
    const release: (() => void)[] = [];
    const holds = ['x', 'y'].map((user) => app.heavyCalls.run(noReply, user, 'hold', () => new Promise<void>((r) => release.push(r))));
    const first = call(app, null, { method: 'POST', url: '/api/opportunities', payload, token: admin });
    while (app.heavyCalls.load.waiting < 1) await sleep(5);
    // The same request again while the first waits: it joins it (no 429, no second turn).
    const second = call(app, null, { method: 'POST', url: '/api/opportunities', payload, token: admin });
    await sleep(50);
    assert.equal(app.heavyCalls.load.waiting, 1);
    for (const r of release) r();
    await Promise.all(holds);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a.status, 200);
    assert.deepEqual(b.body, a.body);
  });

  it('refuses with 503 ANL_BUSY and Retry-After when the queue of heavy calls is full', async () => {
    const release: (() => void)[] = [];
    const hold = (user: string) => app.heavyCalls.run(noReply, user, 'hold', () => new Promise<void>((r) => release.push(r)));
    const running = ['a', 'b', 'c', 'd', 'e', 'f'].map(hold); // two run, four wait: the queue is full
    await sleep(20);
    assert.deepEqual(app.heavyCalls.load, { running: 2, waiting: 4 });
    const { f } = await busyFactory(app, 1);
    const busy = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { factory_id: f.factoryId, start: iso(day0), end: iso(day0 + DAY) } });
    assert.equal(busy.status, 503);
    assert.equal(busy.headers['retry-after'], '5');
    assert.equal(busy.body.errors[0].code, 'ANL_BUSY');
    // Releasing the running ones lets the waiting ones start; release them in turn.
    let released = 0;
    while (released < running.length) {
      for (const r of release.splice(0)) {
        r();
        released += 1;
      }
      await sleep(10);
    }
    await Promise.all(running);
    assert.deepEqual(app.heavyCalls.load, { running: 0, waiting: 0 });
  });

  it('answers /api/health at once while heavy calls hold the database', async () => {
    const { f } = await busyFactory(app, 10);
    const payload = { factory_id: f.factoryId, start: iso(day0), end: iso(day0 + 10 * DAY) };
    let heavyDone = 0;
    // Two heavy calls each inside a transaction for a second (PGlite: the whole database; PostgreSQL:
    // every connection of the heavy calls' pool), and real opportunity calls queued behind them.
    const holders = ['x', 'y'].map((user) =>
      app.heavyCalls.run(noReply, user, 'hold', (db) => db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await sleep(1000);
      })).then(() => (heavyDone += 1)),
    );
    await sleep(50);
    const opportunities = [DEMO.admin, DEMO.operation].map((user) => call(app, user, { method: 'POST', url: '/api/opportunities', payload }));
    const t = performance.now();
    const health = await call(app, null, { method: 'GET', url: '/api/health' });
    const ms = performance.now() - t;
    assert.equal(health.status, 200);
    assert.equal(heavyDone, 0, 'the heavy calls were still running');
    assert.ok(ms < 500, `health took ${Math.round(ms)} ms`);
    await Promise.all([...holders, ...opportunities]);
  });
});

describe('analytics limits: timeout', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup, { HEAVY_UNIT_DAYS: '0', HEAVY_CALL_TIMEOUT_MS: '1' }));
  });
  after(() => cleanup.run());

  it('stops a heavy call past its timeout with a translated 503', async () => {
    const { f } = await busyFactory(app, 30, 3);
    const res = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload: { factory_id: f.factoryId, start: iso(day0), end: iso(day0 + 30 * DAY) } });
    assert.equal(res.status, 503, JSON.stringify(res.body).slice(0, 300));
    assert.deepEqual(res.body.errors, [{ code: 'ANL_TIMEOUT', arguments: { seconds: 1 }, message: 'The call took longer than 1 s and was stopped.' }]);
    // A light call of the same user is unaffected.
    const light = await call(app, DEMO.admin, { method: 'POST', url: '/api/production-units/downtimes-info', payload: { start: iso(day0), end: iso(day0 + DAY), production_unit_ids: [] } });
    assert.notEqual(light.status, 503);
  });

  it('translates a passed deadline and, on PostgreSQL, a statement cancelled by statement_timeout', async () => {
    const isTimeout = (error: { statusCode?: number; items?: { code: string }[] }) => error.statusCode === 503 && error.items?.[0]?.code === 'ANL_TIMEOUT';
    const late = deadlineDb(app.heavyCalls.db, 60_000, Date.now() - 61_000);
    await assert.rejects(late.query('SELECT 1'), isTimeout);
    await assert.rejects(late.transaction(async () => undefined), isTimeout);
    if (onPostgres) {
      // The heavy pool's statement_timeout is the call timeout (1 ms here); the deadline itself is far.
      await assert.rejects(deadlineDb(app.heavyCalls.db, 60_000).query('SELECT pg_sleep(0.5)'), isTimeout);
    }
  });
});
