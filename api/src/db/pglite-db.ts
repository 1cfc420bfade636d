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

export interface PgliteOptions {
  /** A data directory dumped by PGlite's dumpDataDir, to start from instead of an empty database. */
  loadDataDir?: Blob;
}

/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly) persisted in dataDir, or held in memory
 * when dataDir is `memory://` (the tests: a copy of a prepared template, nothing to delete). It holds a
 * single connection: queries are serialised, and a transaction holds the database exclusively until it ends.
 */
export async function createPgliteDb(dataDir: string, options: PgliteOptions = {}): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers: TEXT_PARSERS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  return pgliteDb(pglite);
}

/** The Db interface over an open PGlite instance (created with TEXT_PARSERS, as createPgliteDb does). */
export function pgliteDb(pglite: PGlite): Db {
  const root = wrap(pglite);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    copyFrom: root.copyFrom,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => fn(wrap(tx)));
    },
    async ping(): Promise<void> {
      // A query would wait behind whatever runs (PGlite serialises everything, and a transaction holds
      // it whole): the in-process database is alive when its instance is open.
      if (pglite.closed) throw new Error('PGlite is closed');
    },
    async close(): Promise<void> {
      if (!pglite.closed) await pglite.close();
    },
  };
}
