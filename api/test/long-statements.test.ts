import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { build, call, Cleanup, DEMO, demoFactoryId, tempDir } from './helper.ts';

/**
 * A long statement must not stop the server (decision 30): PGlite runs on a thread of its own, heavy
 * calls stop a statement past their limits on PGlite as statement_timeout does on PostgreSQL, and the
 * downtime list and the export count as heavy calls. Every test runs on both databases.
 */

const noReply = { header: () => noReply } as unknown as FastifyReply;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) assert.fail(`timed out waiting until ${what}`);
    await sleep(5);
  }
}

/** A call that takes a while, and whether it has ended yet. */
function longStatement(run: Promise<unknown>): { ended: () => boolean; done: Promise<unknown> } {
  let ended = false;
  const done = run.finally(() => (ended = true));
  return { ended: () => ended, done };
}

describe('while a long statement runs', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    const staticRoot = tempDir('linepulse-static-');
    mkdirSync(path.join(staticRoot, 'host', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'host', 'dist', 'index.html'), '<!doctype html><title>Linepulse</title>');
    ({ app } = await build(cleanup, { STATIC_ROOT: staticRoot }));
  });
  after(() => cleanup.run());

  it('answers /api/health, /config.json and static files', async () => {
    // Health's first probe pings the database; later ones answer from the background check.
    assert.equal((await call(app, null, { method: 'GET', url: '/api/health' })).status, 200);
    const sleeping = longStatement(app.db.query('SELECT pg_sleep(3)'));
    await sleep(100);
    for (const url of ['/api/health', '/config.json', '/', '/index.html']) {
      const started = performance.now();
      const res = await call(app, null, { method: 'GET', url });
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`);
      assert.equal(sleeping.ended(), false, `${url} answered (in ${Math.round(performance.now() - started)} ms) while the statement still ran`);
    }
    await sleeping.done;
  });

  it('signs in: the embedded provider’s pages answer', async () => {
    const sleeping = longStatement(app.db.query('SELECT pg_sleep(3)'));
    await sleep(100);
    const discovery = await call(app, null, { method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    assert.equal(discovery.status, 200);
    assert.ok(discovery.body.authorization_endpoint);
    assert.equal(sleeping.ended(), false, 'answered while the statement still ran');
    await sleeping.done;
  });
});

describe('heavy calls past their limits', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    // PGlite on disk, as in production: only there can a running statement be stopped.
    ({ app } = await build(cleanup, { HEAVY_CALL_TIMEOUT_MS: '500' }, { pgliteOnDisk: true }));
    await app.db.exec('CREATE TABLE stop_probe (v int PRIMARY KEY)');
    await app.db.query('INSERT INTO stop_probe VALUES (1)');
  });
  after(() => cleanup.run());

  const isTimeout = (error: { statusCode?: number; items?: { code: string }[] }) => error.statusCode === 503 && error.items?.[0]?.code === 'ANL_TIMEOUT';

  it('stops a running statement with 503 ANL_TIMEOUT and rolls its transaction back; the database works on', async () => {
    const started = performance.now();
    const stopped = longStatement(
      app.heavyCalls.run(noReply, 'someone', 'sleep', (db) =>
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO stop_probe VALUES (2)');
          await tx.query('SELECT pg_sleep(5)');
        }),
      ),
    );
    await sleep(100);
    assert.equal((await call(app, null, { method: 'GET', url: '/api/health' })).status, 200);
    assert.equal(stopped.ended(), false, 'health answered while the statement ran');
    await assert.rejects(stopped.done, isTimeout);
    assert.ok(performance.now() - started < 4500, 'stopped before the statement would have ended');
    assert.deepEqual(await app.db.query('SELECT v FROM stop_probe ORDER BY v'), [{ v: 1 }], 'the transaction was rolled back, what was committed is kept');
    assert.equal((await call(app, null, { method: 'GET', url: '/api/health' })).status, 200);
    assert.deepEqual(app.heavyCalls.load, { running: 0, waiting: 0 });
  });

  it('stops a call whose statements run past its timeout', async () => {
    const done: string[] = [];
    await assert.rejects(
      app.heavyCalls.run(noReply, 'someone', 'sleeps', async (db) => {
        await db.query('SELECT pg_sleep(0.3)');
        done.push('first');
        await db.query('SELECT pg_sleep(3)');
        done.push('second');
      }),
      isTimeout,
    );
    assert.deepEqual(done, ['first']);
    assert.deepEqual(await app.db.query('SELECT count(*) AS n FROM stop_probe'), [{ n: 1 }]);
  });

  it('leaves light statements alone', async () => {
    assert.deepEqual(await app.db.query("SELECT 'done' AS slept FROM pg_sleep(1)"), [{ slept: 'done' }]);
  });
});

describe('the downtime list and the export are heavy calls', () => {
  let app: FastifyInstance;
  let units: string[];
  let factory: string;
  const cleanup = new Cleanup();
  const end = '2024-05-31';
  before(async () => {
    // Above 10 unit-days a call is heavy; one heavy call at a time server-wide, and one waiting.
    ({ app } = await build(cleanup, { HEAVY_UNIT_DAYS: '10', HEAVY_CALLS_MAX: '1', HEAVY_CALLS_QUEUE: '1', HEAVY_CALLS_QUEUE_WAIT_MS: '60000' }));
    factory = await demoFactoryId(app, 'demo.linepulse.test', 'Montréal');
    units = (await app.db.query<{ id: string }>('SELECT id FROM production_units WHERE factory_id = $1 ORDER BY sort_order, name', [factory])).map((u) => u.id);
  });
  after(() => cleanup.run());

  /** Takes the only server-wide turn until the returned function is called. */
  function holdTheTurn(): { release: () => void; held: Promise<void> } {
    let release!: () => void;
    const held = app.heavyCalls.run(noReply, 'someone-else', 'hold', () => new Promise<void>((r) => (release = r)));
    return { release: () => release(), held };
  }

  const list = (startDate: string, unitIds: string[]) =>
    call(app, DEMO.operation, {
      method: 'POST',
      url: '/api/production-units/downtimes',
      payload: { time_option: 'time_range', start_date: startDate, end_date: end, production_unit_ids: unitIds },
    });
  const exportOf = (startDate: string, unitIds: string[]) =>
    call(app, DEMO.admin, {
      method: 'GET',
      url: `/api/factories/${factory}/export?kind=production&format=csv&start_date=${startDate}&end_date=${end}&production_unit_ids=${unitIds.join(',')}`,
    });

  it('queues a long downtime list behind the heavy calls and refuses a second one of the same user; a short one is light', async () => {
    const { release, held } = holdTheTurn();
    const long = list('2024-05-01', units.slice(0, 2)); // 2 lines × 31 days
    await until(() => app.heavyCalls.load.waiting === 1, 'the long list waits for a turn');
    const again = await list('2024-05-02', units.slice(0, 2));
    assert.equal(again.status, 429, JSON.stringify(again.body).slice(0, 200));
    assert.equal(again.body.errors[0].code, 'ANL_HEAVY_CALL_RUNNING');
    const short = await list('2024-05-30', units.slice(0, 1)); // 1 line × 2 days
    assert.equal(short.status, 200, 'a short list does not wait for the heavy calls');
    assert.equal(app.heavyCalls.load.waiting, 1);
    const durations = await call(app, DEMO.admin, {
      method: 'POST',
      url: '/api/production-units/downtime-durations',
      payload: { time_option: 'time_range', start_date: '2024-05-01', end_date: end, production_unit_ids: units.slice(0, 2) },
    });
    assert.equal(durations.status, 503, 'the durations of a long window wait too, and the queue is full');
    assert.equal(durations.body.errors[0].code, 'ANL_BUSY');
    release();
    await held;
    const answer = await long;
    assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 200));
    assert.equal(answer.body.total, 0);
    assert.deepEqual(app.heavyCalls.load, { running: 0, waiting: 0 });
  });

  it('holds a long export’s turn until its last byte; a second export of the same user is refused, a short one is light', async () => {
    const { release, held } = holdTheTurn();
    const long = exportOf('2024-05-01', units.slice(0, 2));
    await until(() => app.heavyCalls.load.waiting === 1, 'the long export waits for a turn');
    const again = await exportOf('2024-05-10', units.slice(0, 2));
    assert.equal(again.status, 429, String(again.body).slice(0, 200));
    assert.equal(again.body.errors[0].code, 'ANL_HEAVY_CALL_RUNNING');
    const short = await exportOf('2024-05-28', units.slice(0, 1));
    assert.equal(short.status, 200, 'a short export does not wait for the heavy calls');
    release();
    await held;
    const file = await long;
    assert.equal(file.status, 200, String(file.body).slice(0, 200));
    assert.equal(file.headers['x-total-rows'], String(2 * 31), 'one row per line and day');
    assert.equal(String(file.body).trim().split('\r\n').length, 1 + 2 * 31);
    assert.deepEqual(app.heavyCalls.load, { running: 0, waiting: 0 }, 'the turn was released once the file was written');
  });
});
