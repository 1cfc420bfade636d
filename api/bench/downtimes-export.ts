/**
 * `pnpm bench:downtimes`: the budgets of issue 11 on PostgreSQL at the `pnpm bench` scale of one
 * factory (20 units, 365 days of simulated history, derived by the engine):
 *  - the downtime list: a page of 100 rows for the factory over the 90 days before today
 *    (p50/p95 over `runs`, client side through HTTP) — budget p95 ≤ 100 ms; also sorted by reason and
 *    a deep page, and the durations distribution over the same window;
 *  - the export of the factory's 20 units × 365 days by hour (175 200 rows) as CSV (≤ 10 s) and as
 *    Excel (≤ 30 s), read to the end by curl (another process) discarding the bytes, with the server
 *    process's resident memory sampled every 20 ms (growth budget < 100 MiB).
 *
 * Options (env BENCH_* or --name=value): DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/),
 * --units=20 --days=365 --runs=20 --keep (keep the database) --reuse=<kept database> --only=list|export.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { tokenFor } from '../test/helper.ts';
import { BENCH_ACCOUNT_ID, BENCH_ADMIN_EMAIL, benchFactory } from './company.ts';
import { benchDatabase, endBench, loadOneFactory, log, option, percentile, round, SERVER_URL } from './one-factory.ts';

const MIB = 1024 * 1024;

const UNITS = Number(option('units', '20'));
const DAYS = Number(option('days', '365'));
const RUNS = Number(option('runs', '20'));
const KEEP = process.argv.includes('--keep');
const REUSE = option('reuse', '');
/** `list`, `export` or both (default). */
const ONLY = option('only', '');
const BUDGET = { listP95Ms: 100, csvMs: 10_000, xlsxMs: 30_000, rssGrowthMiB: 100 };

const verdict = (ok: boolean): string => (ok ? 'OK' : 'OVER');


async function main(): Promise<void> {
  const now = Date.now();
  const dbName = REUSE || `linepulse_bench_dt_${process.pid}_${now.toString(36)}`;
  const admin = await benchDatabase(dbName, REUSE !== '');
  log(`database ${dbName} (${REUSE ? 'reused' : 'fresh'}); ${UNITS} units × ${DAYS} days`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-bench-'));
  const url = `${SERVER_URL}/${dbName}`;
  const db = createPgDb(url, { max: 4 });
  try {
    await migrate(db);
    if (!REUSE) await loadOneFactory(db, UNITS, DAYS, now);
    await db.query('UPDATE accounts SET integrated_ecosystem = true WHERE id = $1', [BENCH_ACCOUNT_ID]);

    process.env.ROLLUP_REFRESH_SECONDS = '0';
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', STATIC_ROOT: dataDir });
    const app = await buildApp({ config, db, https: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const auth = { authorization: `Bearer ${await tokenFor(app, BENCH_ADMIN_EMAIL)}` };

    const factory = benchFactory(0, UNITS);
    const units = factory.sim.units.map((u) => u.id);
    const zone = factory.seed.timezone;
    const today = DateTime.fromMillis(now, { zone }).startOf('day');
    const window = { time_option: 'time_range', start_date: today.minus({ days: 90 }).toISODate(), end_date: today.minus({ days: 1 }).toISODate() };

    // ---- the downtime list --------------------------------------------------------------------
    const post = async (route: string, body: unknown): Promise<{ ms: number; json: Record<string, unknown> }> => {
      const t = performance.now();
      const res = await fetch(`${base}${route}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t, json };
    };
    const timed = async (name: string, route: string, body: unknown, budget: number | null): Promise<void> => {
      const first = await post(route, body);
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i += 1) ms.push((await post(route, body)).ms);
      const p95 = percentile(ms, 95);
      const info = 'total' in first.json ? `total ${String(first.json.total)}` : `count ${String(first.json.count)}`;
      log(`${name.padEnd(44)} p50 ${round(percentile(ms, 50))} ms  p95 ${round(p95)} ms  (${info})${budget === null ? '' : `  budget ${budget} ms ${verdict(p95 <= budget)}`}`);
    };
    const list = { ...window, production_unit_ids: units };
    if (ONLY !== 'export') {
    await timed('downtime list, 100 rows, start desc', '/api/production-units/downtimes', list, BUDGET.listP95Ms);
    await timed('downtime list, 100 rows, by reason', '/api/production-units/downtimes', { ...list, sort: { by: 'reason', direction: 'asc' } }, BUDGET.listP95Ms);
    await timed('downtime list, unplanned, page 50', '/api/production-units/downtimes', { ...list, types: ['unplanned'], offset: 5000 }, BUDGET.listP95Ms);
    await timed('downtime durations', '/api/production-units/downtime-durations', list, null);
    }

    // ---- exports ------------------------------------------------------------------------------
    const year = { start_date: today.minus({ days: 365 }).toISODate()!, end_date: today.minus({ days: 1 }).toISODate()! };
    const exportOnce = async (kind: string, format: 'csv' | 'xlsx', interval: string | null, budget: number | null): Promise<void> => {
      if (global.gc) global.gc();
      const query = new URLSearchParams({ kind, format, production_unit_ids: units.join(','), ...year, ...(interval ? { interval } : {}) });
      const rss0 = process.memoryUsage().rss;
      let peak = rss0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const t = performance.now();
      // The client is another process (curl), so that the resident memory measured is the server's.
      const headersFile = path.join(dataDir, 'headers.txt');
      const bytes = await new Promise<number>((resolve, reject) => {
        const curl = spawn('curl', ['-s', '-o', '/dev/null', '-D', headersFile, '-w', '%{http_code} %{size_download}', '-H', `authorization: ${auth.authorization}`,
          `${base}/api/factories/${factory.sim.id}/export?${query}`]);
        let out = '';
        curl.stdout.on('data', (d: Buffer) => (out += String(d)));
        curl.on('error', reject);
        curl.on('close', () => {
          const [code, size] = out.split(' ');
          if (code !== '200') reject(new Error(`export: ${code}`));
          else resolve(Number(size));
        });
      });
      const headerText = readFileSync(headersFile, 'utf8').toLowerCase();
      const header = (name: string): string => headerText.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1]?.trim() ?? '';
      const res = { headers: { get: header } };
      const ms = performance.now() - t;
      clearInterval(sampler);
      const growth = (peak - rss0) / MIB;
      log(
        `export ${kind}${interval ? ` by ${interval}` : ''} ${format.padEnd(4)} ${res.headers.get('x-total-rows')} rows, ${round(bytes / MIB)} MiB ` +
          `(estimated ${round(Number(res.headers.get('x-estimated-bytes')) / MIB)}): ${round(ms / 1000, 2)} s${budget === null ? '' : `, budget ${budget / 1000} s ${verdict(ms <= budget)}`}; ` +
          `RSS +${round(growth)} MiB (peak ${round(peak / MIB)} MiB) ${verdict(growth < BUDGET.rssGrowthMiB)}`,
      );
    };
    if (ONLY !== 'list') {
    await exportOnce('production', 'csv', 'hour', BUDGET.csvMs);
    await exportOnce('production', 'xlsx', 'hour', BUDGET.xlsxMs);
    // No budget of their own: for the record.
    await exportOnce('downtimes', 'csv', null, null);
    await exportOnce('events', 'csv', null, null);
    }
    await app.close();
  } finally {
    await endBench({ db, dataDir, admin, dbName, keep: KEEP || REUSE !== '' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
