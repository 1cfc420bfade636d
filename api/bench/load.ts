/**
 * `pnpm load`: the load budget of issue 10 on PostgreSQL at the bench scale (10 factories × 20 units ×
 * 365 days). For `seconds` (60): `overview-users` (50) company-overview users and `dashboard-users` (50)
 * factory-dashboard users, each with a token of its own, while `ingest-rate` (5 000) events/s are
 * ingested over HTTP and /api/health is probed every 100 ms; a third of the way in, six users each ask for
 * the whole history's opportunities (refused by the window limit) and then a year of them (the longest
 * window allowed). Prints p50/p95/p99 and errors per kind of user, /api/health p99 overall and while the
 * year-long calls run, against the budgets; writes bench/results/<date>-load.md at the workspace root.
 *
 * The company is loaded once into the database `database` (default linepulse_load, kept for the next
 * run; --drop removes it at the end). Options (--name=value or BENCH_NAME in the environment):
 * factories 10, units 20, days 365, seconds 60, overview-users 50, dashboard-users 50, ingest-rate 5000,
 * think-ms 2000 (pause of each user between two page loads, ±50 %), port 8446, --prepare (load the
 * company only). The api runs in a child process (bench/server.ts, plain HTTP) with the default limits;
 * before the clock starts, one page load per factory brings the rollups up to now (a kept database is
 * behind by the time since its last run).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_DIR } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { stableUuid } from '../src/seed/seed.ts';
import { generateFactory } from '../src/simulator/generate.ts';
import { BENCH_ACCOUNT_ID, benchFactory, loadBenchCompany, toEvents, type BenchFactory, type IngestEvent } from './company.ts';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (arg) return arg.slice(name.length + 3);
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}
const DAY = 86_400_000;
const FACTORIES = Number(option('factories', '10'));
const UNITS = Number(option('units', '20'));
const DAYS = Number(option('days', '365'));
const SECONDS = Number(option('seconds', '60'));
const OVERVIEW_USERS = Number(option('overview-users', '50'));
const DASHBOARD_USERS = Number(option('dashboard-users', '50'));
const INGEST_RATE = Number(option('ingest-rate', '5000'));
const THINK_MS = Number(option('think-ms', '2000'));
const HEAVY_USERS = 6;
const DATABASE = option('database', 'linepulse_load');
const PORT = Number(option('port', '8446'));
const PREPARE_ONLY = process.argv.includes('--prepare');
const DROP = process.argv.includes('--drop');
const SERVER_URL = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/').replace(/\/[^/]*$/, '');
const SEED = 'linepulse-bench-v1';
const BUDGET = { p99Ms: 500, errors: 0, healthP99Ms: 50 };

const log = (...args: unknown[]): void => console.log(...args);
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;
const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  ms: number;
  /** Bytes on the wire (Content-Length), when known. */
  bytes?: number;
  status: number;
  route: string;
  at: number;
}

