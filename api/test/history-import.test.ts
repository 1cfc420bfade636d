import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { setImportTuning } from '../src/import/runner.ts';
import { build, call, Cleanup, DEMO, demoFactoryId, freshSchema, listenHttps, onPostgres, PUBLIC_URL, tempDir, tokenFor } from './helper.ts';

const CONFIGURATION = {
  production_units: [
    { key: 'L1', name: 'Line 1' },
    { key: 'L2', name: 'Line 2' },
  ],
  work_shifts: [
    {
      key: 'all',
      name: 'All day',
      production_units: ['L1', 'L2'],
      start: '00:00',
      end: '00:00',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    },
  ],
  products: [{ sku: 'SKU-A', name: 'Bottle', ideal_rate_per_hour: { L1: 600, L2: 600 } }],
  downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
};

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Two days of events on both lines, ending two hours ago: states, counts, a product, justifications. */
function historyEvents(): Record<string, unknown>[] {
  const start = Math.floor((Date.now() - 50 * HOUR) / HOUR) * HOUR;
  const events: Record<string, unknown>[] = [];
  for (const unit of ['L1', 'L2']) {
    events.push({ id: `${unit}-p0`, type: 'product', unit, at: new Date(start).toISOString(), sku: 'SKU-A' });
    for (let h = 0; h < 48; h += 1) {
      const hourStart = start + h * HOUR;
      events.push({ id: `${unit}-run-${h}`, type: 'state', unit, at: new Date(hourStart).toISOString(), state: 'running' });
      for (let m = 5; m < 45; m += 10) {
        events.push({ id: `${unit}-c-${h}-${m}`, type: 'count', unit, at: new Date(hourStart + m * MINUTE).toISOString(), good: 90 + (h % 7), rejected: h % 3 });
      }
      const stop = hourStart + (unit === 'L1' ? 45 : 50) * MINUTE;
      events.push({ id: `${unit}-stop-${h}`, type: 'state', unit, at: new Date(stop).toISOString(), state: 'stopped' });
      if (h % 2 === 0) {
        events.push({ id: `${unit}-j-${h}`, type: 'justification', unit, from: new Date(stop).toISOString(), to: new Date(hourStart + HOUR).toISOString(), reason: 'jam' });
      }
    }
  }
  return events;
}

const ndjson = (events: readonly Record<string, unknown>[]): string => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

const CSV_COLUMNS = ['id', 'type', 'unit', 'at', 'state', 'good', 'rejected', 'total', 'from', 'to', 'reason', 'sku'];
function csv(events: readonly Record<string, unknown>[]): string {
  const cell = (value: unknown): string => {
    if (value === undefined) return '';
    const text = String(value);
    return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [CSV_COLUMNS.join(','), ...events.map((e) => CSV_COLUMNS.map((c) => cell(e[c])).join(','))].join('\r\n') + '\r\n';
}

async function newFactory(app: FastifyInstance, name: string): Promise<{ id: string; key: string }> {
  const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name, timezone: 'Europe/Paris' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const configured = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${created.body.id}/configuration`, payload: CONFIGURATION });
  assert.equal(configured.status, 200, JSON.stringify(configured.body));
  const key = await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${created.body.id}/ingest-keys` });
  return { id: created.body.id, key: key.body.key };
}

function upload(app: FastifyInstance, factory: string, body: string, contentType: string, email: string = DEMO.admin, query = '') {
  return call(app, email, { method: 'POST', url: `/api/factories/${factory}/history-imports${query}`, headers: { 'content-type': contentType }, payload: body });
}

