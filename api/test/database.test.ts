import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Db } from '../src/db/db.ts';
import { isDatabaseUnavailable } from '../src/errors.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { timestampToIso } from '../src/db/types.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { freshSchema, onPostgres, scratchDb, tempDir, type CleanupTarget } from './helper.ts';

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

  it('passes parameters and reads rows alike on both drivers (PGlite: across its thread)', async (t) => {
    const db = await scratchDb(t);
    const text = 'Montréal – 東京 🏭 "quoted", back\\slash';
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT $1::text AS text, $2::timestamptz AS at, $3::bytea AS bytes, $4::text AS buffer_text, $5::int8 AS big,
              $6::text[] AS list, $7::jsonb AS doc, $8::bytea AS typed, $9::int AS nothing, $10::float8 AS ratio`,
      [text, new Date('2024-03-31T00:30:00.123Z'), bytes, Buffer.from('accentué'), 9007199254740991n, ['a', 'b,c', null], { k: [1, 'x'], n: null }, new Uint8Array([7, 8]), null, 0.1],
    );
    assert.equal(row!.text, text);
    assert.equal(row!.at, '2024-03-31T00:30:00.123Z');
    assert.deepEqual([...(row!.bytes as Uint8Array)], [...bytes]);
    assert.equal(row!.buffer_text, 'accentué', 'a Buffer written to text is its UTF-8 text');
    assert.equal(row!.big, 9007199254740991);
    assert.deepEqual(row!.list, ['a', 'b,c', null]);
    assert.deepEqual(row!.doc, { k: [1, 'x'], n: null });
    assert.deepEqual([...(row!.typed as Uint8Array)], [7, 8]);
    assert.equal(row!.nothing, null);
    assert.equal(row!.ratio, 0.1);
    // Many rows, and statements sent together, come back whole and each to its caller.
    const [many, ...each] = await Promise.all([
      db.query<{ n: number }>('SELECT n FROM generate_series(1, 20000) AS n'),
      ...Array.from({ length: 20 }, (_, i) => db.query<{ i: number }>('SELECT $1::int AS i', [i])),
    ]);
    assert.equal(many!.length, 20000);
    assert.equal((many as { n: number }[]).at(-1)!.n, 20000);
    assert.deepEqual(each.map((rows) => (rows as { i: number }[])[0]!.i), Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps PostgreSQL’s error code, message and fields', async (t) => {
    const db = await scratchDb(t);
    await db.exec('CREATE TABLE parent (id int PRIMARY KEY); CREATE TABLE child (id int PRIMARY KEY, parent_id int REFERENCES parent (id))');
    await db.query('INSERT INTO parent VALUES (1)');
    type PgError = Error & { code?: string; constraint?: string; detail?: string; table?: string };
    const failure = (run: Promise<unknown>) => run.then(() => assert.fail('should have failed'), (error: PgError) => error);
    const unique = await failure(db.query('INSERT INTO parent VALUES ($1)', [1]));
    assert.ok(unique instanceof Error);
    assert.deepEqual([unique.code, unique.constraint, unique.table], ['23505', 'parent_pkey', 'parent']);
    assert.equal(unique.message, 'duplicate key value violates unique constraint "parent_pkey"');
    assert.equal(unique.detail, 'Key (id)=(1) already exists.');
    const foreign = await failure(db.query('INSERT INTO child VALUES (1, 2)'));
    assert.deepEqual([foreign.code, foreign.constraint], ['23503', 'child_parent_id_fkey']);
    assert.equal((await failure(db.query('SELECT 1/0'))).code, '22012');
    assert.equal((await failure(db.exec('SELEC 1'))).code, '42601');
    // Inside a transaction too; the transaction is rolled back and the database free again.
    const inside = await failure(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO parent VALUES (2)');
        await tx.query('INSERT INTO parent VALUES (1)');
      }),
    );
    assert.deepEqual([inside.code, inside.constraint], ['23505', 'parent_pkey']);
    assert.deepEqual(await db.query('SELECT id FROM parent ORDER BY id'), [{ id: 1 }]);
  });

  it('says a closed database is unavailable (503), not a bug', async (t) => {
    // (A pg pool refuses to end twice; PGlite's close is idempotent, so the test's own close may follow.)
    const db = onPostgres ? createPgDb(await freshSchema(t)) : await scratchDb(t);
    await db.query('SELECT 1');
    await db.close();
    const error = await db.query('SELECT 1').then(() => assert.fail('should have failed'), (e: unknown) => e);
    assert.ok(isDatabaseUnavailable(error), String(error));
  });

  it('keeps a transaction’s writes from other statements until it commits (PGlite: they wait for it)', async (t) => {
    const db = await scratchDb(t);
    await db.exec('CREATE TABLE probe (v int PRIMARY KEY)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted = false;
    let committed = false;
    const transaction = db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES (1)');
        inserted = true;
        await held;
        // Statements of the transaction sent together run in it, one after the other.
        await Promise.all([tx.query('INSERT INTO probe VALUES (2)'), tx.query('INSERT INTO probe VALUES (3)')]);
      })
      .then(() => (committed = true));
    while (!inserted) await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = db.query<{ n: number }>('SELECT count(*) AS n FROM probe').then(([row]) => ({ n: row!.n, afterCommit: committed }));
    const other = db.transaction((tx) => tx.query<{ n: number }>('SELECT count(*) AS n FROM probe')).then(([row]) => ({ n: row!.n, afterCommit: committed }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await transaction;
    if (onPostgres) {
      // Other connections go on, and do not see what is not committed.
      assert.deepEqual(await outside, { n: 0, afterCommit: false });
      assert.deepEqual(await other, { n: 0, afterCommit: false });
    } else {
      // One connection: whatever comes from outside waits for the transaction to end, then sees it.
      assert.deepEqual(await outside, { n: 3, afterCommit: true });
      assert.deepEqual(await other, { n: 3, afterCommit: true });
    }
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
