import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';
import { TEXT_PARSERS } from './types.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
    async copyFrom(table: string, columns: readonly string[], csv: string): Promise<void> {
      await target.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly) persisted in dataDir. It holds a single
 * connection: queries are serialised, and a transaction holds the database exclusively until it ends.
 */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers: TEXT_PARSERS });
  const root = wrap(pglite);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    copyFrom: root.copyFrom,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => fn(wrap(tx)));
    },
    async close(): Promise<void> {
      if (!pglite.closed) await pglite.close();
    },
  };
}
