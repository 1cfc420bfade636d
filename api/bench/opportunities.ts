/**
 * `pnpm bench:opportunities`: the budgets of issue 14 on PostgreSQL at the `pnpm bench` scale of one
 * factory (20 units, 365 days of simulated history, derived by the engine). For one unit and each of
 * the four performance-manager pages, the calls the page makes — `/api/opportunities/unit` (summary,
 * distribution, trend over the window and the 11 periods before, breakdowns), the first page of
 * `/api/opportunities/occurrences` and `GET /api/opportunities/targets` — over the 90 days and over
 * the 365 days before today: p50/p95 of the page (its three calls sent at once, as the browser sends
 * them), of each call alone and of the three one after the other, client side through HTTP. Budgets: the page over 90 days p95 ≤ 50 ms, over a year ≤ 250 ms.
 * Also checks that the page's potential gain equals the company overview's for the same unit.
 *
 * Options (env BENCH_* or --name=value): DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/),
 * --units=20 --days=365 --runs=40 --keep (keep the database) --reuse=<kept database>.
 */
import { mkdtempSync } from 'node:fs';
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


const UNITS = Number(option('units', '20'));
const DAYS = Number(option('days', '365'));
const RUNS = Number(option('runs', '40'));
const KEEP = process.argv.includes('--keep');
const REUSE = option('reuse', '');
const BUDGET = { ninetyDaysP95Ms: 50, yearP95Ms: 250 };



async function main(): Promise<void> {
  const now = Date.now();
  const dbName = REUSE || `linepulse_bench_opp_${process.pid}_${now.toString(36)}`;
  const admin = await benchDatabase(dbName, REUSE !== '');
  log(`database ${dbName} (${REUSE ? 'reused' : 'fresh'}); ${UNITS} units × ${DAYS} days; ${RUNS} runs per figure`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-bench-'));
  const url = `${SERVER_URL}/${dbName}`;
  const db = createPgDb(url, { max: 4 });
  try {
    await migrate(db);
    if (!REUSE) await loadOneFactory(db, UNITS, DAYS, now);
    process.env.ROLLUP_REFRESH_SECONDS = '0';
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', STATIC_ROOT: dataDir, OPPORTUNITIES_CACHE_SECONDS: '0' });
    const app = await buildApp({ config, db, https: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const auth = { authorization: `Bearer ${await tokenFor(app, BENCH_ADMIN_EMAIL)}` };

    const factory = benchFactory(0, UNITS);
    const factoryId = (await db.query<{ id: string }>('SELECT id FROM factories WHERE account_id = $1 ORDER BY name LIMIT 1', [BENCH_ACCOUNT_ID]))[0]!.id;
    const unitId = factory.sim.units[0]!.id;
    const zone = factory.seed.timezone;
    const today = DateTime.fromMillis(now, { zone }).startOf('day');
    const windowOf = (days: number) => ({ time_option: 'time_range', start_date: today.minus({ days }).toISODate(), end_date: today.minus({ days: 1 }).toISODate() });

    const call = async (method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ ms: number; json: Record<string, unknown> }> => {
      const t = performance.now();
      const res = await fetch(`${base}${route}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t, json };
    };

    const targets = (await call('GET', `/api/opportunities/targets?factory_id=${factoryId}`)).json as { planned_reasons: { id: string; name: string }[] };
    const kinds = ['shift_changes', 'line_starts', 'product_changes', 'planned_downtime_above_target'] as const;
    const rows: string[] = [];
    for (const days of [90, 365]) {
      const budget = days === 90 ? BUDGET.ninetyDaysP95Ms : BUDGET.yearP95Ms;
      for (const kind of kinds) {
        const body = { ...windowOf(days), factory_id: factoryId, production_unit_id: unitId, kind };
        // The page sends its three calls at once (each is its own query of the data layer), so a page
        // is measured as the browser meets it: from the first request to the last answer. The calls
        // one after the other (the server's work for a page) are printed beside it.
        const calls = [
          () => call('POST', '/api/opportunities/unit', body),
          () => call('POST', '/api/opportunities/occurrences', { ...body, sort: 'lost', direction: 'desc', limit: 50 }),
          () => call('GET', `/api/opportunities/targets?factory_id=${factoryId}`),
        ] as const;
        const page = async () => {
          const t = performance.now();
          const [unit] = await Promise.all(calls.map((c) => c()));
          return { unit: unit!, ms: performance.now() - t };
        };
        const first = await page(); // warm: the first call of a window may derive its live edge
        const times = { unit: [] as number[], list: [] as number[], targets: [] as number[], page: [] as number[], serial: [] as number[] };
        for (let i = 0; i < RUNS; i += 1) {
          times.page.push((await page()).ms);
          // The same calls one after the other.
          const [unit, list, targets] = [await calls[0](), await calls[1](), await calls[2]()];
          times.unit.push(unit.ms);
          times.list.push(list.ms);
          times.targets.push(targets.ms);
          times.serial.push(unit.ms + list.ms + targets.ms);
        }
        const summary = first.unit.json.summary as { occurrences: number; gain_hours: number };
        const p95 = percentile(times.page, 95);
        const line =
          `${`${days} days, ${kind}`.padEnd(42)} page p50 ${round(percentile(times.page, 50))} ms p95 ${round(p95)} ms ` +
          `(alone: unit p95 ${round(percentile(times.unit, 95))}, occurrences p95 ${round(percentile(times.list, 95))}, targets p95 ${round(percentile(times.targets, 95))}; ` +
          `one after the other p50 ${round(percentile(times.serial, 50))} p95 ${round(percentile(times.serial, 95))}) ` +
          `${summary.occurrences} occurrences; budget ${budget} ms ${p95 <= budget ? 'OK' : 'OVER'}`;
        log(line);
        rows.push(line);
        if (days === 90) {
          // The page's gain is the overview's for the same unit and kind.
          const overview = (await call('POST', '/api/opportunities', { ...windowOf(days), factory_id: factoryId, production_unit_ids: [unitId], limit: 0 })).json as Record<string, { per_unit: { gain_hours: number }[] }>;
          const expected = overview[kind]!.per_unit[0]?.gain_hours ?? 0;
          log(`  agreement with the overview: ${Math.abs(expected - summary.gain_hours) < 1e-9 ? 'same gain' : `DIFFERENT (${expected} vs ${summary.gain_hours})`} (${round(summary.gain_hours, 2)} h)`);
        }
      }
    }
    log(`planned reasons with a target in the factory: ${targets.planned_reasons.length}`);
    await app.close();
  } finally {
    await endBench({ db, dataDir, admin, dbName, keep: KEEP || REUSE !== '' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
