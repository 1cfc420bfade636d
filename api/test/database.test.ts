import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Db } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { timestampToIso } from '../src/db/types.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { freshSchema, onPostgres, tempDir, type CleanupTarget } from './helper.ts';

/** A fresh empty database of the kind this run tests (PGlite or a PostgreSQL schema). */
async function freshDb(t: CleanupTarget): Promise<Db> {
  const db = onPostgres ? createPgDb(await freshSchema(t)) : await createPgliteDb(path.join(tempDir(), 'pglite'));
  t.after(() => db.close());
  return db;
}

describe(`database (${onPostgres ? 'postgresql' : 'pglite'})`, () => {
  it('applies every migration once and is idempotent', async (t) => {
    const db = await freshDb(t);
    const all = readMigrations().map((m) => m.version);
    assert.deepEqual(await migrate(db), all);
    assert.deepEqual(await migrate(db), []);
    const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(rows.map((r) => r.version), all);
    // Seeding twice creates the demo accounts once.
    assert.deepEqual(await seedDemoData(db), ['Demo Co.', 'Other Co.']);
    assert.deepEqual(await seedDemoData(db), []);
    const [count] = await db.query<{ n: number }>('SELECT count(*) AS n FROM accounts');
    assert.equal(count!.n, 2);
  });

  it('removes the derived rollups of a production unit with the unit (no per-row foreign keys on rollups)', async (t) => {
    const db = await freshDb(t);
    await migrate(db);
    await seedDemoData(db);
    const [unit] = await db.query<{ account_id: string; factory_id: string; id: string }>('SELECT account_id, factory_id, id FROM production_units ORDER BY id LIMIT 1');
    const key = [unit!.account_id, unit!.factory_id, unit!.id];
    await db.query(
      `INSERT INTO rollup_unit_hours (account_id, factory_id, production_unit_id, hour_start, calendar_ms, scheduled_ms, planned_ms,
         unplanned_ms, unjustified_ms, good, rejected, ideal_ms, occurrences) VALUES ($1, $2, $3, '2026-01-05T10:00:00Z', 3600000, 3600000, 0, 0, 0, 10, 1, 0, 0)`,
      key,
    );
    await db.query(
      `INSERT INTO rollup_unit_days (account_id, factory_id, production_unit_id, production_day, calendar_ms, scheduled_ms, planned_ms,
         unplanned_ms, unjustified_ms, good, rejected, ideal_ms, occurrences) VALUES ($1, $2, $3, '2026-01-05', 3600000, 3600000, 0, 0, 0, 10, 1, 0, 0)`,
      key,
    );
    await db.query(`INSERT INTO rollup_unit_hour_packs (account_id, factory_id, production_unit_id, utc_day, hours) VALUES ($1, $2, $3, '2026-01-05', '1767607200000,3600000,3600000,0,0,0,10,1,0,0')`, key);
    const count = async (): Promise<number> => {
      const [r] = await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM rollup_unit_hours WHERE production_unit_id = $1) + (SELECT count(*) FROM rollup_unit_days WHERE production_unit_id = $1)
              + (SELECT count(*) FROM rollup_unit_hour_packs WHERE production_unit_id = $1) AS n`,
        [unit!.id],
      );
      return Number(r!.n);
    };
    assert.equal(await count(), 3);
    await db.query('DELETE FROM production_units WHERE account_id = $1 AND id = $2', [unit!.account_id, unit!.id]);
    assert.equal(await count(), 0);
  });

  it('normalises types the same way on both drivers and rolls failed transactions back', async (t) => {
    const db = await freshDb(t);
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT 1::int8 AS big, sum(x) AS total, count(*) AS n, 12.5::numeric(6,2) AS money,
              '2024-02-29'::date AS day, '2024-03-31 01:30:00+01'::timestamptz AS at,
              '2024-03-31 01:30:00'::timestamp AS local, ARRAY['a','b'] AS list, '{"k":1}'::jsonb AS doc
         FROM generate_series(1, 3) AS x`,
    );
    assert.deepEqual(row, {
      big: 1,
      total: 6,
      n: 3,
      money: 12.5,
      day: '2024-02-29',
      at: '2024-03-31T00:30:00.000Z',
      local: '2024-03-31T01:30:00.000Z',
      list: ['a', 'b'],
      doc: { k: 1 },
    });

    // A failed transaction leaves nothing behind.
    await db.exec('CREATE TABLE probe (v int PRIMARY KEY)');
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES (1)');
        await tx.query('INSERT INTO probe VALUES (1)');
      }),
    );
    assert.deepEqual(await db.query('SELECT * FROM probe'), []);
  });

  // Two processes cannot open one PGlite folder, so the race exists only on a PostgreSQL server.
  if (onPostgres) it('lets two instances migrate the same database at once (advisory lock)', async (t) => {
    const url = await freshSchema(t);
    const first = createPgDb(url);
    const second = createPgDb(url);
    t.after(async () => {
      await first.close();
      await second.close();
    });
    const all = readMigrations().map((m) => m.version);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([migrate(first), migrate(second)]);
      if (round === 0) assert.deepEqual(results.flat().sort((a, b) => a - b), all, 'each migration applied by exactly one instance');
      else assert.deepEqual(results.flat(), []);
    }
    const seeded = await Promise.all([seedDemoData(first), seedDemoData(second)]);
    assert.deepEqual(seeded.flat().sort(), ['Demo Co.', 'Other Co.']);
    const rows = await first.query<{ version: number; n: number }>('SELECT version, count(*) AS n FROM schema_migrations GROUP BY version');
    assert.ok(rows.every((r) => r.n === 1));
  });

  it('reads PostgreSQL timestamps with any offset', () => {
    assert.equal(timestampToIso('2024-01-01 10:00:00+00'), '2024-01-01T10:00:00.000Z');
    assert.equal(timestampToIso('2024-01-01 10:00:00.123456-05'), '2024-01-01T15:00:00.123Z');
    assert.equal(timestampToIso('2024-01-01 10:00:00+05:30'), '2024-01-01T04:30:00.000Z');
    assert.equal(timestampToIso('infinity'), 'infinity');
  });
});
