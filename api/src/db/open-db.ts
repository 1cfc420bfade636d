import path from 'node:path';
import type { Db } from './db.ts';
import { createPgDb } from './pg-db.ts';
import { createPgliteDb } from './pglite-db.ts';

/** PostgreSQL when a URL is given, otherwise PGlite persisted in `${dataDir}/pglite`. */
export async function openDb(options: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return createPgDb(options.databaseUrl);
  return createPgliteDb(path.join(options.dataDir, 'pglite'));
}