/** Asks for the job until it is done or failed. */
async function finished(app: FastifyInstance, factory: string, id: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/history-imports/${id}` });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    if (job.body.phase === 'done' || job.body.phase === 'failed') return job.body;
    if (Date.now() > deadline) assert.fail(`import still ${job.body.phase} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function factCount(app: FastifyInstance, factory: string): Promise<number> {
  const tables = ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events'];
  let total = 0;
  for (const table of tables) total += Number((await app.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE factory_id = $1`, [factory]))[0]!.n);
  return total;
}

/** The KPI totals of a factory's two lines over the imported days, one group per line. */
async function kpis(app: FastifyInstance, factory: string) {
  const units = (await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/configuration` })).body.production_units as { id: string; key: string }[];
  const end = new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString();
  const start = new Date(Date.parse(end) - 72 * HOUR).toISOString();
  const answer = await call(app, DEMO.admin, {
    method: 'POST',
    url: '/api/kpis/by-groups',
    payload: { start, end, groups: units.map((u) => ({ name: u.key, factory_id: factory, production_unit_ids: [u.id] })) },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body.groups as { name: string; total: Record<string, unknown> }[]).map((g): Record<string, unknown> => ({ name: g.name, ...g.total }));
}

describe('history import', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const cleanup = new Cleanup();
  const events = historyEvents();

  before(async () => {
    setImportTuning({ batchRows: 100 });
    let config;
    ({ app, config } = await build(cleanup));
    dataDir = config.dataDir;
  });
  after(async () => {
    await cleanup.run();
    setImportTuning();
  });

  it('imports NDJSON in batches, then derives: the figures equal those of the same events ingested directly', async () => {
    const direct = await newFactory(app, 'Direct Plant');
    const imported = await newFactory(app, 'Imported Plant');
    for (let i = 0; i < events.length; i += 1000) {
      const sent = await call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${direct.key}` }, payload: { events: events.slice(i, i + 1000) } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
    }
    const body = ndjson(events);
    const started = await upload(app, imported.id, body, 'application/x-ndjson', DEMO.admin, '?file_name=history.ndjson');
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.format, 'ndjson');
    assert.equal(started.body.file_name, 'history.ndjson');
    assert.equal(started.body.bytes_total, Buffer.byteLength(body));
    const job = await finished(app, imported.id, started.body.id);
    assert.equal(job.phase, 'done', JSON.stringify(job.failure));
    assert.equal(job.rows_read, events.length);
    assert.equal(job.rows_stored, events.length);
    assert.equal(job.rows_duplicate, 0);
    assert.equal(job.rows_refused, 0);
    assert.equal(job.bytes_read, Buffer.byteLength(body));
    assert.equal(job.units_total, 2);
    assert.equal(job.units_pending, 0);
    assert.deepEqual(job.errors, []);
    assert.equal(await factCount(app, imported.id), events.length);
    // The derive phase left nothing pending for the imported units.
    const dirty = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_dirty WHERE factory_id = $1', [imported.id]);
    assert.equal(Number(dirty[0]!.n), 0);
    // The kept file is removed once stored.
    assert.deepEqual(readdirSync(path.join(dataDir, 'imports')), []);

    const mine = await kpis(app, imported.id);
    const theirs = await kpis(app, direct.id);
    assert.ok(Number(mine[0]!.good) > 0 && Number(mine[0]!.uptime_ms) > 0 && Number(mine[0]!.unplanned_downtime_ms) > 0);
    assert.deepEqual(mine, theirs);

    const listed = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${imported.id}/history-imports` });
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.map((j: { id: string }) => j.id), [started.body.id]);

    // The same file again changes nothing: every row is a duplicate.
    const again = await upload(app, imported.id, body, 'application/x-ndjson');
    assert.equal(again.status, 202);
    const second = await finished(app, imported.id, again.body.id);
    assert.equal(second.phase, 'done');
    assert.equal(second.rows_stored, 0);
    assert.equal(second.rows_duplicate, events.length);
    assert.equal(await factCount(app, imported.id), events.length);
    assert.deepEqual(await kpis(app, imported.id), mine);
  });

  it('imports CSV (quoted cells, CRLF, empty cells for absent fields) with the same result as NDJSON', async () => {
    const factory = await newFactory(app, 'CSV Plant');
    const started = await upload(app, factory.id, csv(events), 'text/csv; charset=utf-8');
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.format, 'csv');
    const job = await finished(app, factory.id, started.body.id);
    assert.equal(job.phase, 'done', JSON.stringify(job.failure));
    assert.equal(job.rows_read, events.length);
    assert.equal(job.rows_stored, events.length);
    assert.equal(job.rows_refused, 0);
    assert.equal(await factCount(app, factory.id), events.length);
    const ndjsonFactory = await newFactory(app, 'NDJSON twin');
    const twin = await upload(app, ndjsonFactory.id, ndjson(events), 'application/x-ndjson');
    await finished(app, ndjsonFactory.id, twin.body.id);
    assert.deepEqual(await kpis(app, factory.id), await kpis(app, ndjsonFactory.id));
  });

  it('lists refused rows with their line numbers, keeps the good ones, and refuses events from the future', async () => {
    const factory = await newFactory(app, 'Errors Plant');
    const at = new Date(Date.now() - 3 * HOUR).toISOString();
    const future = new Date(Date.now() + 2 * HOUR).toISOString();
    const lines = [
      JSON.stringify({ id: 'ok-1', type: 'state', unit: 'L1', at, state: 'running' }),
      'not json at all',
      JSON.stringify({ id: 'bad-unit', type: 'state', unit: 'NOPE', at, state: 'running' }),
      '',
      JSON.stringify({ id: 'future', type: 'count', unit: 'L1', at: future, good: 1, rejected: 0 }),
      JSON.stringify({ id: 'ok-2', type: 'count', unit: 'L1', at, good: 5, rejected: 1 }),
      JSON.stringify([1, 2]),
      JSON.stringify({ id: 'bad-state', type: 'state', unit: 'L2', at, state: 'paused' }),
      JSON.stringify({ id: 'ok-1', type: 'state', unit: 'L1', at, state: 'stopped' }),
      JSON.stringify({ id: 'ok-3', type: 'product', unit: 'L2', at, sku: 'SKU-A' }),
    ];
    const started = await upload(app, factory.id, lines.join('\n'), 'application/octet-stream', DEMO.admin, '?format=ndjson');
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const job = await finished(app, factory.id, started.body.id);
    assert.equal(job.phase, 'done');
    assert.equal(job.rows_read, 9);
    assert.equal(job.rows_stored, 3);
    assert.equal(job.rows_duplicate, 1);
    assert.equal(job.rows_refused, 5);
    assert.equal(job.errors_omitted, 0);
    assert.deepEqual(
      job.errors.map((e: { line: number; code: string; field: string | null }) => [e.line, e.code, e.field]),
      [
        [2, 'IMP_LINE_INVALID', null],
        [3, 'ING_UNIT_UNKNOWN', 'unit'],
        [5, 'IMP_EVENT_IN_FUTURE', 'at'],
        [7, 'IMP_LINE_INVALID', null],
        [8, 'ING_FIELD_INVALID', 'state'],
      ],
    );
    const futureError = job.errors[2];
    assert.match(futureError.message, /^line 5: at: .* more than 5 minutes in the future/);
    assert.equal(futureError.arguments.max_minutes, 5);
    assert.equal(await factCount(app, factory.id), 3);
  });

  it('caps the listed errors and says how many more there are', async () => {
    const factory = await newFactory(app, 'Many Errors Plant');
    const lines = Array.from({ length: 1_050 }, (_v, i) => JSON.stringify({ id: `x${i}`, type: 'state', unit: 'NOPE', at: new Date(Date.now() - HOUR).toISOString(), state: 'running' }));
    const started = await upload(app, factory.id, lines.join('\n'), 'application/x-ndjson');
    const job = await finished(app, factory.id, started.body.id);
    assert.equal(job.rows_refused, 1_050);
    assert.equal(job.errors.length, 1_000);
    assert.equal(job.errors_omitted, 50);
    assert.equal(job.errors[999].line, 1_000);
  });

  it('refuses a CSV without a valid header, an empty file and another content type, leaving nothing behind', async () => {
    const factory = await newFactory(app, 'Refusals Plant');
    const header = await upload(app, factory.id, 'id,kind,unit\nx,state,L1\n', 'text/csv');
    assert.equal(header.status, 400);
    assert.equal(header.body.errors[0].code, 'IMP_CSV_HEADER_INVALID');
    assert.equal(header.body.errors[0].arguments.unknown, 'kind');
    assert.equal(header.body.errors[0].arguments.missing, 'type');
    const empty = await upload(app, factory.id, '', 'application/x-ndjson');
    assert.equal(empty.status, 400);
    assert.equal(empty.body.errors[0].code, 'IMP_FILE_EMPTY');
    const noFormat = await upload(app, factory.id, '{}', 'application/octet-stream');
    assert.equal(noFormat.status, 400);
    assert.equal(noFormat.body.errors[0].code, 'IMP_FORMAT_REQUIRED');
    const json = await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory.id}/history-imports`, payload: { events: [] } });
    assert.equal(json.status, 415);
    assert.equal(json.body.errors[0].code, 'GEN_415');
    const listed = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory.id}/history-imports` });
    assert.deepEqual(listed.body, []);
    assert.deepEqual(readdirSync(path.join(dataDir, 'imports')).filter((f) => !f.endsWith('.part')), []);
  });

  it('is for the factory account’s enabled admins: others get 403, another account 404', async () => {
    const factory = await newFactory(app, 'Guarded Plant');
    const body = ndjson(events.slice(0, 5));
    const operator = await upload(app, factory.id, body, 'application/x-ndjson', DEMO.operation);
    assert.equal(operator.status, 403);
    assert.equal(operator.body.errors[0].code, 'AUTH_ADMIN_REQUIRED');
    const noAccess = await upload(app, factory.id, body, 'application/x-ndjson', DEMO.noaccess);
    assert.equal(noAccess.status, 403);
    const other = await upload(app, factory.id, body, 'application/x-ndjson', DEMO.otherAdmin);
    assert.equal(other.status, 404);
    assert.equal(other.body.errors[0].code, 'CS_FAC_404');

    const started = await upload(app, factory.id, body, 'application/x-ndjson');
    await finished(app, factory.id, started.body.id);
    const peek = await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${factory.id}/history-imports/${started.body.id}` });
    assert.equal(peek.status, 404);
    const otherFactory = await demoFactoryId(app, 'other.linepulse.test', 'Hamilton');
    const crossed = await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${otherFactory}/history-imports/${started.body.id}` });
    assert.equal(crossed.status, 404);
    assert.equal(crossed.body.errors[0].code, 'IMP_404');
    assert.equal(await factCount(app, factory.id), 5);
  });

  it('takes the file with the factory’s ingest key (the command’s way), for that factory only', async () => {
    const factory = await newFactory(app, 'Keyed Plant');
    const body = ndjson(events.slice(0, 40));
    const refused = await call(app, null, { method: 'POST', url: '/api/ingest/v1/history-imports', headers: { 'content-type': 'application/x-ndjson', authorization: 'Bearer lpk_nope' }, payload: body });
    assert.equal(refused.status, 401);
    const started = await call(app, null, {
      method: 'POST',
      url: '/api/ingest/v1/history-imports?file_name=export.ndjson',
      headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${factory.key}` },
      payload: body,
    });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.factory_id, factory.id);
    let job;
    for (;;) {
      job = await call(app, null, { method: 'GET', url: `/api/ingest/v1/history-imports/${started.body.id}`, headers: { authorization: `Bearer ${factory.key}` } });
      assert.equal(job.status, 200);
      if (job.body.phase === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(job.body.rows_stored, 40);
    const otherKey = (await newFactory(app, 'Another Keyed Plant')).key;
    const foreign = await call(app, null, { method: 'GET', url: `/api/ingest/v1/history-imports/${started.body.id}`, headers: { authorization: `Bearer ${otherKey}` } });
    assert.equal(foreign.status, 404);
  });

  it('imports the documented example files without a refused row', async () => {
    const dir = path.join(import.meta.dirname, '..', '..', 'docs', 'examples');
    const counts: number[] = [];
    for (const [name, type] of [
      ['history-import.ndjson', 'application/x-ndjson'],
      ['history-import.csv', 'text/csv'],
    ] as const) {
      const factory = await newFactory(app, `Example ${name.endsWith('.csv') ? 'CSV' : 'NDJSON'}`);
      const started = await upload(app, factory.id, readFileSync(path.join(dir, name), 'utf8'), type);
      assert.equal(started.status, 202, JSON.stringify(started.body));
      const job = await finished(app, factory.id, started.body.id);
      assert.equal(job.phase, 'done');
      assert.deepEqual(job.errors, [], `${name}: ${JSON.stringify(job.errors)}`);
      assert.equal(job.rows_refused, 0);
      assert.equal(job.rows_stored, job.rows_read);
      counts.push(job.rows_stored);
    }
    assert.equal(counts[0], 11);
    assert.deepEqual(counts, [11, 11]);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await call(app, null, { method: 'GET', url: '/api/openapi.json' });
    const paths = doc.body.paths as Record<string, Record<string, { summary: string }>>;
    assert.ok(paths['/api/factories/{id}/history-imports']?.post?.summary.includes('NDJSON or CSV'));
    assert.ok(paths['/api/factories/{id}/history-imports/{importId}']?.get);
    assert.ok(paths['/api/ingest/v1/history-imports']?.post);
  });
});

describe('history import across a restart', () => {
  const cleanup = new Cleanup();
  afterEach(() => setImportTuning());
  after(() => cleanup.run());

  it('continues where it stopped when a new app starts on the same database and data folder', async () => {
    const dataDir = tempDir();
    cleanup.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent', STATIC_ROOT: tempDir('linepulse-empty-static-') };
    let shared: Db | null = null;
    if (onPostgres) env.DATABASE_URL = await freshSchema(cleanup);
    else {
      const template = process.env.LINEPULSE_PGLITE_TEMPLATE;
      shared = await createPgliteDb('memory://', template && existsSync(template) ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
      const db = shared;
      cleanup.after(() => db.close());
    }
    const start = async (): Promise<FastifyInstance> => {
      const app = await buildApp({ config: loadConfig(env), logger: false, ...(shared ? { db: shared } : {}) });
      await app.ready();
      return app;
    };

    // Batches of 20 rows; the first app stops after its third batch.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const third = new Promise<void>((resolve) => (reached = resolve));
    setImportTuning({
      batchRows: 20,
      afterBatch: async ({ batches }) => {
        if (batches === 3) {
          reached();
          await gate;
        }
      },
    });
    const first = await start();
    let closed = false;
    cleanup.after(() => (closed ? undefined : first.close()));
    const factory = await newFactory(first, 'Restart Plant');
    const events = historyEvents();
    const started = await upload(first, factory.id, ndjson(events), 'application/x-ndjson');
    assert.equal(started.status, 202);
    await third;
    const closing = first.close();
    setTimeout(release, 50);
    await closing;
    closed = true;

    // Stopped mid-import: the job waits in its store phase, released, some rows stored.
    const peekSql = 'SELECT phase, lines_done, rows_stored, runner FROM history_imports WHERE id = $1';
    type Peek = { phase: string; lines_done: number; rows_stored: number; runner: string | null };
    let stopped: Peek;
    if (shared) stopped = (await shared.query<Peek>(peekSql, [started.body.id]))[0]!;
    else {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      stopped = (await client.query<Peek>(peekSql, [started.body.id])).rows[0]!;
      await client.end();
    }
    assert.equal(stopped.phase, 'store');
    assert.equal(stopped.runner, null);
    assert.ok(Number(stopped.rows_stored) >= 60 && Number(stopped.rows_stored) < events.length, `stored ${stopped.rows_stored}`);

    setImportTuning({ batchRows: 20 });
    const second = await start();
    cleanup.after(() => second.close());
    const job = await finished(second, factory.id, started.body.id);
    assert.equal(job.phase, 'done', JSON.stringify(job.failure));
    assert.equal(job.rows_read, events.length);
    assert.equal(job.rows_stored, events.length, 'every row stored once, none counted twice');
    assert.equal(job.rows_duplicate, 0);
    assert.equal(await factCount(second, factory.id), events.length);
  });
});

describe('over HTTPS', () => {
  const cleanup = new Cleanup();
  after(() => cleanup.run());

  it('sends a file over HTTPS with the factory’s ingest key, follows it to the figures and lists refused rows', async () => {
    const { app, config, baseUrl } = await listenHttps(cleanup);
    const factory = await newFactory(app, 'Command Plant');
    const other = await newFactory(app, 'Other Command Plant');
    const dir = tempDir('linepulse-import-command-');
    cleanup.after(() => rmSync(dir, { recursive: true, force: true }));
    const events = historyEvents().slice(0, 300);
    const file = path.join(dir, 'export.csv');
    writeFileSync(file, csv(events) + 'bad-row,state\n');
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', path.join(import.meta.dirname, '..', 'scripts', 'import-history.ts'), ...args],
          { env: { ...process.env, INIT_CWD: dir }, timeout: 120_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    const ca = path.join(config.dataDir, 'tls', 'cert.pem');
    const done = await run(['--url', baseUrl, '--ca', ca, '--key', factory.key, '--factory', factory.id, '--file', 'export.csv']);
    assert.equal(done.code, 0, done.stderr + done.stdout);
    assert.match(done.stdout, /Done in .* s: 301 rows read, 300 stored, 0 already stored, 1 refused\./);
    assert.match(done.stdout, /line 302: IMP_LINE_INVALID 2 cells where the header has 12/);
    assert.equal(await factCount(app, factory.id), 300);

    const wrongFactory = await run(['--url', baseUrl, '--ca', ca, '--key', factory.key, '--factory', other.id, '--file', file]);
    assert.equal(wrongFactory.code, 1);
    assert.match(wrongFactory.stderr, /AUTH_401: This ingest key is not one of factory/);
    const missing = await run(['--url', baseUrl, '--key', factory.key, '--factory', factory.id, '--file', 'nope.ndjson']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /No file/);
  });

  it('fails the job of an upload that broke off, keeping no file and no row', async () => {
    const { app, config, baseUrl } = await listenHttps(cleanup);
    const factory = await newFactory(app, 'Broken Upload Plant');
    const token = await tokenFor(app, DEMO.admin);
    await new Promise<void>((resolve) => {
      const req = httpsRequest(`${baseUrl}/api/factories/${factory.id}/history-imports`, {
        method: 'POST',
        rejectUnauthorized: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson', 'content-length': 1_000_000 },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(ndjson(historyEvents().slice(0, 10)));
      setTimeout(() => req.destroy(), 300);
    });
    let job: { phase: string; failure: { code: string } | null; id: string } | undefined;
    for (let i = 0; i < 100; i += 1) {
      const listed = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory.id}/history-imports` });
      job = listed.body[0];
      if (job?.phase === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(job?.phase, 'failed');
    assert.equal(job?.failure?.code, 'IMP_UPLOAD_INCOMPLETE');
    assert.equal(await factCount(app, factory.id), 0);
    assert.deepEqual(readdirSync(path.join(config.dataDir, 'imports')).filter((f) => f.startsWith(job!.id)), []);
  });
});
