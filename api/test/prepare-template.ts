/**
 * Creates a migrated, seeded PGlite database once per test run (scripts/run-tests.mjs) and writes it as
 * a PGlite data-directory dump (an uncompressed tar), which test/helper.ts loads into an in-memory
 * PGlite for every app it builds: loading a dump takes well under a second where initdb, migrations and
 * seeding take several, and an in-memory database leaves no files to copy or delete afterwards.
 */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../src/db/migrate.ts';
import { pgliteDb } from '../src/db/pglite-db.ts';
import { TEXT_PARSERS } from '../src/db/types.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: prepare-template.ts <file.tar>');
const pglite = await PGlite.create('memory://', { parsers: TEXT_PARSERS });
const db = pgliteDb(pglite);
await migrate(db);
await seedDemoData(db);
const dump = await pglite.dumpDataDir('none');
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
await db.close();
