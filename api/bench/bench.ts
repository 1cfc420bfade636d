/**
 * `pnpm bench`: loads a company (default 10 factories × 20 units × 365 days) with the demo-history
 * simulator into a fresh PostgreSQL database, then measures
 *  (a) ingestion through the real HTTP endpoint (batches of 1 000, answered after commit) next to a
 *      raw COPY of the same facts, in events/s;
 *  (b) p50/p95 of each analytics call for one factory (20 units, 90 days), the heatmap hour view
 *      (14 days) and the company year by month, each beside a plain SQL query over the raw facts
 *      (bench/baseline.ts) computing the same figures, with the speed-up and an agreement check.
 * Prints a report and writes bench/results/<date>.json and .md at the workspace root.
 *
 * Options (env or --name=value): DATABASE_URL (server URL, default postgres://postgres@127.0.0.1:5432/),
 * --factories=10 --units=20 --days=365 --runs=20 --slow-runs=5 --ingest-days=45 --concurrency=4
 * --rebuild-concurrency=2 --keep (keep the database) --reuse=<kept database> (skip loading: measure again).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_DIR } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Kpis, KpisByGroupsResponse } from '@linepulse/contracts';
import { createPgDb } from '../src/db/pg-db.ts';
import { statementsSent } from '../src/db/statement-log.ts';
import { generateFactory } from '../src/simulator/generate.ts';
import { copyFacts } from '../src/simulator/load.ts';
import { tokenFor } from '../test/helper.ts';
import { baseline, hourBuckets, monthBuckets, type BaselineResult } from './baseline.ts';
import { BENCH_ACCOUNT_ID, BENCH_ADMIN_EMAIL, benchFactory, loadBenchCompany, toEvents, type BenchFactory, type IngestEvent } from './company.ts';

const DAY = 86_400_000;

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (arg) return arg.slice(name.length + 3);
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}
const FACTORIES = Number(option('factories', '10'));
const UNITS = Number(option('units', '20'));
const DAYS = Number(option('days', '365'));
const RUNS = Number(option('runs', '20'));
const INGEST_DAYS = Number(option('ingest-days', '45'));
const CONCURRENCY = Number(option('concurrency', '4'));
const SLOW_RUNS = Number(option('slow-runs', '5'));
const REBUILD_CONCURRENCY = Number(option('rebuild-concurrency', '2'));
const KEEP = process.argv.includes('--keep');
/** Reuse a database kept by an earlier run (--keep): skips creating, loading and rebuilding the company. */
const REUSE = option('reuse', '');
const SERVER_URL = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/').replace(/\/[^/]*$/, '');
const SEED = 'linepulse-bench-v1';

const BUDGET = { ingestEventsPerSecond: 20_000, factoryP95Ms: 50, companyP95Ms: 250, speedUp: 10 };

const log = (...args: unknown[]): void => console.log(...args);
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;

interface Timing {
  name: string;
  engine: { p50: number; p95: number; runs: number } | null;
  baseline: { p50: number; p95: number; runs: number } | null;
  speedUp: number | null;
  budgetMs: number;
  agreement: string;
  pass: boolean | null;
  skipped?: string;
}

