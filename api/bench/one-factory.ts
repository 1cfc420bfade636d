/**
 * What the one-factory benchmarks share (`bench:downtimes`, `bench:opportunities`): command-line
 * options, percentiles, and loading one simulated factory of the bench company into a database with its
 * rollups rebuilt, so that each benchmark measures its calls on the same history.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { rebuildUnits } from '../src/analytics/rollups.ts';
import type { Db } from '../src/db/db.ts';
import { factCount, generateFactory } from '../src/simulator/generate.ts';
import { copyFacts } from '../src/simulator/load.ts';
import { BENCH_ACCOUNT_ID, benchFactory, createBenchCompany } from './company.ts';

export const DAY = 86_400_000;
export const SEED = 'linepulse-bench-v1';
/** The PostgreSQL server of DATABASE_URL (or the local one), without a database. */
export const SERVER_URL = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/').replace(/\/[^/]*$/, '');

/** `--name=value` from the command line, else BENCH_NAME from the environment, else `fallback`. */
export function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (arg) return arg.slice(name.length + 3);
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}

export const log = (...args: unknown[]): void => console.log(...args);
/** Nearest-rank percentile. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
export const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;

/** Creates the database `name` on SERVER_URL (unless reused) and returns a client to drop it afterwards. */
export async function benchDatabase(name: string, reuse: boolean): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
  return admin;
}

/** The bench company with its first factory (`units` lines), `days` of simulated history up to `now`, rollups rebuilt. */
/**
 * A bench's end: closes its database, removes its data folder and drops its database, unless it is
 * kept for another run (--keep, or --reuse of an existing one).
 */
export async function endBench({ db, dataDir, admin, dbName, keep }: { db: Db; dataDir: string; admin: pg.Client; dbName: string; keep: boolean }): Promise<void> {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  else log(`kept database ${dbName} (--reuse=${dbName})`);
  await admin.end();
}

export async function loadOneFactory(db: Db, units: number, days: number, now: number): Promise<void> {
  const factory = benchFactory(0, units);
  await createBenchCompany(db, [factory]);
  const historyStart = Math.floor((now - days * DAY) / DAY) * DAY;
  const t0 = performance.now();
  const facts = generateFactory(`${SEED}:${factory.seed.key}`, historyStart, factory.sim, historyStart, now);
  await db.transaction((tx) => copyFacts(tx, facts));
  await db.exec('ANALYZE');
  log(`loaded ${factCount(facts)} facts in ${round((performance.now() - t0) / 1000)} s`);
  const t1 = performance.now();
  const ids = factory.sim.units.map((u) => u.id);
  await Promise.all([0, 1].map((k) => rebuildUnits(db, BENCH_ACCOUNT_ID, ids.filter((_, i) => i % 2 === k), new Date(historyStart), new Date(now), new Date(now))));
  await db.exec('ANALYZE');
  log(`engine rebuild of ${ids.length} units × ${days} days: ${round((performance.now() - t1) / 1000)} s`);
}
