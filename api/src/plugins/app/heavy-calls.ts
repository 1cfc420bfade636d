import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@linepulse/contracts';
import type { HeavyCallsConfig } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { createPgDb } from '../../db/pg-db.ts';
import { PgliteDb } from '../../db/pglite-db.ts';
import { apiError, type ApiError } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    heavyCalls: HeavyCalls;
  }
}

/** What a refused heavy call is told to wait before trying again (Retry-After, seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

function timeoutError(timeoutMs: number): ApiError {
  const seconds = Math.ceil(timeoutMs / 1000);
  return apiError(503, ERROR_CODES.analyticsTimeout, `The call took longer than ${seconds} s and was stopped.`, { seconds });
}

/** The call's client has gone: the answer would be written to no one (a 499, as proxies log it). */
export function clientClosedError(): ApiError {
  return apiError(499, ERROR_CODES.analyticsClientClosed, 'The client closed the connection; the call was stopped.');
}

/**
 * A signal that aborts when the client closes the connection before the answer was sent (a page
 * closed, a filter changed and the request cancelled), so a long call stops instead of running on.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * A Db for one heavy call: every query first checks the call's deadline (a long call is many
 * statements) and that its client is still there, and a statement cancelled by PostgreSQL's
 * statement_timeout becomes the same translated 503. On PGlite, which cannot cancel a statement, one
 * still running at the deadline (or after the statement timeout) is stopped by ending its thread
 * (pglite-db.ts, decision 30); in-memory databases (tests) only refuse statements past the deadline.
 */
export function deadlineDb(db: Db, timeoutMs: number, now = Date.now(), signal?: AbortSignal): Db {
  return limitedDb(db, timeoutMs, now + timeoutMs, signal);
}

/** deadlineDb, or with `deadline` null only the statement timeout (a streamed export). */
function limitedDb(db: Db, timeoutMs: number, deadline: number | null, signal?: AbortSignal): Db {
  const check = (): void => {
    if (signal?.aborted) throw clientClosedError();
    if (deadline !== null && Date.now() > deadline) throw timeoutError(timeoutMs);
  };
  const translate = (error: unknown): unknown => ((error as { code?: string } | null)?.code === QUERY_CANCELED ? timeoutError(timeoutMs) : error);
  const wrap = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      check();
      try {
        return await q.query<T>(sql, params);
      } catch (error) {
        throw translate(error);
      }
    },
    async exec(sql: string): Promise<void> {
      check();
      await q.exec(sql).catch((error: unknown) => Promise.reject(translate(error)));
    },
    async copyFrom(table: string, columns: readonly string[], csv: string): Promise<void> {
      check();
      await q.copyFrom(table, columns, csv).catch((error: unknown) => Promise.reject(translate(error)));
    },
  });
  const limited = db instanceof PgliteDb ? db.timed({ statementMs: timeoutMs, ...(deadline !== null ? { deadline } : {}) }) : db;
  const root = wrap(limited);
  return {
    kind: db.kind,
    query: root.query,
    exec: root.exec,
    copyFrom: root.copyFrom,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      check();
      return limited.transaction((tx) => fn(wrap(tx))).catch((error: unknown) => Promise.reject(translate(error)));
    },
    ping: () => db.ping(),
    listen: (channel, onNotify, onGap) => db.listen(channel, onNotify, onGap),
    // The database belongs to the app.
    close: async () => undefined,
  };
}

/** A heavy call's turn, taken by `acquire`: its database, and `release` once it has finished. */
export interface HeavyTurn {
  /** Each statement limited by the statement timeout (not by a deadline for the whole call). */
  db: Db;
  release(): void;
}

/**
 * Heavy analytics calls (long windows over many units, opportunities): at most one at a time per user
 * and call (429 ANL_HEAVY_CALL_RUNNING with Retry-After), at most `concurrent` server-wide with a short
 * queue (503 ANL_BUSY with Retry-After beyond it), each stopped after `timeoutMs` (503 ANL_TIMEOUT).
 * On PostgreSQL they run on a pool of their own (`concurrent` connections, statement_timeout), so the
 * main pool always has connections for light calls and /api/health. On PGlite they share its one
 * connection, and a statement past its limit is stopped (deadlineDb).
 */
