/**
 * Creates a migrated, seeded PGlite database once per test run (scripts/run-tests.mjs) and writes it as
 * a PGlite data-directory dump (an uncompressed tar), which test/helper.ts loads into an in-memory
 * PGlite for every app it builds: loading a dump takes well under a second where initdb, migrations and
 * seeding take several, and an in-memory database leaves no files to copy or delete afterwards.
 */
import { writeFileSync } from 'node:fs';
import { migrate, validateForeignKeys } from '../src/db/migrate.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: prepare-template.ts <file.tar>');
const db = await createPgliteDb('memory://');
await migrate(db);
await validateForeignKeys(db);
await seedDemoData(db);
const dump = await db.dumpDataDir();
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
await db.close();
