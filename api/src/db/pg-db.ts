import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStream } from 'pg-copy-streams';
import { CHANNEL_NAME, type Db, type Queryable } from './db.ts';
import { noteStatement } from './statement-log.ts';
import { TEXT_PARSERS } from './types.ts';

/** Per-pool type parsers: the global pg.types registry stays untouched. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = TEXT_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  // A transaction's one connection runs one statement at a time. pg 8 queues a query sent while
  // another runs, but warns that pg 9 will not: reads sent together (Promise.all, as the pool runs
  // them side by side) wait here for their turn instead.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn =
    client instanceof pg.Pool
      ? <R>(run: () => Promise<R>): Promise<R> => run()
      : <R>(run: () => Promise<R>): Promise<R> => {
          const next = last.then(run, run);
          last = next.catch(() => undefined);
          return next;
        };
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      noteStatement(sql);
      const result = await inTurn(() => client.query(sql, params as unknown[]));
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      noteStatement(sql);
      await inTurn(() => client.query(sql));
    },
    async copyFrom(table: string, columns: readonly string[], csv: string): Promise<void> {
      const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`;
      noteStatement(sql);
      const run = async (c: pg.PoolClient): Promise<void> => {
        await pipeline(Readable.from([csv]), c.query(copyFromStream(sql)));
      };
      if (client instanceof pg.Pool) {
        const c = await client.connect();
        // As in transaction(): a dropped connection must reject the copy, not throw from an event.
        const ignoreLostConnection = (): void => undefined;
        c.on('error', ignoreLostConnection);
        try {
          await run(c);
        } finally {
          c.off('error', ignoreLostConnection);
          c.release();
        }
      } else await inTurn(() => run(client as pg.PoolClient));
    },
  };
}

export interface PgDbOptions {
  /** Connections of the pool (default 10). */
  max?: number;
  /** Server-side statement_timeout of every connection, ms (heavy calls' pool); unset = none. */
  statementTimeoutMs?: number;
}

export function createPgDb(connectionString: string, options: PgDbOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    types,
    max: options.max ?? 10,
    // No JIT compilation: the engine's queries are short index walks that PostgreSQL often over-costs
    // (a unit's range read over 200 units is estimated at 140 000 rows and returns 30), and compiling
    // them took 70 ms for a query that runs in 1 (decision 28).
    options: '-c jit=off',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Health checks get a connection of their own: a pool busy with requests must not make the server
  // look dead to a load balancer (nor its answer slow).
  let pingPool: pg.Pool | null = null;
  const root = wrap(pool);
  return {
    kind: 'postgresql',
    query: root.query,
    exec: root.exec,
    copyFrom: root.copyFrom,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // pg emits 'error' on a checked-out client whose connection drops (the pool listens only to idle
      // ones): without a listener that is an uncaught exception. The failed query rejects anyway.
      const ignoreLostConnection = (): void => undefined;
      client.on('error', ignoreLostConnection);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', ignoreLostConnection);
        client.release();
      }
    },
    async ping(): Promise<void> {
      if (!pingPool) {
        pingPool = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: 5000 });
        pingPool.on('error', () => undefined);
      }
      await pingPool.query('SELECT 1');
    },
    listen(channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> {
      return listenOn(connectionString, channel, onNotify, onGap);
    },
    async close(): Promise<void> {
      await Promise.all([pool.end(), pingPool?.end()]);
    },
  };
}

/** Reconnection delays of a lost listening connection: 1 s, doubling, at most 30 s. */
const LISTEN_RETRY_MS = { first: 1000, max: 30_000 };

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost connection
 * is reopened with backoff; once it listens again, `onGap` says that notifications may have been missed.
 */
async function listenOn(connectionString: string, channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = LISTEN_RETRY_MS.first;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN "${channel}"`);
    client = c;
  };
  const lost = (c: pg.Client): void => {
    if (client !== c || stopped) return;
    client = null;
    void c.end().catch(() => undefined);
    const retry = (): void => {
      timer = null;
      if (stopped) return;
      connect().then(
        () => {
          retryMs = LISTEN_RETRY_MS.first;
          onGap?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
          timer = setTimeout(retry, retryMs);
          timer.unref();
        },
      );
    };
    timer = setTimeout(retry, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
