/**
 * `pnpm bench:migration-keys`: issue 26's "migrations that change keys run online on a populated
 * database, timed". A database of its own on the PostgreSQL server (DATABASE_URL's, default
 * 127.0.0.1:5432) is migrated up to 032, the bench company is loaded into it (10 factories × 20 lines ×
 * 365 days by default, about 7 million facts), then migration 033 (keys by account) is applied in the
 * migrations' transaction and its foreign keys validated after it, as the api does at start — while a
 * writer keeps inserting state events and a reader keeps reading them. Prints how long each part took,
 * how long the longest insert and read waited meanwhile, and the table sizes. Figures only.
 *
 * Options (--name=value): factories 10, units 20, days 365, --keep (do not drop the database).
 */
import os from 'node:os';
import pg from 'pg';
import type { Db } from '../src/db/db.ts';
import { migrate, readMigrations, validateForeignKeys } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { BENCH_ACCOUNT_ID, benchFactory, loadBenchCompany } from './company.ts';
import { log, option, SERVER_URL } from './one-factory.ts';

const FACTORIES = Number(option('factories', '10'));
const UNITS = Number(option('units', '20'));
const DAYS = Number(option('days', '365'));
const KEEP = process.argv.includes('--keep');
const DAY = 86_400_000;

/** Runs `step` while a writer inserts and a reader reads state events; the longest wait of each. */
async function underTraffic(db: Db, unitId: string, factoryId: string, step: () => Promise<void>): Promise<{ ms: number; writeMax: number; readMax: number; writes: number }> {
  let running = true;
  let writeMax = 0;
  let readMax = 0;
  let writes = 0;
  const writer = (async () => {
    for (let i = 0; running; i++) {
      const t = performance.now();
      await db.query(
        `INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running) VALUES ($1, $2, $3, $4, now(), $5)`,
        [BENCH_ACCOUNT_ID, factoryId, unitId, `migration-bench-${Date.now()}-${i}`, i % 2 === 0],
      );
      writeMax = Math.max(writeMax, performance.now() - t);
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const reader = (async () => {
    while (running) {
      const t = performance.now();
      await db.query('SELECT count(*) FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at > now() - interval \'1 hour\'', [BENCH_ACCOUNT_ID, unitId]);
      readMax = Math.max(readMax, performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  await step();
  const ms = performance.now() - started;
  running = false;
  await Promise.all([writer, reader]);
  return { ms, writeMax, readMax, writes };
}

async function main(): Promise<void> {
  log(`migration 033 on a populated database: ${FACTORIES} factories × ${UNITS} units × ${DAYS} days; machine ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const name = `linepulse_migration_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const db = createPgDb(`${SERVER_URL}/${name}`, { max: 6 });
  try {
    const all = readMigrations();
    await migrate(db, all.filter((m) => m.version < 33));
    const now = Date.now();
    const factories = Array.from({ length: FACTORIES }, (_, i) => benchFactory(i, UNITS));
    const ingestFactory = benchFactory(0, UNITS, 'INGEST');
    await loadBenchCompany(db, factories, ingestFactory, Math.floor((now - DAYS * DAY) / DAY) * DAY, now, {}, { seed: 'linepulse-bench-v1', days: DAYS, rebuildConcurrency: 2, log });
    const [facts] = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM unit_state_events) + (SELECT count(*) FROM unit_count_events) + (SELECT count(*) FROM unit_counter_readings) AS n');
    const unit = factories[0]!.sim.units[0]!;
    log(`loaded: ${Number(facts!.n).toLocaleString('en')} facts`);
    const migrated = await underTraffic(db, unit.id, factories[0]!.sim.id, async () => {
      await migrate(db, all);
    });
    log(`migration 033 (one transaction): ${Math.round(migrated.ms)} ms; meanwhile the longest insert waited ${Math.round(migrated.writeMax)} ms, the longest read ${Math.round(migrated.readMax)} ms (${migrated.writes} inserts)`);
    let validated: { constraint: string; ms: number }[] = [];
    const validation = await underTraffic(db, unit.id, factories[0]!.sim.id, async () => {
      validated = await validateForeignKeys(db);
    });
    log(`foreign keys validated after it (${validated.length}, one statement each): ${Math.round(validation.ms)} ms; meanwhile the longest insert waited ${Math.round(validation.writeMax)} ms, the longest read ${Math.round(validation.readMax)} ms (${validation.writes} inserts)`);
    for (const v of [...validated].sort((a, b) => b.ms - a.ms).slice(0, 5)) log(`  ${v.constraint}: ${v.ms} ms`);
  } finally {
    await db.close();
    if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
