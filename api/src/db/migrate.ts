import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Advisory-lock key shared by every instance of the api on one database (any constant works; this one
 * spells "LPMG" in ASCII). Other coordinated jobs (seed, rollups) use their own keys.
 */
export const MIGRATION_LOCK_KEY = 0x4c504d47;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: /^(\d{3,})_([a-z0-9_]+)\.sql$/.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: Number(match[1]),
      name: match[2]!,
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  const seen = new Set<number>();
  for (const m of migrations) {
    if (seen.has(m.version)) throw new Error(`Two migrations share version ${m.version}`);
    seen.add(m.version);
  }
  return migrations;
}

/**
 * Applies pending forward-only migrations. Everything happens in one transaction holding
 * pg_advisory_xact_lock, so instances starting together wait for each other and each migration runs
 * exactly once; the lock is released by COMMIT or ROLLBACK, even if the process dies.
 * Returns the versions this call applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}

/**
 * Validates the foreign keys a migration added NOT VALID (decision 53: keys moved on populated tables),
 * each in a statement of its own after the migrations' transaction: the scan holds a lock that lets
 * reads and writes go on. Returns each one validated and how long its scan took.
 */
export async function validateForeignKeys(db: Db): Promise<{ constraint: string; ms: number }[]> {
  const pending = await db.query<{ tbl: string; name: string }>(
    `SELECT conrelid::regclass::text AS tbl, conname AS name FROM pg_constraint
      WHERE contype = 'f' AND NOT convalidated AND connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  );
  const done: { constraint: string; ms: number }[] = [];
  for (const { tbl, name } of pending) {
    const started = Date.now();
    await db.exec(`ALTER TABLE ${tbl} VALIDATE CONSTRAINT "${name.replace(/"/g, '""')}"`);
    done.push({ constraint: `${tbl}.${name}`, ms: Date.now() - started });
  }
  return done;
}
