import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import { CHANNEL_NAME, type Db, type Queryable } from './db.ts';
import type { WorkerError, WorkerNotification, WorkerOpen, WorkerReply, WorkerRequest } from './pglite-worker.ts';
import { noteStatement } from './statement-log.ts';

/** The worker's entry: it registers tsx, then loads pglite-worker.ts. */
const WORKER_ENTRY = new URL('./pglite-worker.mjs', import.meta.url);

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** When a statement is stopped (see PgliteDb). */
export interface StatementLimits {
  /** Epoch ms: refused if it has not started by then, stopped if it is still running then. */
  deadline?: number;
  /** Stopped after running this long (PostgreSQL's statement_timeout). */
  statementMs?: number;
}

interface Pending extends StatementLimits {
  request: Request;
  /** The worker generation its transaction began on: on a later one, that transaction is gone. */
  generation?: number;
  done: (reply: WorkerReply) => void;
}

/** The errors PostgreSQL gives in the same situations, with their SQLSTATE, so that callers map them alike. */
const STOPPED: WorkerError = { message: 'canceling statement due to statement timeout', fields: { name: 'error', severity: 'ERROR', code: '57014' } };
const ABORTED: WorkerError = {
  message: 'current transaction is aborted, commands ignored until end of transaction block',
  fields: { name: 'error', severity: 'ERROR', code: '25P02' },
};

/** The Error the api sees: PostgreSQL's message and fields (code, constraint, detail…) as PGlite gave them. */
function toError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error.fields);
}

/** What PGlite itself says once closed (errors.ts answers it 503 GEN_503). */
function closedError(reason?: string): WorkerError {
  return { message: reason ? `PGlite is closed: ${reason}` : 'PGlite is closed', fields: {} };
}

/**
 * Parameters cross to the worker by structured clone, which keeps strings, numbers, BigInts, Dates,
 * typed arrays, arrays and plain objects as they are. A Buffer would arrive as a plain Uint8Array, which
 * PGlite writes differently to a text column: `buffers` lists them, and the worker makes them Buffers again.
 */
function sendable(params: readonly unknown[]): { params: readonly unknown[]; buffers: number[] } {
  const buffers: number[] = [];
  for (let i = 0; i < params.length; i++) if (Buffer.isBuffer(params[i])) buffers.push(i);
  return { params, buffers };
}

