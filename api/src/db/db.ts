/** Something that runs SQL: the database itself or one open transaction. */
export interface Queryable {
  /** One statement with $1… parameters; rows come back with normalised types (see types.ts). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk load: `COPY table (columns) FROM STDIN` with CSV text (PostgreSQL: pg-copy-streams; PGlite:
   * COPY FROM '/dev/blob'). Several times faster than multi-row INSERT for large loads.
   */
  copyFrom(table: string, columns: readonly string[], csv: string): Promise<void>;
}

/**
 * The one data-access interface of the api. Two implementations: PostgreSQL through a pg Pool
 * (DATABASE_URL) and embedded PGlite. Everything above this layer is unaware of which one runs.
 */
export interface Db extends Queryable {
  readonly kind: 'postgresql' | 'pglite';
  /** Runs fn inside BEGIN … COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Is the database there? For /api/health: never queued behind other work (PostgreSQL: a connection
   * of its own; PGlite, in-process and serialising every query: the instance is open).
   */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` once its transaction has committed,
   * from any writer on the database (other api instances included on PostgreSQL). `onGap` is called
   * when notifications may have been missed (the listening connection was lost and is back): the
   * caller reads what it missed from the table the notifications announce. Resolves once listening;
   * the function it resolves to stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A channel name as Db.listen takes it (quoted where used, so `:` and digits are fine). */
export const CHANNEL_NAME = /^[a-z0-9_:]{1,63}$/;

/** First row or null. */
export async function queryOne<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | null> {
  const rows = await q.query<T>(sql, params);
  return rows[0] ?? null;
}

/**
 * A timestamptz column as epoch milliseconds in SQL (float8, whole milliseconds, truncated). Since
 * PostgreSQL 14 `extract(epoch …)` is numeric, whose arithmetic cost ~1.4 µs a row: 11 of the 15 ms
 * that a trend's 5 800 downtimes took to read. date_part is float8, and a value already truncated to
 * whole milliseconds comes back exact through round.
 */
export const epochMs = (column: string): string => `round(date_part('epoch', date_trunc('milliseconds', ${column})) * 1000)`;
