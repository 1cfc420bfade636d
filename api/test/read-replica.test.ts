/**
 * Reads on a streaming replica (issue 26, decision 52), against a real one: a PostgreSQL primary and its
 * `pg_basebackup -R` replica started here from the packaged binaries (pg-pair.ts). Runs in the
 * PostgreSQL run of the suite (the pair is PostgreSQL whatever the run; once is enough).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { kpisByGroups } from '../src/analytics/engine.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { isPlainRead, ReadRouting, withReadContext } from '../src/db/read-replica.ts';
import { build, call, Cleanup, DEMO, onPostgres } from './helper.ts';
import { startPgPair, type PgPair } from './pg-pair.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('which statements may read the replica', () => {
  it('takes plain reads, parenthesised unions among them, and leaves writes and locks to the primary', () => {
    for (const sql of [
      'SELECT 1',
      '  with x AS (SELECT 1) SELECT * FROM x',
      // A line's product runs: the last before the window and those inside it (opportunity occurrences).
      '(SELECT at FROM product_run_events WHERE at < $1 ORDER BY at DESC LIMIT 1)\n UNION ALL\n (SELECT at FROM product_run_events WHERE at >= $1)',
      'SELECT updated_at, deleted FROM t',
    ]) assert.equal(isPlainRead(sql), true, sql);
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      'WITH d AS (DELETE FROM t RETURNING 1) SELECT count(*) FROM d',
      '(SELECT id FROM t FOR UPDATE)',
      'SELECT id FROM production_units WHERE id = $1 FOR KEY SHARE',
      'SELECT pg_advisory_xact_lock(1)',
      "SELECT nextval('s')",
      'UPDATE t SET a = 1',
    ]) assert.equal(isPlainRead(sql), false, sql);
  });
});

if (onPostgres) {
  describe('reads on a streaming replica', () => {
    const cleanup = new Cleanup();
    let pair: PgPair;
    let app: FastifyInstance;
    let factory: string;
    let unit: string;
    let key: string;
    let account: string;
    // Yesterday (UTC), whole: the figures compared do not move with the clock.
    const day = Math.floor(Date.now() / DAY) * DAY - DAY;
    const iso = (t: number): string => new Date(t).toISOString();
    const window = { start: iso(day), end: iso(day + DAY) };
    const ingest = (events: unknown[]) => call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${key}` }, payload: { events } });
    /** The factory's one line, named `line`, on an all-day shift, as the admin declares it. */
    const configure = (line: string) =>
      call(app, DEMO.admin, {
        method: 'PUT',
        url: `/api/factories/${factory}/configuration`,
        payload: {
          production_units: [{ key: 'L1', name: line }],
          work_shifts: [{ key: 'all', name: 'All day', production_units: ['L1'], start: '00:00', end: '00:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
          products: [],
          downtime_reasons: [],
        },
      });
    /** The figures as a page asks them (routed reads). */
    const figures = async () => {
      const answer = await call(app, DEMO.operation, { method: 'POST', url: '/api/kpis/by-groups', payload: { ...window, groups: [{ name: 'l1', factory_id: factory, production_unit_ids: [unit] }] } });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.groups[0].total as Record<string, number | null>;
    };
    /** The same figures read on the primary alone. */
    const onPrimary = async () => {
      const answer = await kpisByGroups(app.db, account, { ...window, groups: [{ name: 'l1', factory_id: factory, production_unit_ids: [unit] }] });
      return (answer.groups[0] as { total: Record<string, number | null> }).total;
    };
    const served = () => app.readRouting!.served;
    // A function, not the property: each call reads it anew (an assertion on it does not narrow the next).
    const state = (): string => app.readRouting!.state;
    /** Until the routing has looked at the replica again (a probe every 200 ms). */
    const probed = () => wait(500);

    before(async () => {
      pair = await startPgPair();
      cleanup.after(() => pair.stop());
      // No kept answers: every call below computes, so where it read is what is tested. A small lag bound.
      ({ app } = await build(cleanup, { DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: pair.replicaUrl, READ_REPLICA_MAX_LAG_MS: '300', ANALYTICS_CACHE_SECONDS: '0', ROLLUP_REFRESH_SECONDS: '0', HEAVY_UNIT_DAYS: '1' }));
      factory = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Replica Plant', timezone: 'UTC' } })).body.id;
      const configured = await configure('Line 1');
      unit = configured.body.production_units[0].id;
      key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
      [{ account_id: account }] = await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]) as [{ account_id: string }];
      const ingested = await ingest([
        { id: 'a', type: 'state', unit: 'L1', at: iso(day), state: 'running' },
        { id: 'b', type: 'state', unit: 'L1', at: iso(day + 10 * HOUR), state: 'stopped' },
        { id: 'c', type: 'state', unit: 'L1', at: iso(day + 11 * HOUR), state: 'running' },
      ]);
      assert.equal(ingested.body.accepted, 3);
      // Derived once (on the primary: a read that writes reads the primary for the rest of its request).
      await figures();
      await pair.caughtUp();
      await probed();
    });
    after(() => cleanup.run());

    it('answers the same figures from the replica as from the primary', async () => {
      assert.equal(state(), 'serving');
      const before = served();
      const answer = await figures();
      assert.ok(served().replica > before.replica, `reads went to the replica (${JSON.stringify(served())})`);
      assert.deepEqual(answer, await onPrimary());
      assert.equal(answer.unplanned_downtime_ms! + answer.unjustified_downtime_ms!, HOUR);
      // An analytics call is a POST that only reads: the next one of the same account reads the replica too.
      const between = served();
      await figures();
      assert.ok(served().replica > between.replica, 'a second call at once still on the replica');
      assert.equal(served().primary, between.primary);
    });

    it('reads a heavy call on the replica too, on the heavy calls’ own pool', async () => {
      // One line over twelve days is past ten times HEAVY_UNIT_DAYS (1), by-groups' bound: a heavy call.
      const twelveDays = { start: iso(day - 11 * DAY), end: iso(day + DAY), groups: [{ name: 'l1', factory_id: factory, production_unit_ids: [unit] }] };
      const heavyBefore = app.heavyCalls.started;
      const before = served();
      const answer = await call(app, DEMO.operation, { method: 'POST', url: '/api/kpis/by-groups', payload: twelveDays });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(app.heavyCalls.started, heavyBefore + 1);
      assert.ok(served().replica > before.replica, `the heavy call read the replica (${JSON.stringify(served())})`);
      assert.equal(served().primary, before.primary);
      const primary = await kpisByGroups(app.db, account, twelveDays);
      assert.deepEqual(answer.body.groups[0].total, (primary.groups[0] as { total: unknown }).total);
    });

    it('shows its author a configuration change at once, though the replica has not replayed it', async () => {
      await pair.pauseReplay();
      try {
        const renamed = await configure('Line One');
        assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
        // At once, by the author's account: the new name.
        const info = await call(app, DEMO.admin, { method: 'POST', url: '/api/production-units/downtimes-info', payload: { ...window, production_unit_ids: [unit] } });
        assert.equal(info.status, 200, JSON.stringify(info.body));
        assert.equal(info.body[0].production_unit_name, 'Line One');
        // The replica itself still has the old one: the answer above did not come from it.
        const replica = new pg.Client({ connectionString: pair.replicaUrl });
        await replica.connect();
        const { rows } = await replica.query<{ name: string }>('SELECT name FROM production_units WHERE id = $1', [unit]);
        await replica.end();
        assert.equal(rows[0]!.name, 'Line 1');
      } finally {
        await pair.resumeReplay();
      }
      await pair.caughtUp();
    });

    it('reads the primary while the replica lags past the bound (replay paused), so new facts are never missing', async () => {
      await pair.pauseReplay();
      try {
        // Machines' events (not a person's write): only the lag bound keeps the replica out.
        await ingest([
          { id: 'd', type: 'state', unit: 'L1', at: iso(day + 15 * HOUR), state: 'stopped' },
          { id: 'e', type: 'state', unit: 'L1', at: iso(day + 16 * HOUR), state: 'running' },
        ]);
        await wait(400);
        await probed();
        assert.equal(state(), 'behind');
        const answer = await figures();
        assert.equal(answer.unplanned_downtime_ms! + answer.unjustified_downtime_ms!, 2 * HOUR);
        assert.deepEqual(answer, await onPrimary());
      } finally {
        await pair.resumeReplay();
      }
      await pair.caughtUp();
      await probed();
      assert.equal(state(), 'serving');
      const before = served();
      assert.deepEqual(await figures(), await onPrimary());
      assert.ok(served().replica > before.replica, 'back on the replica once it has caught up');
    });

    it('tells the live screens of a change only once the replica has it (their refetch reads it there)', async () => {
      const delivered: number[] = [];
      const stop = app.live.hub.subscribe({ accountId: account, factoryIds: new Set([factory]), deliver: () => delivered.push(Date.now()), reset: () => undefined });
      try {
        await pair.pauseReplay();
        let sent = Date.now();
        try {
          await ingest([{ id: 'g1', type: 'state', unit: 'L1', at: iso(day + 20 * HOUR), state: 'stopped' }]);
          for (let i = 0; i < 100 && delivered.length === 0; i++) await wait(20);
        } finally {
          await pair.resumeReplay();
        }
        // Held past the hub's gathering (250 ms) until the lag bound (300 ms) said reads go to the primary.
        assert.equal(delivered.length, 1);
        assert.ok(delivered[0]! - sent >= 450, `told after ${delivered[0]! - sent} ms`);
        await pair.caughtUp();
        await probed();
        // Replaying: told as soon as the replica has it — and it has it when told.
        sent = Date.now();
        await ingest([{ id: 'g2', type: 'state', unit: 'L1', at: iso(day + 21 * HOUR), state: 'running' }]);
        for (let i = 0; i < 100 && delivered.length === 1; i++) await wait(10);
        const replica = new pg.Client({ connectionString: pair.replicaUrl });
        await replica.connect();
        const { rows } = await replica.query<{ n: string }>(`SELECT count(*) AS n FROM unit_state_events WHERE event_id = 'g2'`);
        await replica.end();
        assert.equal(Number(rows[0]!.n), 1);
        assert.ok(delivered[1]! - sent < 2000, `told after ${delivered[1]! - sent} ms (the live budget: 2 s)`);
      } finally {
        stop();
      }
    });

    it('reads after a write of the same request on the replica once it has replayed the write, on the primary until then', async () => {
      // A routing of its own, to give reads that wait for a write long enough to tell the two cases apart.
      const primaryDb = createPgDb(pair.primaryUrl);
      const replicaDb = createPgDb(pair.replicaUrl);
      const routing = new ReadRouting(primaryDb, replicaDb, { maxLagMs: 60_000, replayWaitMs: 1_000, probeMs: 100, log: app.log });
      await routing.start();
      const name = async () =>
        (await routing.reads.query<{ name: string }>('SELECT name FROM production_units WHERE account_id = $1 AND id = $2', [account, unit]))[0]!.name;
      const rename = (to: string) => routing.reads.transaction((tx) => tx.query('UPDATE production_units SET name = $3 WHERE account_id = $1 AND id = $2', [account, unit, to]));
      try {
        // Replaying: the read after the request's write waits for the replica, and reads the new name there.
        await withReadContext(async () => {
          await rename('Line R1');
          const before = routing.served;
          assert.equal(await name(), 'Line R1');
          assert.deepEqual([routing.served.replica, routing.served.primary], [before.replica + 1, before.primary], JSON.stringify(routing.served));
        });
        // Replay paused: the replica cannot have it; after the wait the read goes to the primary, and sees it.
        await pair.pauseReplay();
        try {
          await withReadContext(async () => {
            await rename('Line R2');
            const before = routing.served;
            assert.equal(await name(), 'Line R2');
            assert.deepEqual([routing.served.primary, routing.served.why.wrote], [before.primary + 1, before.why.wrote + 1], JSON.stringify(routing.served));
          });
        } finally {
          await pair.resumeReplay();
        }
      } finally {
        await primaryDb.query('UPDATE production_units SET name = $3 WHERE account_id = $1 AND id = $2', [account, unit, 'Line One']);
        await routing.stop();
        await Promise.all([primaryDb.close(), replicaDb.close()]);
      }
      await pair.caughtUp();
    });

    it('falls back to the primary with no error when the replica stops, and takes it back when it returns', async () => {
      await pair.stopReplica();
      try {
        const before = served();
        const answer = await figures();
        assert.deepEqual(answer, await onPrimary());
        assert.ok(served().primary > before.primary);
        assert.equal(state(), 'unreachable');
      } finally {
        await pair.startReplica();
      }
      await pair.caughtUp();
      for (let i = 0; i < 50 && state() !== 'serving'; i++) await wait(100);
      assert.equal(state(), 'serving');
      const before = served();
      await figures();
      assert.ok(served().replica > before.replica);
    });
  });
}
