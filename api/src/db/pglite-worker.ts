/**
 * The thread that owns the embedded database (decision 30). PGlite runs each statement synchronously on
 * the thread that calls it; here that thread is this worker, so a long statement no longer stops the
 * api's own thread (health, sign-in, /config.json, static files). The api's side is pglite-db.ts: it
 * sends one request at a time and keeps the Db interface; this side only runs what it is sent.
 *
 * Type parsers are functions, which cannot be sent to a thread: they are installed here, the same
 * TEXT_PARSERS as the PostgreSQL driver's.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { TEXT_PARSERS } from './types.ts';

/** What a database is opened with. */
export interface WorkerOpen {
  /** A folder, or `memory://`. */
  dataDir: string;
  /** A dump (dumpDataDir) to start from instead of an empty database. */
  loadDataDir?: Blob;
  /** PGlite's compiled WebAssembly and file bundle, made once per process and shared by its workers. */
  pgliteWasmModule?: PGliteOptions['pgliteWasmModule'];
  fsBundle?: Blob;
}

/**
 * One request; the api's side sends the next only when this one is answered. A worker runs one database
 * at a time: `open`, statements, `close`, and then perhaps `open` again (the next database of the
 * process, e.g. the next test's, skips starting a thread).
 */
export type WorkerRequest =
  | ({ id: number; op: 'open' } & WorkerOpen)
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; buffers: readonly number[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'copy'; sql: string; csv: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** An error as it crosses threads: its message and every plain field (PostgreSQL's code, constraint, detail…). */
export interface WorkerError {
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

/** The answer to request `id`. */
export type WorkerReply = { id: number; rows?: unknown[]; dump?: Blob } | { id: number; error: WorkerError };

/** A NOTIFY on a channel listened to, sent when PGlite reports it (after the statement that committed it). */
export interface WorkerNotification {
  notification: { channel: string; payload: string };
}

function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: WorkerError['fields'] = {};
  // PGlite's DatabaseError carries PostgreSQL's fields as own properties; its params and options may
  // hold anything, and the api never reads them.
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'queryOptions') continue;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  if (!('name' in fields)) fields.name = error.name;
  return { message: error.message, fields };
}

let pglite: PGlite | null = null;

async function run(request: WorkerRequest): Promise<WorkerReply> {
  if (request.op === 'open') {
    pglite = await PGlite.create(request.dataDir, {
      parsers: TEXT_PARSERS,
      ...(request.loadDataDir ? { loadDataDir: request.loadDataDir } : {}),
      ...(request.pgliteWasmModule ? { pgliteWasmModule: request.pgliteWasmModule } : {}),
      ...(request.fsBundle ? { fsBundle: request.fsBundle } : {}),
    });
    return { id: request.id, rows: [] };
  }
  if (!pglite) throw new Error('PGlite is closed');
  switch (request.op) {
    case 'query': {
      // Buffers arrive as plain Uint8Arrays: made Buffers again, they serialise as they did on one thread
      // (bytes for bytea, their text for text).
      const params = [...request.params];
      for (const i of request.buffers) {
        const bytes = params[i] as Uint8Array;
        params[i] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
      return { id: request.id, rows: (await pglite.query(request.sql, params)).rows };
    }
    case 'exec':
      await pglite.exec(request.sql);
      return { id: request.id, rows: [] };
    case 'copy':
      await pglite.query(request.sql, [], { blob: new Blob([request.csv]) });
      return { id: request.id, rows: [] };
    case 'dump':
      return { id: request.id, dump: await pglite.dumpDataDir('none') };
    case 'listen': {
      const channel = request.channel;
      // Quoted: PGlite passes the name to LISTEN as it is, and unquotes it to match notifications.
      await pglite.listen(`"${channel}"`, (payload) => parentPort!.postMessage({ notification: { channel, payload } } satisfies WorkerNotification));
      return { id: request.id, rows: [] };
    }
    case 'close': {
      const closing = pglite;
      pglite = null;
      if (!closing.closed) await closing.close();
      return { id: request.id, rows: [] };
    }
  }
}

parentPort!.on('message', (request: WorkerRequest) => {
  void run(request).then(
    (reply) => parentPort!.postMessage(reply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: toWorkerError(error) } satisfies WorkerReply),
  );
});