async function main(): Promise<void> {
  const started = Date.now();
  const now = Date.now();
  const dbName = REUSE || `linepulse_bench_${process.pid}_${now.toString(36)}`;
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  if (!REUSE) await admin.query(`CREATE DATABASE ${dbName}`);
  log(`database ${dbName} on ${SERVER_URL} (${REUSE ? 'reused: company already loaded and derived' : 'fresh'})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-bench-'));
  let db: Db | null = null;
  const report: Record<string, unknown> = {
    date: new Date(now).toISOString(),
    scale: { factories: FACTORIES, units_per_factory: UNITS, days: DAYS, runs: RUNS, ingest_days: INGEST_DAYS, concurrency: CONCURRENCY },
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length, load_average_at_start: (await import('node:os')).loadavg().map((l) => round(l, 2)) },
    budgets: BUDGET,
  };
  const skipped: string[] = [];
  try {
    const url = `${SERVER_URL}/${dbName}`;
    db = createPgDb(url, { max: 4 });
    await migrate(db);

    // ---- company -----------------------------------------------------------------------------
    const factories: BenchFactory[] = Array.from({ length: FACTORIES }, (_, i) => benchFactory(i, UNITS));
    const ingestFactory = benchFactory(0, UNITS, 'INGEST');
    const historyStart = Math.floor((now - DAYS * DAY) / DAY) * DAY;
    if (REUSE) report.reused = dbName;
    else {
      await loadBenchCompany(db, factories, ingestFactory, historyStart, now, report, { seed: SEED, days: DAYS, rebuildConcurrency: REBUILD_CONCURRENCY, log });
      // Before the ingestion measurement adds its factory: the company's own rows.
      report.footprint = await footprint(db);
    }

    // ---- the app on a port --------------------------------------------------------------------
    process.env.ROLLUP_REFRESH_SECONDS = '0';
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1:1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      STATIC_ROOT: dataDir,
      // The engine computing each answer, not answers kept for identical requests (decisions 27 to 29):
      // every timed run of a call is the same request.
      ANALYTICS_CACHE_SECONDS: '0',
      ANALYTICS_STALE_SECONDS: '0',
      OPPORTUNITIES_CACHE_SECONDS: '0',
    });
    const app = await buildApp({ config, db, https: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await tokenFor(app, BENCH_ADMIN_EMAIL);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // ---- (a) ingestion: HTTP next to COPY -----------------------------------------------------
    report.ingestion = await benchIngestion(db, base, auth, ingestFactory, now, skipped);

    // ---- (b) analytics ------------------------------------------------------------------------
    const timings: Timing[] = [];
    const f0 = factories[0]!;
    const zone = f0.seed.timezone;
    const offset = f0.seed.production_day_minutes_from_midnight;
    const dayStart = (d: DateTime): number => d.startOf('day').set({ hour: Math.floor(offset / 60), minute: offset % 60 }).toMillis();
    const today = DateTime.fromMillis(now - offset * 60_000, { zone }).startOf('day');
    const we = dayStart(today);
    const ws90 = dayStart(today.minus({ days: 90 }));
    const ws14 = dayStart(today.minus({ days: 14 }));
    const f0Units = f0.sim.units.map((u) => u.id);
    const win90 = { start: new Date(ws90).toISOString(), end: new Date(we).toISOString() };

    const post = async (route: string, body: unknown): Promise<{ status: number; json: unknown }> => {
      const res = await fetch(`${base}${route}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      return { status: res.status, json: await res.json() };
    };
    const time = async (fn: () => Promise<unknown>, plain = false): Promise<{ p50: number; p95: number; runs: number; last: unknown }> => {
      const w = performance.now();
      const lastWarm = await fn(); // warm-up
      // Plain queries slower than a second get SLOW_RUNS runs (the engine's calls always get RUNS).
      const warm = performance.now() - w;
      // Plain queries over 30 s: the warm-up is the one sample.
      if (plain && warm > 30_000) return { p50: round(warm, 2), p95: round(warm, 2), runs: 1, last: await Promise.resolve(lastWarm) };
      const runs = plain && warm > 1000 ? Math.min(RUNS, SLOW_RUNS) : RUNS;
      const samples: number[] = [];
      let last: unknown = null;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        last = await fn();
        samples.push(performance.now() - t);
      }
      return { p50: round(percentile(samples, 50), 2), p95: round(percentile(samples, 95), 2), runs, last };
    };
    const call = async (route: string, body: unknown) => {
      const r = await post(route, body);
      if (r.status !== 200) throw new Error(`${route} answered ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
      return r.json;
    };
    const available = async (route: string, body: unknown): Promise<boolean> => {
      const r = await post(route, body);
      if (r.status === 404) {
        skipped.push(`${route}: not found (404)`);
        return false;
      }
      if (r.status !== 200) {
        skipped.push(`${route}: answered ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
        return false;
      }
      return true;
    };
    const qdb = db;
    const runBaseline = (units: string[], buckets: [number, number][], z = zone) => time(() => baseline(qdb, BENCH_ACCOUNT_ID, z, units, buckets), true);
    const entry = (name: string, engine: Awaited<ReturnType<typeof time>> | null, base: Awaited<ReturnType<typeof time>> | null, budgetMs: number, agreement: string): Timing => {
      const speedUp = engine && base ? round(base.p50 / engine.p50, 1) : null;
      const pass = engine ? engine.p95 <= budgetMs && (speedUp === null || speedUp >= BUDGET.speedUp) && !agreement.startsWith('MISMATCH') : null;
      const t: Timing = {
        name,
        engine: engine && { p50: engine.p50, p95: engine.p95, runs: engine.runs },
        baseline: base && { p50: base.p50, p95: base.p95, runs: base.runs },
        speedUp,
        budgetMs,
        agreement,
        pass,
      };
      timings.push(t);
      log(formatTiming(t));
      if (agreement.startsWith('MISMATCH')) log(`\n!!!!!!!! ${name}: ENGINE AND PLAIN QUERY DISAGREE — ${agreement}\n`);
      return t;
    };

    const base90 = await runBaseline(f0Units, [[ws90, we]]);
    const base90Rows = (base90.last as BaselineResult).rows;

    // downtimes-info
    const body90 = { ...win90, production_unit_ids: f0Units };
    if (await available('/api/production-units/downtimes-info', body90)) {
      const e = await time(() => call('/api/production-units/downtimes-info', body90));
      entry(`downtimes-info (1 factory, ${UNITS} units, 90 days)`, e, base90, BUDGET.factoryP95Ms, compareUnitTotals(e.last as UnitTotals[], base90Rows));
    } else entry(`downtimes-info (1 factory, ${UNITS} units, 90 days)`, null, base90, BUDGET.factoryP95Ms, 'skipped');

    // downtimes-info-interval (default interval for 90 days)
    if (await available('/api/production-units/downtimes-info-interval', body90)) {
      const e = await time(() => call('/api/production-units/downtimes-info-interval', body90));
      const summed = (e.last as IntervalAnswer[]).map((u) => sumIntervals(u));
      entry('downtimes-info-interval (90 days, default interval)', e, base90, BUDGET.factoryP95Ms, compareUnitTotals(summed, base90Rows));
    } else entry('downtimes-info-interval (90 days, default interval)', null, base90, BUDGET.factoryP95Ms, 'skipped');

    // top-downtime-reasons
    if (await available('/api/top-downtime-reasons', body90)) {
      const e = await time(() => call('/api/top-downtime-reasons', { ...body90, limit: 100 }));
      entry('top-downtime-reasons (90 days)', e, base90, BUDGET.factoryP95Ms, compareReasons(e.last as TopReason[], base90Rows));
    } else entry('top-downtime-reasons (90 days)', null, base90, BUDGET.factoryP95Ms, 'skipped');

    // v2 downtimes-summary
    if (await available('/api/v2/production-units/downtimes-summary', body90)) {
      const e = await time(() => call('/api/v2/production-units/downtimes-summary', body90));
      entry('v2 downtimes-summary (90 days)', e, base90, BUDGET.factoryP95Ms, compareSummary(e.last as SummaryAnswer, base90Rows));
    } else entry('v2 downtimes-summary (90 days)', null, base90, BUDGET.factoryP95Ms, 'skipped');

    // kpis/by-groups, one factory
    const kpiBody = { ...win90, groups: [{ name: f0.seed.name, factory_id: f0.sim.id, production_unit_ids: f0Units }] };
    if (await available('/api/kpis/by-groups', kpiBody)) {
      const e = await time(() => call('/api/kpis/by-groups', kpiBody));
      const g = (e.last as KpisAnswer).groups[0]!;
      entry('kpis/by-groups (1 factory, 90 days)', e, base90, BUDGET.factoryP95Ms, compareKpis([{ total: g.total, rows: base90Rows }]));
    } else entry('kpis/by-groups (1 factory, 90 days)', null, base90, BUDGET.factoryP95Ms, 'skipped');

    // heatmap: hour view over 14 days
    const hours = hourBuckets(ws14, we, zone);
    const base14 = await runBaseline(f0Units, hours);
    const body14 = { start: new Date(ws14).toISOString(), end: new Date(we).toISOString(), production_unit_ids: f0Units, interval: 'hour' };
    if (await available('/api/production-units/downtimes-info-interval', body14)) {
      const e = await time(() => call('/api/production-units/downtimes-info-interval', body14));
      entry('heatmap: downtimes-info-interval by hour (14 days)', e, base14, BUDGET.factoryP95Ms, compareHours(e.last as IntervalAnswer[], (base14.last as BaselineResult).rows));
    } else entry('heatmap: downtimes-info-interval by hour (14 days)', null, base14, BUDGET.factoryP95Ms, 'skipped');

    // company year by month: one group per factory
    // The current month and the 11 before it (month intervals need a window under 365 days).
    const yearStart = DateTime.fromMillis(now, { zone: 'UTC' }).startOf('month').minus({ months: 11 }).toMillis();
    const yearEnd = we;
    const companyBody = {
      start: new Date(yearStart).toISOString(),
      end: new Date(yearEnd).toISOString(),
      interval: 'month',
      groups: factories.map((f) => ({ name: f.seed.name, factory_id: f.sim.id, production_unit_ids: f.sim.units.map((u) => u.id) })),
    };
    const companyBaseline = async (): Promise<{ factory: BenchFactory; rows: BaselineResult['rows']; buckets: [number, number][] }[]> => {
      const out = [];
      for (const f of factories) {
        const buckets = monthBuckets(yearStart, yearEnd, f.seed.timezone, f.seed.production_day_minutes_from_midnight);
        out.push({ factory: f, buckets, rows: (await baseline(qdb, BENCH_ACCOUNT_ID, f.seed.timezone, f.sim.units.map((u) => u.id), buckets)).rows });
      }
      return out;
    };
    const baseYear = await time(companyBaseline, true);
    if (await available('/api/kpis/by-groups', companyBody)) {
      const e = await time(() => call('/api/kpis/by-groups', companyBody));
      const answer = e.last as KpisAnswer;
      const byFactory = baseYear.last as Awaited<ReturnType<typeof companyBaseline>>;
      entry(
        `company year by month: kpis/by-groups (${FACTORIES} factories × ${UNITS} units)`,
        e,
        baseYear,
        BUDGET.companyP95Ms,
        compareKpis(answer.groups.map((g, i) => ({ total: g.total, rows: byFactory[i]!.rows }))) + ' · ' + compareMonths(answer, byFactory),
      );
    } else entry(`company year by month: kpis/by-groups (${FACTORIES} factories × ${UNITS} units)`, null, baseYear, BUDGET.companyP95Ms, 'skipped');

    report.analytics = timings;
    report.statements_per_call = await statementsPerCall([
      ['downtimes-info (1 factory, 90 days)', () => call('/api/production-units/downtimes-info', body90)],
      ['downtimes-info-interval (1 factory, 90 days)', () => call('/api/production-units/downtimes-info-interval', body90)],
      ['top-downtime-reasons (90 days)', () => call('/api/top-downtime-reasons', { ...body90, limit: 100 })],
      ['v2 downtimes-summary (90 days)', () => call('/api/v2/production-units/downtimes-summary', body90)],
      ['kpis/by-groups (1 factory, 90 days)', () => call('/api/kpis/by-groups', kpiBody)],
      ['heatmap by hour (14 days)', () => call('/api/production-units/downtimes-info-interval', body14)],
      [`company year by month (${FACTORIES} factories)`, () => call('/api/kpis/by-groups', companyBody)],
    ]);
    report.opportunities = 'not measured (no budget in the issue); /api/opportunities not benchmarked';
    await app.close();
  } finally {
    report.skipped = skipped;
    report.total_s = round((Date.now() - started) / 1000);
    await db?.close().catch(() => undefined);
    if (!KEEP && !REUSE) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e: Error) => console.error(e.message));
    else log(`kept database ${dbName} (drop it with: psql -c 'DROP DATABASE ${dbName}')`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    writeResults(report);
  }
}