class Recorder {
  readonly samples: Sample[] = [];
  readonly failures = new Map<string, number>();
  /** One request that ended at `at` (this thread's clock; now by default). */
  record(route: string, status: number, ms: number, body?: string, bytes?: number, at = performance.now()): void {
    this.samples.push({ route, status, ms, at, bytes });
    if (status !== 200) {
      const key = `${route} ${status} ${(body ?? '').slice(0, 120)}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    }
  }
  figures(filter: (s: Sample) => boolean = () => true) {
    const s = this.samples.filter(filter);
    const ms = s.map((x) => x.ms);
    return { requests: s.length, errors: s.filter((x) => x.status !== 200).length, p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), p99: round(percentile(ms, 99)), max: round(Math.max(...ms)) };
  }
}

async function ensureCompany(factories: BenchFactory[], ingestFactory: BenchFactory, now: number): Promise<{ url: string; db: Db }> {
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = `${SERVER_URL}/${DATABASE}`;
  const db = createPgDb(url, { max: 4 });
  await migrate(db);
  const loaded = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_units WHERE account_id = $1', [BENCH_ACCOUNT_ID]).catch(() => [{ n: 0 }]);
  if (loaded[0]!.n >= FACTORIES * UNITS) {
    log(`database ${DATABASE}: company already loaded (${loaded[0]!.n} units derived)`);
    return { url, db };
  }
  if (exists) throw new Error(`database ${DATABASE} exists but holds no loaded company (an interrupted load?): drop it and run again`);
  log(`database ${DATABASE}: loading ${FACTORIES} factories × ${UNITS} units × ${DAYS} days (several minutes)`);
  const historyStart = Math.floor((now - DAYS * DAY) / DAY) * DAY;
  await loadBenchCompany(db, factories, ingestFactory, historyStart, now, {}, { seed: SEED, days: DAYS, rebuildConcurrency: 2, log });
  return { url, db };
}

/** Users of the bench account, one per simulated person (each has its own per-user limits). */
async function ensureUsers(db: Db, prefix: string, n: number): Promise<string[]> {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}${i + 1}@bench.linepulse.test`);
  for (const email of emails) {
    await db.query(
      `INSERT INTO users (id, account_id, email, display_name, role, is_admin, is_financial_admin, is_tilelytics, is_wx_user)
       VALUES ($1, $2, $3, $3, 'director', false, true, true, false) ON CONFLICT DO NOTHING`,
      [stableUuid(`user:${email}`), BENCH_ACCOUNT_ID, email],
    );
  }
  return emails;
}

async function main(): Promise<void> {
  const now = Date.now();
  const factories = Array.from({ length: FACTORIES }, (_, i) => benchFactory(i, UNITS));
  const ingestFactory = benchFactory(0, UNITS, 'INGEST');
  const { url, db } = await ensureCompany(factories, ingestFactory, now);
  if (PREPARE_ONLY) {
    await db.close();
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-load-'));
  const loadAverage = os.loadavg().map((l) => round(l, 2));
  const overviewEmails = await ensureUsers(db, 'overview', OVERVIEW_USERS);
  const dashboardEmails = await ensureUsers(db, 'dashboard', DASHBOARD_USERS);
  const heavyEmails = await ensureUsers(db, 'heavy', HEAVY_USERS);
  const adminEmail = 'admin@bench.linepulse.test';
  for (const table of ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events', 'rollup_dirty']) {
    await db.query(`DELETE FROM ${table} WHERE account_id = $1 AND factory_id = $2`, [BENCH_ACCOUNT_ID, ingestFactory.sim.id]);
  }
  // The api in a process of its own, configured as in production (default pool and limits).
  const server = spawn(process.execPath, [...(process.env.LOAD_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'bench/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn', SEED_DEMO: 'false', STATIC_ROOT: dataDir, LOAD_EMAILS: [...overviewEmails, ...dashboardEmails, ...heavyEmails, adminEmail].join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tokenOf = await new Promise<Record<string, string>>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the api exited (${code}) before it was ready`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve((JSON.parse(line) as { tokens: Record<string, string> }).tokens);
    });
  });
  const base = `http://127.0.0.1:${PORT}`;
  const auth = (email: string) => ({ authorization: `Bearer ${tokenOf[email]}`, 'content-type': 'application/json' });
  const overviewAuth = overviewEmails.map(auth);
  const dashboardAuth = dashboardEmails.map(auth);
  const heavyAuth = heavyEmails.map(auth);
  const adminAuth = auth(adminEmail);

  const overview = new Recorder();
  const dashboard = new Recorder();
  const health = new Recorder();
  const ingest = new Recorder();
  const heavy = new Recorder();
  const post = async (rec: Recorder, name: string, route: string, headers: Record<string, string>, body: unknown) => {
    const t = performance.now();
    try {
      const res = await fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await res.text();
      rec.record(name, res.status, performance.now() - t, text, Number(res.headers.get('content-length') ?? NaN));
      return { status: res.status, text };
    } catch (error) {
      rec.record(name, 0, performance.now() - t, String(error));
      return { status: 0, text: String(error) };
    }
  };

  // ---- ingestion: the INGEST factory's history replayed at INGEST_RATE events/s --------------------
  const needed = INGEST_RATE * (SECONDS + 10);
  let events: IngestEvent[] = [];
  for (let days = 30; events.length < needed && days <= 4 * DAYS; days *= 2) {
    const from = Math.floor((now - days * DAY) / DAY) * DAY;
    events = toEvents(generateFactory(`${SEED}:load`, from, ingestFactory.sim, from, now), ingestFactory.sim);
  }
  const keyRes = await fetch(`${base}/api/factories/${ingestFactory.sim.id}/ingest-keys`, { method: 'POST', headers: adminAuth, body: '{}' });
  const { key } = (await keyRes.json()) as { key: string };
  const ingestHeaders = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  // ---- warm-up: every factory's rollups up to now, one page load each --------------------------------
  const groups = factories.map((f) => ({ name: f.seed.name, factory_id: f.sim.id, production_unit_ids: f.sim.units.map((u) => u.id) }));
  const warm = performance.now();
  for (const g of groups) {
    const r = await fetch(`${base}/api/kpis/by-groups`, { method: 'POST', headers: adminAuth, body: JSON.stringify({ time_option: 'last7days', groups: [g] }) });
    await r.text();
  }
  await (await fetch(`${base}/api/opportunities`, { method: 'POST', headers: adminAuth, body: JSON.stringify({ time_option: 'last7days', company: true, production_unit_ids: groups.flatMap((g) => g.production_unit_ids), limit: 0 }) })).text();
  log(`warm-up (rollups brought up to now): ${round((performance.now() - warm) / 1000)} s`);

  const started = performance.now();
  const end = started + SECONDS * 1000;
  const heavyAt = started + (SECONDS * 1000) / 3;
  let heavyWindow: [number, number] | null = null;
  let ingested = 0;
  const loops: Promise<unknown>[] = [];

  // 10 batches a second (INGEST_RATE / 10 events each), paced to the clock.
  loops.push((async () => {
    const batch = Math.max(1, Math.round(INGEST_RATE / 10));
    let next = 0;
    for (let tick = 0; performance.now() < end && next < events.length; tick++) {
      const due = started + tick * 100;
      if (due > performance.now()) await sleep(due - performance.now());
      const slice = events.slice(next, next + batch);
      next += batch;
      void post(ingest, 'ingest', '/api/ingest/v1/events', ingestHeaders, { events: slice }).then((r) => {
        if (r.status === 200 || r.status === 201) ingested += slice.length;
      });
    }
  })());

  // /api/health every 100 ms, from a thread of its own (bench/health-probe.mjs).
  const startedEpoch = Date.now() - (performance.now() - started);
  loops.push(
    new Promise<void>((resolve, reject) => {
      const probe = new Worker(new URL('./health-probe.mjs', import.meta.url), { workerData: { url: `${base}/api/health`, everyMs: 100, until: startedEpoch + SECONDS * 1000 } });
      probe.once('error', reject);
      probe.once('message', (samples: { ms: number; status: number; at: number }[]) => {
        // Recorded at the sample's end on this thread's clock, as the other recorders do.
        for (const x of samples) health.record('health', x.status, x.ms, undefined, undefined, started + (x.at - startedEpoch) + x.ms);
        void probe.terminate().then(() => resolve());
      });
    }),
  );

  const think = () => sleep(THINK_MS * (0.5 + Math.random()));
  const viewedUnits = groups.flatMap((g) => g.production_unit_ids);
  // Company overview: the page's three calls at once (KPIs with the 11 preceding periods, KPIs by day, opportunities).
  for (const auth of overviewAuth) {
    loops.push((async () => {
      await sleep(Math.random() * THINK_MS);
      while (performance.now() < end) {
        const w = { time_option: 'last7days' };
        await Promise.all([
          post(overview, 'kpis/by-groups', '/api/kpis/by-groups', auth, { ...w, groups, preceding_periods: true }),
          post(overview, 'kpis/by-groups interval', '/api/kpis/by-groups', auth, { ...w, groups, interval: 'day' }),
          // The lines of the ten factories in view (as the panel asks when lines are in scope): the INGEST
          // factory, whose history is being replayed, is re-derived by the background sweep, not by readers.
          post(overview, 'opportunities', '/api/opportunities', auth, { ...w, company: true, production_unit_ids: viewedUnits, limit: 0 }),
        ]);
        await think();
      }
    })());
  }
  // Factory dashboard (downtime page of one factory): its four calls at once.
  for (const [i, auth] of dashboardAuth.entries()) {
    const f = factories[i % factories.length]!;
    const body = { time_option: 'last7days', production_unit_ids: f.sim.units.map((u) => u.id) };
    loops.push((async () => {
      await sleep(Math.random() * THINK_MS);
      while (performance.now() < end) {
        await Promise.all([
          post(dashboard, 'downtimes-info', '/api/production-units/downtimes-info', auth, body),
          post(dashboard, 'downtimes-info-interval', '/api/production-units/downtimes-info-interval', auth, body),
          post(dashboard, 'top-downtime-reasons', '/api/top-downtime-reasons', auth, body),
          post(dashboard, 'downtimes-summary', '/api/v2/production-units/downtimes-summary', auth, body),
        ]);
        await think();
      }
    })());
  }
  // Six users: the whole history's opportunities (refused: longer than allowed), then a year of them.
  loops.push((async () => {
    await sleep(heavyAt - performance.now());
    const whole = { start: '2019-09-01T00:00:00Z', end: new Date(now).toISOString(), company: true, production_unit_ids: viewedUnits };
    await Promise.all(heavyAuth.map((auth) => post(heavy, 'opportunities whole history', '/api/opportunities', auth, whole)));
    const year = { time_option: 'year', company: true, production_unit_ids: viewedUnits, limit: 100 };
    const t = performance.now();
    await Promise.all(heavyAuth.map((auth) => post(heavy, 'opportunities year', '/api/opportunities', auth, year)));
    heavyWindow = [t, performance.now()];
  })());

  await Promise.all(loops);
  const elapsed = (performance.now() - started) / 1000;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (DROP) {
    const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.end();
  }

  // ---- report ------------------------------------------------------------------------------------
  const users = new Recorder();
  users.samples.push(...overview.samples, ...dashboard.samples);
  const all = users.figures();
  const hw = heavyWindow as [number, number] | null;
  const healthAll = health.figures();
  const healthHeavy = hw ? health.figures((s) => s.at >= hw[0] && s.at <= hw[1]) : null;
  const lines: string[] = [];
  const out = (s = ''): void => {
    lines.push(s);
    log(s);
  };
  const row = (name: string, f: ReturnType<Recorder['figures']>) => `| ${name} | ${f.requests} | ${f.errors} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} |`;
  out(`# Linepulse load — ${new Date(now).toISOString()}`);
  out();
  out(`Scale: ${FACTORIES} factories × ${UNITS} units × ${DAYS} days on PostgreSQL; ${OVERVIEW_USERS} company-overview users and ${DASHBOARD_USERS} factory-dashboard users for ${round(elapsed)} s, each with its own token, a pause of ${THINK_MS} ms ±50 % between page loads; ingestion at ${INGEST_RATE} events/s (${ingested} events stored, ${round(ingested / elapsed, 0)} events/s); six users asking for the whole history's opportunities, then a year of them, from ${round((heavyAt - started) / 1000)} s. Machine: ${os.cpus().length} cores, load average at start ${loadAverage.join(' ')}.`);
  out();
  out('| requests | count | errors | p50 ms | p95 ms | p99 ms | max ms |');
  out('|---|---|---|---|---|---|---|');
  out(row('company overview + dashboard (all)', all));
  // The first seconds: a hundred users arriving at once at answers nobody has asked for yet.
  out(row('  of which sent 10 s or more after the start', users.figures((s) => s.at - s.ms - started >= 10_000)));
  if (hw) out(row('  of which answered while the six year-long opportunity calls ran', users.figures((s) => s.at >= hw[0] && s.at <= hw[1])));
  for (const rec of [overview, dashboard]) for (const route of new Set(rec.samples.map((s) => s.route))) out(row(`  ${route}`, rec.figures((s) => s.route === route)));
  out(row('/api/health (throughout)', healthAll));
  if (healthHeavy) out(row('/api/health (while the six year-long opportunity calls run)', healthHeavy));
  out(row('ingestion batches', ingest.figures()));
  for (const route of new Set(heavy.samples.map((s) => s.route))) {
    const s = heavy.samples.filter((x) => x.route === route);
    out(row(`${route} (statuses ${[...new Set(s.map((x) => x.status))].join(', ')})`, heavy.figures((x) => x.route === route)));
  }
  out();
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');
  out(`Budget p99 ≤ ${BUDGET.p99Ms} ms: ${all.p99} ms — ${verdict(all.p99 <= BUDGET.p99Ms)}`);
  out(`Budget 0 errors: ${all.errors} — ${verdict(all.errors <= BUDGET.errors)}`);
  out(`Budget /api/health p99 ≤ ${BUDGET.healthP99Ms} ms: ${healthAll.p99} ms throughout, ${healthHeavy?.p99 ?? '—'} ms during the heavy calls — ${verdict(healthAll.p99 <= BUDGET.healthP99Ms && (healthHeavy?.p99 ?? 0) <= BUDGET.healthP99Ms)}`);
  const failures = [...overview.failures, ...dashboard.failures, ...ingest.failures, ...health.failures];
  if (failures.length) {
    out();
    out('Failures:');
    for (const [k, n] of failures.slice(0, 20)) out(`- ${n} × ${k}`);
  }
  // LOAD_SAMPLES=<file>: every timed request (route, status, ms, seconds since the clock started), to see when the slow ones came.
  if (process.env.LOAD_SAMPLES) {
    const rows = [overview, dashboard, health, ingest, heavy].flatMap((r) => r.samples.map((x) => ({ route: x.route, status: x.status, ms: round(x.ms), bytes: x.bytes, at: round((x.at - x.ms - started) / 1000, 2) })));
    writeFileSync(process.env.LOAD_SAMPLES, JSON.stringify(rows));
  }
  const dir = path.join(REPO_DIR, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date(now).toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z-load.md`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  log(`\nwritten ${path.relative(REPO_DIR, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