export class HeavyCalls {
  private running = 0;
  /** Heavy calls that have had their turn since start (tests, benchmarks). */
  started = 0;
  private readonly waiting: { start: () => void }[] = [];
  private readonly callers = new Set<string>();

  constructor(
    /** The database heavy calls use (PostgreSQL: their own pool). */
    readonly db: Db,
    readonly limits: HeavyCallsConfig,
  ) {}

  /** Heavy calls running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs fn as the heavy call `call` of `userId`, with the database it must use. When `signal` aborts
   * (the client has gone) the call leaves the queue, or stops before its next statement.
   */
  async run<T>(reply: FastifyReply, userId: string, call: string, fn: (db: Db) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const turn = await this.acquire(reply, userId, call, signal);
    try {
      return await fn(deadlineDb(this.db, this.limits.timeoutMs, Date.now(), signal));
    } finally {
      turn.release();
    }
  }

  /**
   * The turn of a heavy call that ends later than its handler: a streamed export, which holds the turn
   * until its last byte is written. Its statements are limited one by one (statement timeout), not by a
   * deadline for the whole call: how long it lasts depends on its client's download as much as on the
   * database. `release` must be called once it has finished, however it ends.
   */
  async acquire(reply: FastifyReply, userId: string, call: string, signal?: AbortSignal): Promise<HeavyTurn> {
    if (signal?.aborted) throw clientClosedError();
    const key = `${userId}\n${call}`;
    if (this.callers.has(key)) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw apiError(429, ERROR_CODES.analyticsHeavyCallRunning, 'The same long call of this user is still running.', { retry_after: RETRY_AFTER_SECONDS });
    }
    this.callers.add(key);
    try {
      await this.turn(reply, signal);
    } catch (error) {
      this.callers.delete(key);
      throw error;
    }
    this.started += 1;
    let released = false;
    return {
      db: limitedDb(this.db, this.limits.timeoutMs, null),
      release: () => {
        if (released) return;
        released = true;
        this.release();
        this.callers.delete(key);
      },
    };
  }

  private busy(reply: FastifyReply): ApiError {
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return apiError(503, ERROR_CODES.analyticsBusy, 'The server is busy with long calls.', { retry_after: RETRY_AFTER_SECONDS });
  }

  private turn(reply: FastifyReply, signal?: AbortSignal): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(this.busy(reply));
    return new Promise((resolve, reject) => {
      const leave = (error: ApiError): void => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        reject(error);
      };
      const gone = (): void => leave(clientClosedError());
      const entry = {
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', gone);
          resolve();
        },
      };
      const timer = setTimeout(() => leave(this.busy(reply)), this.limits.queueWaitMs);
      signal?.addEventListener('abort', gone, { once: true });
      this.waiting.push(entry);
    });
  }

  /** The finished call's turn passes to the first waiting one. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }
}

async function heavyCallsPlugin(app: FastifyInstance): Promise<void> {
  const limits = app.config.heavyCalls;
  let db = app.db;
  if (app.db.kind === 'postgresql' && app.config.databaseUrl) {
    const pool = (url: string): Db => {
      const own = createPgDb(url, { max: limits.concurrent, statementTimeoutMs: limits.timeoutMs });
      app.addHook('onClose', async () => own.close());
      return own;
    };
    db = pool(app.config.databaseUrl);
    // With a replica, the heavy calls' reads go there too, by the same rules as the light calls'
    // (decision 52): a year of opportunities is the largest read the primary would otherwise serve.
    const replica = app.config.readReplica;
    if (replica && app.readRouting) db = app.readRouting.route(db, pool(replica.url));
  }
  app.decorate('heavyCalls', new HeavyCalls(db, limits));
}

export default fp(heavyCallsPlugin, { name: 'heavy-calls', dependencies: ['config', 'db', 'read-replica'] });