// ---------------------------------------------------------------------------------------------
// What an account costs (docs/scale-out.md)

/**
 * Rows and bytes per table once the company is loaded and derived, and per line-year (the company's
 * lines × days / 365). The database holds this one account, so a table's size is the account's.
 */
async function footprint(db: Db): Promise<Record<string, unknown>> {
  const lineYears = (FACTORIES * UNITS * DAYS) / 365;
  const tables = await db.query<{ tbl: string; bytes: number }>(
    `SELECT c.relname AS tbl, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'account_id')`,
  );
  const rows: { table: string; rows: number; bytes: number; rows_per_line_year: number; kib_per_line_year: number }[] = [];
  for (const t of tables) {
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${t.tbl} WHERE account_id = $1`, [BENCH_ACCOUNT_ID])) as [{ n: number }];
    if (n === 0) continue;
    rows.push({ table: t.tbl, rows: n, bytes: t.bytes, rows_per_line_year: round(n / lineYears), kib_per_line_year: round(t.bytes / 1024 / lineYears) });
  }
  rows.sort((a, b) => b.bytes - a.bytes);
  log(`\nfootprint of the company (${round(lineYears)} line-years), largest first:`);
  for (const r of rows) log(`  ${r.table.padEnd(28)} ${String(r.rows).padStart(11)} rows ${String(round(r.bytes / 1048576)).padStart(8)} MiB   per line-year: ${String(r.rows_per_line_year).padStart(9)} rows ${String(r.kib_per_line_year).padStart(8)} KiB`);
  const total = rows.reduce((a, r) => a + r.bytes, 0);
  log(`  all tables: ${round(total / 1048576)} MiB = ${round(total / 1024 / lineYears)} KiB per line-year`);
  return { line_years: round(lineYears), total_bytes: total, tables: rows };
}

/** Statements the api sends to answer each call once (the engine computing, no kept answer). */
async function statementsPerCall(calls: [string, () => Promise<unknown>][]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  log('\nstatements per call:');
  for (const [name, fn] of calls) {
    const before = statementsSent();
    await fn();
    out[name] = statementsSent() - before;
    log(`  ${name}: ${out[name]}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Ingestion

async function benchIngestion(db: Db, base: string, auth: Record<string, string>, factory: BenchFactory, now: number, skipped: string[]): Promise<Record<string, unknown>> {
  const from = Math.floor((now - INGEST_DAYS * DAY) / DAY) * DAY;
  const facts = generateFactory(SEED, from, factory.sim, from, now);
  const events = toEvents(facts, factory.sim);
  const n = events.length;
  const result: Record<string, unknown> = { events: n, batch_size: 1000, concurrency: CONCURRENCY };

  await deleteFactoryFacts(db, factory.sim.id); // a reused database still holds the previous run's
  const keyRes = await fetch(`${base}/api/factories/${factory.sim.id}/ingest-keys`, { method: 'POST', headers: auth, body: '{}' });
  let httpRate: number | null = null;
  if (keyRes.status === 201 || keyRes.status === 200) {
    const { key } = (await keyRes.json()) as { key: string };
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const batches: IngestEvent[][] = [];
    for (let i = 0; i < n; i += 1000) batches.push(events.slice(i, i + 1000));
    let next = 0;
    let accepted = 0;
    let duplicates = 0;
    const failures: string[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < batches.length) {
          const batch = batches[next++]!;
          const res = await fetch(`${base}/api/ingest/v1/events`, { method: 'POST', headers, body: JSON.stringify({ events: batch }) });
          const body = (await res.json()) as { accepted?: number; duplicates?: number };
          if (res.status !== 200 && res.status !== 201) failures.push(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          accepted += body.accepted ?? 0;
          duplicates += body.duplicates ?? 0;
        }
      }),
    );
    const ms = performance.now() - t0;
    httpRate = Math.round(n / (ms / 1000));
    const stored = await countFacts(db, factory.sim.id);
    result.http = { ms: Math.round(ms), events_per_s: httpRate, accepted, duplicates, stored, failures: failures.slice(0, 5), failed_batches: failures.length };
    console.log(`ingestion over HTTP: ${n} events in ${round(ms / 1000, 2)} s = ${httpRate} events/s (accepted ${accepted}, stored ${stored}${failures.length ? `, ${failures.length} FAILED batches: ${failures[0]}` : ''})`);
  } else {
    skipped.push(`ingestion over HTTP: POST /api/factories/{id}/ingest-keys answered ${keyRes.status}`);
    console.log(`ingestion over HTTP: SKIPPED (ingest key: ${keyRes.status})`);
  }

  // The same facts with a raw COPY, after removing the ingested ones.
  await deleteFactoryFacts(db, factory.sim.id);
  const t1 = performance.now();
  await db.transaction((tx) => copyFacts(tx, facts));
  const copyMs = performance.now() - t1;
  const copyRate = Math.round(n / (copyMs / 1000));
  result.copy = { ms: Math.round(copyMs), events_per_s: copyRate, stored: await countFacts(db, factory.sim.id) };
  result.pass = httpRate === null ? null : httpRate >= BUDGET.ingestEventsPerSecond;
  console.log(`raw COPY of the same ${n} facts: ${round(copyMs / 1000, 2)} s = ${copyRate} events/s`);
  console.log(`ingestion budget ≥ ${BUDGET.ingestEventsPerSecond} events/s: ${httpRate === null ? 'SKIPPED' : httpRate >= BUDGET.ingestEventsPerSecond ? 'PASS' : 'FAIL'} (HTTP ${httpRate ?? '—'} vs COPY ${copyRate})`);
  return result;
}

