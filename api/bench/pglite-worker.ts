/**
 * What PGlite's own thread costs (decision 30): the same work on PGlite run by the calling thread (as
 * before) and through the worker (pglite-db.ts), each in a fresh process.
 *
 *   node --import tsx bench/pglite-worker.ts
 *
 * Prints, for each: opening an in-memory copy of the migrated, seeded database (what every test app
 * does), 1 000 small queries one after another and 1 000 at once, 200 reads of the factories, a COPY
 * of 200 000 rows (11 MB of CSV), the process's RSS after opening, and the CPU time of the whole run
 * (all threads). Figures only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { TEXT_PARSERS } from '../src/db/types.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const [mode, template] = process.argv.slice(2);
const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

if (mode === 'thread' || mode === 'worker') {
  const cpu = process.cpuUsage();
  const dump = new Blob([readFileSync(template!)]);
  const rssBefore = process.memoryUsage().rss;
  let t = performance.now();
  let db: Pick<Db, 'query' | 'copyFrom' | 'close'>;
  if (mode === 'thread') {
    // What pglite-db.ts did before decision 30.
    const pglite = await PGlite.create('memory://', { parsers: TEXT_PARSERS, loadDataDir: dump });
    db = {
      query: async <T>(sql: string, params?: readonly unknown[]) => (await pglite.query<T>(sql, params as unknown[])).rows,
      copyFrom: async (table: string, columns: readonly string[], csv: string) => {
        await pglite.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
      },
      close: () => pglite.close(),
    };
  } else db = await createPgliteDb('memory://', { loadDataDir: dump });
  const open = ms(t);
  await db.query('SELECT 1');
  const rss = process.memoryUsage().rss - rssBefore;
  t = performance.now();
  for (let i = 0; i < 1000; i++) await db.query('SELECT $1::int AS n', [i]);
  const sequential = ms(t);
  t = performance.now();
  await Promise.all(Array.from({ length: 1000 }, (_, i) => db.query('SELECT $1::int AS n', [i])));
  const together = ms(t);
  t = performance.now();
  for (let i = 0; i < 200; i++) await db.query('SELECT * FROM factories ORDER BY name');
  const factories = ms(t);
  await db.query('CREATE TABLE bench_copy (id int, at timestamptz, name text, value float8)');
  const csv = Array.from({ length: 200_000 }, (_, i) => `${i},${new Date(1_700_000_000_000 + i * 60_000).toISOString()},line ${i % 20},${i / 7}`).join('\n');
  t = performance.now();
  await db.copyFrom('bench_copy', ['id', 'at', 'name', 'value'], csv);
  const copy = ms(t);
  await db.close();
  const used = process.cpuUsage(cpu);
  console.log(
    `${mode === 'thread' ? 'calling thread' : 'worker thread '}: open ${open}; 1 000 queries one by one ${sequential}, at once ${together}; ` +
      `200 factory reads ${factories}; COPY ${copy}; RSS +${mib(rss)} after opening; CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`,
  );
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-bench-'));
  try {
    const db = await createPgliteDb('memory://');
    await migrate(db);
    await seedDemoData(db);
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    await db.close();
    const self = fileURLToPath(import.meta.url);
    for (let round = 0; round < 2; round++) {
      for (const which of ['thread', 'worker']) {
        const run = spawnSync(process.execPath, ['--import', 'tsx', self, which, file], { encoding: 'utf8' });
        process.stdout.write(run.stdout + run.stderr);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
