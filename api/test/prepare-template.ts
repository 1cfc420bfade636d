/**
 * Creates a migrated, seeded PGlite data directory once per test run (scripts/run-tests.mjs), which
 * test/helper.ts copies for every app it builds: copying is far faster than initdb.
 */
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: prepare-template.ts <dir>');
const db = await createPgliteDb(target);
await migrate(db);
await seedDemoData(db);
await db.close();