async function deleteFactoryFacts(db: Db, factoryId: string): Promise<void> {
  for (const table of ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events', 'rollup_dirty']) {
    await db.query(`DELETE FROM ${table} WHERE account_id = $1 AND factory_id = $2`, [BENCH_ACCOUNT_ID, factoryId]);
  }
}

async function countFacts(db: Db, factoryId: string): Promise<number> {
  let n = 0;
  for (const table of ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events']) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1 AND factory_id = $2`, [BENCH_ACCOUNT_ID, factoryId]);
    n += Number(row?.n ?? 0);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Agreement checks (engine answer vs plain query)

interface UnitTotals {
  production_unit_id: string;
  planned: number;
  unplanned: number;
  unjustified: number;
  in_production: number;
  uptime: number;
  downtime_occurrences: number;
}
interface IntervalAnswer {
  production_unit_id: string;
  downtimes_per_interval: (Omit<UnitTotals, 'production_unit_id'> & { start_time: string; end_time: string })[];
}
interface TopReason {
  downtime_reason_id: string;
  total_downtime_duration_seconds: number;
}
interface SummaryAnswer {
  justification_type_count_summary: Record<string, number>;
  top_unplanned_downtimes: TopReason[];
}
type KpisAnswer = KpisByGroupsResponse;

const TOLERANCE_MS = 1;
const near = (a: number, b: number, tol = TOLERANCE_MS): boolean => Math.abs(a - b) <= tol;

function sumIntervals(u: IntervalAnswer): UnitTotals {
  const t: UnitTotals = { production_unit_id: u.production_unit_id, planned: 0, unplanned: 0, unjustified: 0, in_production: 0, uptime: 0, downtime_occurrences: 0 };
  for (const i of u.downtimes_per_interval) {
    t.planned += i.planned;
    t.unplanned += i.unplanned;
    t.unjustified += i.unjustified;
    t.in_production += i.in_production;
    t.uptime += i.uptime;
    t.downtime_occurrences += i.downtime_occurrences;
  }
  return t;
}

function compareUnitTotals(answer: UnitTotals[], rows: BaselineResult['rows']): string {
  const problems: string[] = [];
  for (const r of rows) {
    const a = answer.find((x) => x.production_unit_id === r.unit_id);
    if (!a) {
      problems.push(`unit ${r.unit_id} missing`);
      continue;
    }
    const expect: [string, number, number][] = [
      ['in_production', a.in_production, r.scheduled_ms],
      ['planned', a.planned, r.planned_ms],
      ['unplanned', a.unplanned, r.unplanned_ms],
      ['unjustified', a.unjustified, r.unjustified_ms],
      ['uptime', a.uptime, r.scheduled_ms - r.downtime_ms],
      ['occurrences', a.downtime_occurrences, r.occurrences],
    ];
    for (const [field, got, want] of expect) if (!near(got, want)) problems.push(`${r.unit_id.slice(0, 8)} ${field}: engine ${got} vs plain ${round(want, 0)}`);
  }
  return problems.length ? `MISMATCH (${problems.length}): ${problems.slice(0, 4).join('; ')}` : `agree (${rows.length} units × 6 figures)`;
}

function compareReasons(answer: TopReason[], rows: BaselineResult['rows']): string {
  const plain = new Map<string, number>();
  for (const r of rows) for (const x of r.reasons) plain.set(x.reason_id, (plain.get(x.reason_id) ?? 0) + Number(x.ms));
  const problems: string[] = [];
  for (const a of answer) {
    const want = (plain.get(a.downtime_reason_id) ?? 0) / 1000;
    if (Math.abs(a.total_downtime_duration_seconds - want) > 0.01) problems.push(`${a.downtime_reason_id.slice(0, 8)}: engine ${a.total_downtime_duration_seconds} s vs plain ${round(want, 3)} s`);
  }
  return problems.length ? `MISMATCH (${problems.length}): ${problems.slice(0, 4).join('; ')}` : `agree (${answer.length} reasons)`;
}

function compareSummary(answer: SummaryAnswer, rows: BaselineResult['rows']): string {
  const occurrences = rows.reduce((s, r) => s + r.occurrences, 0);
  const counted = Object.values(answer.justification_type_count_summary).reduce((s, n) => s + n, 0);
  const top = compareReasons(answer.top_unplanned_downtimes, rows);
  const problems: string[] = [];
  if (counted !== occurrences) problems.push(`downtimes by justification type ${counted} vs plain occurrences ${occurrences}`);
  if (top.startsWith('MISMATCH')) problems.push(`top unplanned: ${top}`);
  return problems.length ? `MISMATCH: ${problems.join('; ')}` : `agree (${counted} downtimes; top unplanned reasons)`;
}

function compareKpis(groups: { total: Kpis; rows: BaselineResult['rows'] }[]): string {
  const problems: string[] = [];
  groups.forEach(({ total, rows }, i) => {
    const sum = (f: (r: BaselineResult['rows'][number]) => number): number => rows.reduce((s, r) => s + f(r), 0);
    const expect: [string, number, number][] = [
      ['scheduled_ms', total.scheduled_ms, sum((r) => r.scheduled_ms)],
      ['planned_downtime_ms', total.planned_downtime_ms, sum((r) => r.planned_ms)],
      ['unplanned_downtime_ms', total.unplanned_downtime_ms, sum((r) => r.unplanned_ms)],
      ['unjustified_downtime_ms', total.unjustified_downtime_ms, sum((r) => r.unjustified_ms)],
      ['uptime_ms', total.uptime_ms, sum((r) => r.scheduled_ms - r.downtime_ms)],
      ['good', total.good, sum((r) => r.good)],
      ['rejected', total.rejected, sum((r) => r.rejected)],
      ['downtime_occurrences', total.downtime_occurrences, sum((r) => r.occurrences)],
    ];
    for (const [field, got, want] of expect) if (!near(got, want, rows.length * TOLERANCE_MS)) problems.push(`group ${i} ${field}: engine ${got} vs plain ${round(want, 0)}`);
  });
  return problems.length ? `MISMATCH (${problems.length}): ${problems.slice(0, 4).join('; ')}` : `agree (${groups.length} group totals × 8 figures)`;
}

function compareMonths(answer: KpisAnswer, byFactory: { rows: BaselineResult['rows']; buckets: [number, number][] }[]): string {
  const problems: string[] = [];
  let compared = 0;
  answer.groups.forEach((g, i) => {
    for (const interval of g.intervals ?? []) {
      const start = Date.parse(interval.start_time);
      const rows = byFactory[i]!.rows.filter((r) => Date.parse(r.bucket_start) === start);
      if (rows.length === 0) {
        problems.push(`group ${i} month ${interval.start_time}: no plain bucket`);
        continue;
      }
      compared++;
      const want = rows.reduce((s, r) => s + r.scheduled_ms - r.downtime_ms, 0);
      if (!near(interval.uptime_ms, want, rows.length)) problems.push(`group ${i} ${interval.start_time} uptime_ms ${interval.uptime_ms} vs ${round(want, 0)}`);
    }
  });
  return problems.length ? `MISMATCH months (${problems.length}): ${problems.slice(0, 3).join('; ')}` : `months agree (${compared} group-months, uptime)`;
}

function compareHours(answer: IntervalAnswer[], rows: BaselineResult['rows']): string {
  const problems: string[] = [];
  let compared = 0;
  const plain = new Map(rows.map((r) => [`${r.unit_id}|${Date.parse(r.bucket_start)}`, r]));
  for (const u of answer) {
    for (const i of u.downtimes_per_interval) {
      const r = plain.get(`${u.production_unit_id}|${Date.parse(i.start_time)}`);
      if (!r) {
        if (i.in_production > 0 || i.planned + i.unplanned + i.unjustified > 0) problems.push(`${i.start_time}: no plain bucket`);
        continue;
      }
      compared++;
      if (!near(i.in_production, r.scheduled_ms) || !near(i.planned, r.planned_ms) || !near(i.unplanned, r.unplanned_ms) || !near(i.unjustified, r.unjustified_ms)) {
        problems.push(`${u.production_unit_id.slice(0, 8)} ${i.start_time}: engine ${i.in_production}/${i.planned}/${i.unplanned}/${i.unjustified} vs plain ${r.scheduled_ms}/${r.planned_ms}/${r.unplanned_ms}/${round(r.unjustified_ms, 0)}`);
      }
    }
  }
  return problems.length ? `MISMATCH (${problems.length} unit-hours): ${problems.slice(0, 3).join('; ')}` : `agree (${compared} unit-hours × 4 figures)`;
}

// ---------------------------------------------------------------------------------------------
// Report

function formatTiming(t: Timing): string {
  const e = t.engine ? `p50 ${t.engine.p50} ms · p95 ${t.engine.p95} ms` : 'SKIPPED';
  const b = t.baseline ? `plain p50 ${t.baseline.p50} ms · p95 ${t.baseline.p95} ms` : 'plain —';
  const verdict = t.pass === null ? 'SKIPPED' : t.pass ? 'PASS' : 'FAIL';
  return `${t.name}\n    engine ${e} (budget p95 ≤ ${t.budgetMs} ms) | ${b} | speed-up ${t.speedUp ?? '—'}× (≥ ${BUDGET.speedUp}×) | ${t.agreement} | ${verdict}`;
}

function writeResults(report: Record<string, unknown>): void {
  const dir = path.join(REPO_DIR, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = String(report.date).replace(/[:]/g, '-').replace(/\.\d+Z$/, 'Z');
  writeFileSync(path.join(dir, `${stamp}.json`), JSON.stringify(report, null, 2) + '\n');
  const lines: string[] = [];
  const scale = report.scale as Record<string, number>;
  lines.push(`# Linepulse benchmark — ${report.date}`, '');
  lines.push(`Scale: ${scale.factories} factories × ${scale.units_per_factory} units × ${scale.days} days; ${scale.runs} timed runs per call (after one warm-up). Machine: ${JSON.stringify(report.machine)}.`, '');
  if (report.reused) lines.push(`Company loaded and derived by an earlier run (database ${String(report.reused)} reused): no load or rebuild figures in this run.`, '');
  const load = report.load as { facts: number; generate_ms: number; copy_ms: number; copy_events_per_s: number } | undefined;
  if (load) lines.push(`Load: ${load.facts} facts generated in ${round(load.generate_ms / 1000)} s, COPY ${round(load.copy_ms / 1000)} s (${load.copy_events_per_s} events/s).`, '');
  const rebuild = report.rebuild as { units: number; ms: number } | undefined;
  if (rebuild) lines.push(`Engine bulk rebuild: ${rebuild.units} units in ${round(rebuild.ms / 1000)} s.`, '');
  const ing = report.ingestion as Record<string, Record<string, number> | number | boolean | null> | undefined;
  if (ing) {
    const http = ing.http as { ms: number; events_per_s: number } | undefined;
    const copy = ing.copy as { ms: number; events_per_s: number };
    lines.push('## Ingestion', '', '| path | events | seconds | events/s | budget ≥ 20 000/s |', '|---|---|---|---|---|');
    lines.push(`| HTTP POST /api/ingest/v1/events (batches of 1 000, concurrency ${scale.concurrency}) | ${ing.events} | ${http ? round(http.ms / 1000, 2) : '—'} | ${http?.events_per_s ?? 'SKIPPED'} | ${ing.pass === null ? 'SKIPPED' : ing.pass ? 'PASS' : 'FAIL'} |`);
    lines.push(`| raw COPY (same facts) | ${ing.events} | ${round(copy.ms / 1000, 2)} | ${copy.events_per_s} | — |`, '');
  }
  const timings = (report.analytics as Timing[] | undefined) ?? [];
  if (timings.length) {
    lines.push('## Analytics (ms; engine over HTTP, plain = one SQL query over raw facts)', '');
    lines.push('| call | engine p50 | engine p95 | budget p95 | plain p50 | plain p95 | speed-up (p50) | agreement | verdict |', '|---|---|---|---|---|---|---|---|---|');
    for (const t of timings) {
      lines.push(
        `| ${t.name} | ${t.engine?.p50 ?? '—'} | ${t.engine?.p95 ?? '—'} | ${t.budgetMs} | ${t.baseline?.p50 ?? '—'} | ${t.baseline?.p95 ?? '—'} | ${t.speedUp ?? '—'}× | ${t.agreement.replace(/\|/g, '/')} | ${t.pass === null ? 'SKIPPED' : t.pass ? 'PASS' : 'FAIL'} |`,
      );
    }
    lines.push('');
  }
  const fp = report.footprint as { line_years: number; total_bytes: number; tables: { table: string; rows: number; bytes: number; rows_per_line_year: number; kib_per_line_year: number }[] } | undefined;
  if (fp) {
    lines.push(`## Footprint (${fp.line_years} line-years; ${round(fp.total_bytes / 1048576)} MiB, ${round(fp.total_bytes / 1024 / fp.line_years)} KiB per line-year)`, '');
    lines.push('| table | rows | MiB | rows per line-year | KiB per line-year |', '|---|---|---|---|---|');
    for (const t of fp.tables) lines.push(`| ${t.table} | ${t.rows} | ${round(t.bytes / 1048576)} | ${t.rows_per_line_year} | ${t.kib_per_line_year} |`);
    lines.push('');
  }
  const perCall = report.statements_per_call as Record<string, number> | undefined;
  if (perCall) lines.push('## Statements per call', '', '| call | statements |', '|---|---|', ...Object.entries(perCall).map(([k, v]) => `| ${k} | ${v} |`), '');
  const skipped = report.skipped as string[];
  if (skipped.length) lines.push('## Skipped', '', ...skipped.map((s) => `- ${s}`), '');
  lines.push(`Total run time: ${report.total_s} s.`, '');
  writeFileSync(path.join(dir, `${stamp}.md`), lines.join('\n'));
  console.log(`\nresults: bench/results/${stamp}.json and .md`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
