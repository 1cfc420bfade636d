/**
 * `pnpm bench:recompute`: the recomputation budget of issue 12 on PostgreSQL at the `pnpm bench` scale of
 * one factory (20 units, 365 days of simulated history, derived by the engine). Through HTTP, as the
 * admin wizard would: one `PUT /api/factories/{id}/configuration` changes every product's ideal rate on
 * every unit, so the whole history of all 20 units must be re-derived; the api's own background pass
 * (started by the change itself; its regular tick, ROLLUP_REFRESH_SECONDS, stays at the api's default
 * of 60 s unless `--refresh-seconds` says otherwise) does it while this script polls
 * `GET /api/factories/{id}/recomputation` (the wizard's progress) and loads the factory dashboard (its
 * four calls at once over the last 7 days, all units) one page after the other. Prints the time from the
 * save to "0 units pending", units/s, the progress as the wizard would see it, and the dashboard page's
 * p50/p95 before, during and after. Figures only: nothing is asserted on time.
 *
 * Options (env BENCH_* or --name=value): DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/),
 * --units=20 --days=365 --refresh-seconds=60 --keep (keep the database) --reuse=<kept database> (a kept
 * database has been recomputed once already: the rates are changed again).
 */
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { tokenFor } from '../test/helper.ts';
import type { FactoryConfiguration, Recomputation } from '@linepulse/contracts';
import { BENCH_ACCOUNT_ID, BENCH_ADMIN_EMAIL, benchFactory } from './company.ts';
import { benchDatabase, endBench, loadOneFactory, log, option, percentile, round, SERVER_URL } from './one-factory.ts';

const UNITS = Number(option('units', '20'));
const DAYS = Number(option('days', '365'));
const REFRESH_SECONDS = option('refresh-seconds', '60');
const KEEP = process.argv.includes('--keep');
const REUSE = option('reuse', '');
/** Dashboard page loads before and after the recomputation, for the quiet figures. */
const QUIET_PAGES = 20;
const BUDGET_SECONDS = 60;

async function main(): Promise<void> {
  const now = Date.now();
  const dbName = REUSE || `linepulse_bench_recompute_${process.pid}_${now.toString(36)}`;
  const admin = await benchDatabase(dbName, REUSE !== '');
  log(`database ${dbName} (${REUSE ? 'reused' : 'fresh'}); ${UNITS} units × ${DAYS} days; background pass every ${REFRESH_SECONDS} s`);
  log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-bench-'));
  const url = `${SERVER_URL}/${dbName}`;
  const db = createPgDb(url, { max: 4 });
  try {
    await migrate(db);
    if (!REUSE) await loadOneFactory(db, UNITS, DAYS, now);
    // The api's own background pass does the recomputation, as in production.
    process.env.ROLLUP_REFRESH_SECONDS = REFRESH_SECONDS;
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', STATIC_ROOT: dataDir });
    const app = await buildApp({ config, db, https: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const auth = { authorization: `Bearer ${await tokenFor(app, BENCH_ADMIN_EMAIL)}` };

    const factory = benchFactory(0, UNITS);
    const factoryId = factory.sim.id;
    const unitIds = factory.sim.units.map((u) => u.id);
    const call = async <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown): Promise<{ ms: number; json: T }> => {
      const t = performance.now();
      const res = await fetch(`${base}${route}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as T;
      if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t, json };
    };

    // The factory dashboard: its four calls at once; the page takes as long as the slowest.
    const dashboardBody = { time_option: 'last7days', production_unit_ids: unitIds };
    const dashboardPage = async (): Promise<number> => {
      const t = performance.now();
      await Promise.all(
        ['/api/production-units/downtimes-info', '/api/production-units/downtimes-info-interval', '/api/top-downtime-reasons', '/api/v2/production-units/downtimes-summary'].map((route) =>
          call('POST', route, dashboardBody),
        ),
      );
      return performance.now() - t;
    };
    const pages = async (n: number): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < n; i += 1) times.push(await dashboardPage());
      return times;
    };
    const figures = (times: number[]): string =>
      times.length ? `p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms, max ${round(Math.max(...times))} ms (${times.length} pages)` : 'no page';
    const progressOf = async (): Promise<Recomputation> => (await call<Recomputation>('GET', `/api/factories/${factoryId}/recomputation`)).json;

    await dashboardPage(); // warm: the first read may derive the live edge
    const before = await pages(QUIET_PAGES);
    log(`dashboard before the change: ${figures(before)}`);
    const initial = await progressOf();
    if (initial.pending_units !== 0) throw new Error(`${initial.pending_units} units pending before the change`);

    // Every product's ideal rate on every unit, up 10 % (down on a reused database's next run: a change either way).
    const current = (await call<FactoryConfiguration>('GET', `/api/factories/${factoryId}/configuration`)).json;
    const strip = <T extends { id: string }>(list: T[]): Omit<T, 'id'>[] => list.map(({ id: _id, ...rest }) => rest);
    const factor = REUSE ? 1 / 1.1 : 1.1;
    const declaration = {
      production_units: strip(current.production_units),
      work_shifts: strip(current.work_shifts),
      products: strip(current.products).map((p) => ({
        ...p,
        ideal_rate_per_hour: Object.fromEntries(Object.entries(p.ideal_rate_per_hour).map(([unit, rate]) => [unit, Math.round(rate * factor * 10_000) / 10_000])),
      })),
      downtime_reasons: strip(current.downtime_reasons),
    };
    const facts = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM unit_state_events WHERE account_id = $1', [BENCH_ACCOUNT_ID]);
    const saved = performance.now();
    const put = await call('PUT', `/api/factories/${factoryId}/configuration`, declaration);
    log(`PUT configuration (rates of ${current.products.length} products × ${UNITS} units): ${round(put.ms)} ms; ${Number(facts[0]!.n)} state events behind them`);

    // Progress as the wizard sees it, every 500 ms, while dashboard pages load one after the other.
    let done: number | null = null;
    const seen: string[] = [];
    const poller = (async () => {
      let last = -1;
      while (done === null) {
        const p = await progressOf();
        const recomputed = p.total_units - p.pending_units;
        const at = (performance.now() - saved) / 1000;
        if (recomputed !== last) {
          seen.push(`${round(at)} s: ${recomputed} of ${p.total_units} recomputed`);
          last = recomputed;
        }
        if (p.pending_units === 0) done = performance.now();
        else await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const during: number[] = [];
    while (done === null) during.push(await dashboardPage());
    await poller;
    const seconds = (done! - saved) / 1000;
    log(`progress seen through GET recomputation: ${seen.join('; ')}`);
    log(`full recomputation of ${UNITS} units × ${DAYS} days: ${round(seconds)} s after the save (${round(UNITS / seconds, 2)} units/s); budget ${BUDGET_SECONDS} s ${seconds <= BUDGET_SECONDS ? 'met' : 'OVER'}`);
    log(`dashboard during the recomputation: ${figures(during)}`);
    const afterwards = await pages(QUIET_PAGES);
    log(`dashboard after: ${figures(afterwards)}`);
    log(`machine load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await app.close();
  } finally {
    await endBench({ db, dataDir, admin, dbName, keep: KEEP || REUSE !== '' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