/** First come, first served: a transaction holds the database until it ends. */
class Exclusive {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  get busy(): boolean {
    return this.held;
  }

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

// The api's TypeScript libraries declare no WebAssembly (no DOM); compile() is all this file uses.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PGliteOptions['pgliteWasmModule']>> };

/** PGlite's compiled WebAssembly and file bundle: read and compiled once per process, shared by its workers. */
let artifacts: Promise<Pick<WorkerOpen, 'pgliteWasmModule' | 'fsBundle'>> | null = null;
function pgliteArtifacts(): Promise<Pick<WorkerOpen, 'pgliteWasmModule' | 'fsBundle'>> {
  artifacts ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([readFile(new URL('pglite.wasm', dist)), readFile(new URL('pglite.data', dist))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return artifacts;
}

interface ThreadOwner {
  answer(reply: WorkerReply): void;
  notified(channel: string, payload: string): void;
  lost(thread: PgliteThread, reason: string): void;
}

/** Threads whose database was closed: the next database of the process opens in one of them. */
const idle: PgliteThread[] = [];
/** One is enough for a server (it opens one database); the tests open one after another. */
const MAX_IDLE = 1;

/**
 * A worker thread running PGlite, one database at a time. Starting one costs about 0.2 s of CPU (a
 * thread, tsx's loader in it) and its first database the warm-up of PGlite's JavaScript; tests open a
 * database per app, so a closed database's thread is kept for the next (an idle one does not keep the
 * process alive).
 */
class PgliteThread {
  readonly worker = new Worker(WORKER_ENTRY);
  /** The database it runs now: its answers and its end go there. */
  owner: ThreadOwner | null = null;

  constructor() {
    let crash = '';
    this.worker.on('message', (message: WorkerReply | WorkerNotification) => {
      if ('notification' in message) this.owner?.notified(message.notification.channel, message.notification.payload);
      else this.owner?.answer(message);
    });
    this.worker.on('error', (error) => (crash = error.message));
    this.worker.on('exit', (code) => {
      const i = idle.indexOf(this);
      if (i >= 0) idle.splice(i, 1);
      this.owner?.lost(this, crash || `its thread ended (exit code ${code})`);
    });
  }

  static take(owner: ThreadOwner): PgliteThread {
    const thread = idle.pop() ?? new PgliteThread();
    thread.owner = owner;
    return thread;
  }

  /** Back to the idle threads (its database closed cleanly), or ended. */
  release(): void {
    this.owner = null;
    this.worker.unref();
    if (idle.length < MAX_IDLE) idle.push(this);
    else void this.worker.terminate();
  }

  /** Ended at once, whatever it runs. */
  end(): void {
    this.owner = null;
    void this.worker.terminate();
  }
}

export interface PgliteOptions {
  /** A data directory dumped by dumpDataDir, to start from instead of an empty database. */
  loadDataDir?: Blob;
}

/**
 * Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly) persisted in a folder, or held in memory
 * for `memory://` (the tests: a copy of a prepared template, nothing to delete), run by a worker thread
 * (pglite-worker.ts, decision 30) so that a long statement leaves the api's thread free.
 *
 * PGlite holds a single connection. Statements go to the worker one at a time, in order of arrival, and
 * a transaction holds the database until it ends: statements from outside it wait.
 *
 * PGlite cannot cancel a running statement (statement_timeout never fires inside WebAssembly). A
 * statement given limits (heavy calls: `timed`) that is still running when they are reached is stopped
 * by ending its thread and reopening the folder (PostgreSQL's crash recovery rolls back what was not
 * committed: 1–2 s); it fails with PostgreSQL's own 57014, as after a statement_timeout, and a
 * transaction it belonged to is rolled back (its next statements fail with 25P02). An in-memory
 * database would not survive that: there a deadline only refuses statements that have not started.
 */
export class PgliteDb implements Db, ThreadOwner {
  readonly kind = 'pglite' as const;
  private thread: PgliteThread | null = null;
  /** The current thread has the database open. */
  private ready = false;
  private readonly queue: Pending[] = [];
  private running: { pending: Pending; id: number; timer?: ReturnType<typeof setTimeout> } | null = null;
  private nextId = 1;
  /** Counts threads: a new one after a stopped statement or a lost thread. */
  private generation = 0;
  private readonly exclusive = new Exclusive();
  private closing: Promise<void> | null = null;
  private failure: WorkerError | null = null;
  private readonly stoppable: boolean;
  /** What `listen` asked for, by channel: listened to again on a new thread (after a stopped statement). */
  private readonly listeners = new Map<string, Set<{ onNotify: (payload: string) => void; onGap?: () => void }>>();

  private constructor(private readonly dataDir: string) {
    this.stoppable = !dataDir.startsWith('memory://');
    ({ query: this.query, exec: this.exec, copyFrom: this.copyFrom } = this.queryable((request) => this.outside(request)));
  }

  static async open(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    const db = new PgliteDb(dataDir);
    await db.start(options.loadDataDir);
    return db;
  }

  // ---- the Db interface (closures, as the PostgreSQL implementation's: callers may pass them around)

  query: Queryable['query'];
  exec: Queryable['exec'];
  copyFrom: Queryable['copyFrom'];

  transaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => this.inTransaction(fn);

  ping = async (): Promise<void> => {
    // Never a statement: it would wait behind whatever runs. The database is there while its thread is
    // (or while it is being reopened after a stopped statement).
    if (this.closing || this.failure) throw toError(this.failure ?? closedError());
  };

  listen = async (channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const listener = { onNotify, ...(onGap ? { onGap } : {}) };
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      const reply = await this.outside({ op: 'listen', channel });
      if ('error' in reply) {
        this.listeners.delete(channel);
        throw toError(reply.error);
      }
    }
    set.add(listener);
    // PGlite keeps listening on the channel until the database closes; an empty set simply calls no one.
    return async () => {
      set.delete(listener);
    };
  };

  notified(channel: string, payload: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener.onNotify(payload);
  }

  close = (): Promise<void> => {
    this.closing ??= (async () => {
      // After the transaction that holds the database, and after every statement sent before.
      await this.exclusive.acquire();
      const reply = this.failure ? null : await this.send({ op: 'close' });
      this.failure ??= closedError();
      this.failQueued();
      const thread = this.thread;
      this.thread = null;
      if (reply && !('error' in reply)) thread?.release();
      else thread?.end();
      if (reply && 'error' in reply) throw toError(reply.error);
    })();
    return this.closing;
  };

  // ---- beyond the Db interface

  /**
   * The same database with limits on each statement (heavy calls): refused if it has not started by
   * `deadline`; stopped when it reaches `deadline` or has run `statementMs` (file-backed databases).
   */
  timed(limits: StatementLimits): Db {
    return {
      kind: this.kind,
      ...this.queryable((request) => this.outside(request, limits)),
      transaction: (fn) => this.inTransaction(fn, limits),
      ping: this.ping,
      listen: this.listen,
      // The database belongs to its owner.
      close: async () => undefined,
    };
  }

  /** The whole database as a tar file (PGlite's dumpDataDir), e.g. the tests' template. */
  async dumpDataDir(): Promise<Blob> {
    const reply = await this.outside({ op: 'dump' });
    if ('error' in reply) throw toError(reply.error);
    return reply.dump!;
  }

  // ---- statements

  /** query, exec and copyFrom, each statement sent through `send`. */
  private queryable(send: (request: Request) => Promise<WorkerReply>): Queryable {
    return {
      query: <T>(sql: string, params: readonly unknown[] = []) => {
        noteStatement(sql);
        return this.rows<T>(send({ op: 'query', sql, ...sendable(params) }));
      },
      exec: async (sql: string) => {
        noteStatement(sql);
        await this.rows(send({ op: 'exec', sql }));
      },
      copyFrom: async (table: string, columns: readonly string[], csv: string) => {
        const sql = `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
        noteStatement(sql);
        await this.rows(send({ op: 'copy', sql, csv }));
      },
    };
  }

  /** Rows of a reply, or its error thrown here (so that its stack shows the caller). */
  private async rows<T>(reply: Promise<WorkerReply>): Promise<T[]> {
    const answer = await reply;
    if ('error' in answer) throw toError(answer.error);
    return (answer.rows ?? []) as T[];
  }

  /** A statement outside any transaction: after the transaction that holds the database, if one does. */
  private async outside(request: Request, limits: StatementLimits = {}): Promise<WorkerReply> {
    if (this.closing || this.failure) return { id: 0, error: this.failure ?? closedError() };
    if (this.exclusive.busy) {
      // Its turn comes in order of arrival; it only has to be sent before the next transaction's BEGIN.
      await this.exclusive.acquire();
      this.exclusive.release();
    }
    return this.send(request, limits);
  }

  private async inTransaction<T>(fn: (tx: Queryable) => Promise<T>, limits: StatementLimits = {}): Promise<T> {
    if (this.closing || this.failure) throw toError(this.failure ?? closedError());
    await this.exclusive.acquire();
    let open = true;
    try {
      await this.rows(this.send({ op: 'exec', sql: 'BEGIN' }, limits));
      // Nothing else is sent while the transaction holds the database: BEGIN ran on the current thread.
      const generation = this.generation;
      const inside = (request: Request): Promise<WorkerReply> => {
        if (!open) return Promise.resolve({ id: 0, error: { message: 'Transaction is closed', fields: {} } });
        return this.send(request, limits, generation);
      };
      let result: T;
      try {
        result = await fn(this.queryable(inside));
      } catch (error) {
        // On a new thread the transaction is already rolled back.
        if (this.generation === generation) await this.send({ op: 'exec', sql: 'ROLLBACK' });
        throw error;
      }
      await this.rows(this.send({ op: 'exec', sql: 'COMMIT' }, {}, generation));
      return result;
    } finally {
      open = false;
      this.exclusive.release();
    }
  }

  // ---- the thread

  private send(request: Request, limits: StatementLimits = {}, generation?: number): Promise<WorkerReply> {
    if (this.failure) return Promise.resolve({ id: 0, error: this.failure });
    return new Promise((done) => {
      this.queue.push({ request, ...limits, generation, done });
      this.pump();
    });
  }

  /** Sends the next statement when the thread is free. */
  private pump(): void {
    while (this.ready && !this.running && this.queue.length > 0) {
      const pending = this.queue.shift()!;
      if (pending.generation !== undefined && pending.generation !== this.generation) pending.done({ id: 0, error: ABORTED });
      else if (pending.deadline !== undefined && Date.now() >= pending.deadline) pending.done({ id: 0, error: STOPPED });
      else this.post(pending);
    }
    // An idle thread does not keep the process alive; one at work does.
    if (this.running) this.thread?.worker.ref();
    else this.thread?.worker.unref();
  }

  private post(pending: Pending): void {
    const id = this.nextId++;
    try {
      this.thread!.worker.postMessage({ ...pending.request, id });
    } catch (error) {
      // A parameter that cannot be cloned (a function, an object holding one): the statement is refused.
      pending.done({ id, error: { message: (error as Error).message, fields: { name: (error as Error).name } } });
      return;
    }
    this.running = { pending, id };
    const now = Date.now();
    const stopAt = Math.min(pending.deadline ?? Infinity, pending.statementMs === undefined ? Infinity : now + pending.statementMs);
    if (stopAt < Infinity && this.stoppable) {
      this.running.timer = setTimeout(() => this.stop(id), stopAt - now);
      this.running.timer.unref();
    }
  }

  answer(reply: WorkerReply): void {
    const running = this.running;
    if (!running || reply.id !== running.id) return;
    clearTimeout(running.timer);
    this.running = null;
    // The next statement starts before this one's caller goes on.
    this.pump();
    running.pending.done(reply);
  }

  /** Statement `id` has passed its deadline: its thread is ended and the database reopened. */
  private stop(id: number): void {
    const running = this.running;
    if (!running || running.id !== id) return;
    this.running = null;
    this.replace();
    running.pending.done({ id, error: STOPPED });
  }

  /** The thread ended by itself (a crash inside PGlite): what it ran fails, and the database is reopened. */
  lost(thread: PgliteThread, reason: string): void {
    if (thread !== this.thread) return;
    const running = this.running;
    this.running = null;
    if (running) clearTimeout(running.timer);
    // While opening, or closing, the caller of start() or close() has the error.
    if (this.ready && !this.closing) this.replace();
    else this.thread = null;
    running?.pending.done({ id: running.id, error: closedError(reason) });
  }

  private replace(): void {
    this.thread?.end();
    this.thread = null;
    this.ready = false;
    this.generation += 1;
    if (!this.stoppable) {
      // Nothing to reopen: an in-memory database is gone with its thread.
      this.failure = closedError('its in-memory database was lost with its thread');
      this.failQueued();
      return;
    }
    this.start().catch((error: unknown) => {
      this.failure = closedError(`reopening failed (${(error as Error).message})`);
      this.failQueued();
    });
  }

  private failQueued(): void {
    for (const pending of this.queue.splice(0)) pending.done({ id: 0, error: this.failure ?? closedError() });
  }

  /** Opens the database in a thread (an idle one, or a new one); resolves once it is open. */
  private async start(loadDataDir?: Blob): Promise<void> {
    const open: Request = { op: 'open', dataDir: this.dataDir, ...(await pgliteArtifacts()), ...(loadDataDir ? { loadDataDir } : {}) };
    const thread = PgliteThread.take(this);
    this.thread = thread;
    const reply = await new Promise<WorkerReply>((done) => {
      this.post({ request: open, done });
      this.pump();
    });
    if ('error' in reply) {
      if (this.thread === thread) this.thread = null;
      thread.end();
      throw toError(reply.error);
    }
    this.ready = true;
    this.pump();
    // A new thread after a stopped statement or a lost thread: listen again, and tell the listeners that
    // what was notified meanwhile is lost to them.
    if (this.listeners.size > 0) {
      for (const channel of this.listeners.keys()) void this.send({ op: 'listen', channel });
      for (const set of this.listeners.values()) for (const listener of set) listener.onGap?.();
    }
  }
}

/** PGlite in `dataDir` (a folder, or `memory://`), run by a worker thread. */
export function createPgliteDb(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  return PgliteDb.open(dataDir, options);
}
