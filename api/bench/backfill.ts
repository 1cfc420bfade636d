/**
 * `pnpm bench:backfill`: the budget of issue 21 for old events. A factory created today receives,
 * through `POST /api/ingest/v1/events`, one machine's three state events dated in the past (a
 * historian's export, a machine stopped since, a device whose clock is years off); then its first KPI
 * call, as the company overview makes it (yesterday by hour with the 11 preceding days) and the month
 * with its 11 preceding months, is timed from request to answer. Then the background pass derives the
 * whole history while `/api/health` is asked every 20 ms. Over HTTP on 127.0.0.1, on PGlite (the
 * embedded default) and on PostgreSQL, for spans from a week to six years. Prints figures only:
 * nothing is asserted on time (budget: the first KPI answer ≤ 2 s for six years, on both databases).
 *
 * Options (env BENCH_* or --name=value): --db=pglite,postgresql --years=0.02,1.1,2.4,5.7,6
 * DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { sweep } from '../src/analytics/rollups.ts';
import { loadConfig } from '../src/config.ts';
import { tokenFor } from '../test/helper.ts';
import { makeFactory, makeShift, makeUnit } from '../test/analytics-helper.ts';
import { benchDatabase, log, option, percentile, round, SERVER_URL } from './one-factory.ts';

const DAY = 86_400_000;
const DBS = option('db', 'pglite,postgresql').split(',');
const YEARS = option('years', '0.02,1.1,2.4,5.7,6').split(',').map(Number);
const ADMIN = 'admin@demo.linepulse.test';

interface Row {
  db: string;
  years: number;
  ingestMs: number;
  firstDayMs: number;
  firstMonthMs: number;
  backgroundS: number;
  healthP99: number;
  healthMax: number;
  slices: number;
}

async function runOn(kind: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linepulse-bench-backfill-'));
  const dbName = `linepulse_bench_backfill_${process.pid}_${Date.now().toString(36)}`;
  const admin = kind === 'postgresql' ? await benchDatabase(dbName, false) : null;
  // The background pass is run by this script (below), to time it alone.
  process.env.ROLLUP_REFRESH_SECONDS = '0';
  const config = loadConfig({
    ...(admin ? { DATABASE_URL: `${SERVER_URL}/${dbName}` } : {}),
    DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', SIMULATE_DEMO: 'false', STATIC_ROOT: dataDir,
    ANALYTICS_CACHE_SECONDS: '0', ANALYTICS_STALE_SECONDS: '0',
  });
  const app = await buildApp({ config, https: null, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const auth = { authorization: `Bearer ${await tokenFor(app, ADMIN, { expiresIn: 3600 })}`, 'content-type': 'application/json' };
  const post = async (route: string, body: unknown, headers: Record<string, string> = auth): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`POST ${route}: ${res.status} ${text.slice(0, 300)}`);
    return performance.now() - t;
  };
  const rows: Row[] = [];
  try {
    for (const years of YEARS) {
      const f = await makeFactory(app.db, { timezone: 'Europe/Paris' });
      const unit = await makeUnit(f, { name: 'Line 1' });
      await makeShift(f, { start: '06:00', end: '14:00', units: [unit] });
      await makeShift(f, { start: '14:00', end: '22:00', units: [unit], days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] });
      const keyRes = await fetch(`${base}/api/factories/${f.factoryId}/ingest-keys`, { method: 'POST', headers: { authorization: auth.authorization } });
      const key = ((await keyRes.json()) as { key: string }).key;
      const unitKey = (await app.db.query<{ key: string }>('SELECT key FROM production_units WHERE id = $1', [unit]))[0]!.key;
      const t0 = Date.now() - years * 365.25 * DAY;
      const at = (t: number) => new Date(t).toISOString();
      const events = [
        { id: `s-${years}-1`, type: 'state', unit: unitKey, at: at(t0), state: 'stopped' },
        { id: `s-${years}-2`, type: 'state', unit: unitKey, at: at(t0 + 3_600_000), state: 'running' },
        { id: `s-${years}-3`, type: 'state', unit: unitKey, at: at(t0 + 7_200_000), state: 'stopped' },
      ];
      const ingestMs = await post('/api/ingest/v1/events', { events }, { authorization: `Bearer ${key}`, 'content-type': 'application/json' });
      const group = { name: 'F', factory_id: f.factoryId, production_unit_ids: [unit] };
      const firstDayMs = await post('/api/kpis/by-groups', { time_option: 'lastday', interval: 'hour', preceding_periods: true, groups: [group] });
      const firstMonthMs = await post('/api/kpis/by-groups', { time_option: 'month', interval: 'day', preceding_periods: true, groups: [group] });
      // The background pass derives the rest while /api/health is asked every 20 ms.
      const health: number[] = [];
      let running = true;
      const probe = (async () => {
        while (running) {
          const t = performance.now();
          await (await fetch(`${base}/api/health`)).arrayBuffer();
          health.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const s = performance.now();
      await sweep(app.db);
      const backgroundS = (performance.now() - s) / 1000;
      running = false;
      await probe;
      const slices = Number((await app.db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_slices WHERE production_unit_id = $1', [unit]))[0]!.n);
      const row = { db: kind, years, ingestMs, firstDayMs, firstMonthMs, backgroundS, healthP99: percentile(health, 99), healthMax: Math.max(...health), slices };
      log(`${kind}, events ${years} years old: ingest ${round(ingestMs)} ms; first KPI answer (yesterday by hour + 11 days) ${round(firstDayMs)} ms, month + 11 months ${round(firstMonthMs)} ms; background pass ${round(backgroundS, 2)} s (${slices} slices); /api/health p99 ${round(row.healthP99)} ms, max ${round(row.healthMax)} ms (${health.length} probes)`);
      rows.push(row);
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.end();
    }
  }
  return rows;
}

async function main(): Promise<void> {
  log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows: Row[] = [];
  for (const kind of DBS) rows.push(...(await runOn(kind)));
  log('\n| database | events dated | first KPI call (yesterday + 11 days) | month + 11 months | background pass (whole history) | /api/health p99 / max during it |');
  log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const span = r.years < 0.1 ? `${Math.round(r.years * 365.25)} days ago` : `${r.years} years ago`;
    log(`| ${r.db} | ${span} | ${round(r.firstDayMs)} ms | ${round(r.firstMonthMs)} ms | ${round(r.backgroundS, 2)} s | ${round(r.healthP99)} / ${round(r.healthMax)} ms |`);
  }
  log('\nbudget: first KPI answer ≤ 2 s for events six years old, on both databases');
}

await main();
