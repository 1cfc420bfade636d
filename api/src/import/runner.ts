import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, HISTORY_IMPORT_CODES, HISTORY_IMPORT_MAX_LINE_BYTES, type ApiErrorItem, type HistoryImportError } from '@linepulse/contracts';
import { ensureFresh } from '../analytics/rollups.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { factoryLookup } from '../ingestion/factory-lookup.ts';
import { ingestEvents, MAX_BATCH_EVENTS, MAX_FUTURE_MS, parseInstant } from '../ingestion/ingest-events.ts';
import { claimJobs, enterDerive, failJob, finishJob, heartbeat, readJob, recordBatch, recordCsvColumns, releaseJob, type ImportJob } from './jobs.ts';
import { readLines } from './lines.ts';
import { parseCsvHeader, parseCsvLine, parseNdjsonLine, type RowProblem } from './parse.ts';

/** Knobs the tests turn (small batches, a pause between batches); the defaults are the product's. */
export interface ImportTuning {
  /** Events stored per transaction (1 to ingestion's 10 000). */
  batchRows: number;
  /** A runner silent for this long has stopped: another instance takes its jobs over. */
  staleSeconds: number;
  /** Called after each committed batch (tests stop the app there). */
  afterBatch?: (job: { id: string; linesDone: number; batches: number }) => Promise<void> | void;
}

const DEFAULT_TUNING: ImportTuning = { batchRows: MAX_BATCH_EVENTS, staleSeconds: 120 };
let tuning: ImportTuning = { ...DEFAULT_TUNING };

/** Tests only: changes the tuning of every runner of the process (undefined: back to the defaults). */
export function setImportTuning(next?: Partial<ImportTuning>): void {
  tuning = { ...DEFAULT_TUNING, ...next };
}

/** The file a job reads: DATA_DIR/imports/<id>.<format> (`.part` while the upload runs). */
export function importFile(dir: string, job: Pick<ImportJob, 'id' | 'format'>, part = false): string {
  return path.join(dir, `${job.id}.${job.format}${part ? '.part' : ''}`);
}

/** Bytes of the file read between two collections of the heap's garbage (see collectGarbage). */
const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

let gcFunction: (() => void) | null | undefined;

/**
 * A full garbage collection. Every parsed event lives across a database round trip, so V8 promotes it to
 * the old generation, where garbage is left to pile up (the heap grew by 550 MB for a million events,
 * of which 60 MB were live). Collected every 8 MiB of file (a pause of up to ~80 ms each time), the api's
 * memory stays flat. Node exposes gc() only behind a flag; set at run time it applies to new contexts.
 */
function collectGarbage(): void {
  if (gcFunction === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gcFunction = vm.runInNewContext('gc') as () => void;
    } catch {
      gcFunction = null;
    }
  }
  gcFunction?.();
}

interface PendingRow {
  line: number;
  event: Record<string, unknown>;
}

/** A refused row: one entry per row, its first problem's code and field, every problem in the message. */
function rowError(line: number, problems: readonly RowProblem[]): HistoryImportError {
  const first = problems[0]!;
  return {
    line,
    code: first.code,
    field: first.field,
    arguments: { ...first.arguments, ...(first.field !== null ? { field: first.field } : {}), line, problems: problems.length },
    message: `line ${line}: ${problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ')}`,
  };
}

/** Ingestion's problem about one event, as a row problem (a future instant gets its own code). */
function rowProblem(item: ApiErrorItem, event: Record<string, unknown>, nowMs: number): RowProblem {
  const field = typeof item.arguments.field === 'string' ? item.arguments.field : null;
  const message = item.message.replace(/^events\[\d+\]\.[^:]*: /, '');
  if (item.code === ERROR_CODES.ingestTimeOutOfRange && field !== null) {
    const ms = parseInstant(event[field]);
    if (ms !== null && ms > nowMs + MAX_FUTURE_MS) {
      return {
        code: HISTORY_IMPORT_CODES.eventInFuture,
        field,
        arguments: { field, value: String(event[field]), max_minutes: MAX_FUTURE_MS / 60_000 },
        message: `${String(event[field])} is more than ${MAX_FUTURE_MS / 60_000} minutes in the future: history cannot be imported ahead of time`,
      };
    }
  }
  const args: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(item.arguments)) if (key !== 'index') args[key] = value;
  return { code: item.code, field, arguments: args, message };
}

class LostJob extends Error {}

/**
 * Runs history imports in the api's process, one job at a time: reads the kept file from the last
 * stored line, checks each batch with ingestion's core and stores it in one transaction with the job's
 * progress (so a restart neither loses nor counts twice), then derives the units that received events.
 * Unfinished jobs are taken over at start (and from an instance silent for `staleSeconds`).
 */
export class HistoryImportRunner {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly queue: string[] = [];
  private readonly jobs = new Map<string, ImportJob>();
  private current: Promise<void> | null = null;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  /** Last line of the last committed batch (for afterBatch). */
  private committedLine = 0;

  constructor(
    private readonly db: Db,
    readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes over the unfinished jobs (start-up, and every minute for other instances' stopped ones). */
  async resume(): Promise<void> {
    if (this.stopping) return;
    const claimed = await claimJobs(this.db, this.id, tuning.staleSeconds);
    for (const job of claimed) this.enqueue(job);
  }

  startPolling(everyMs = 60_000): void {
    this.timer = setInterval(() => void this.resume().catch((error: unknown) => this.log.error({ err: error }, 'history import: resume failed')), everyMs);
    this.timer.unref();
  }

  /** A job this runner holds (just uploaded, or claimed). */
  enqueue(job: ImportJob): void {
    if (this.jobs.has(job.id) || this.stopping) return;
    this.jobs.set(job.id, job);
    this.queue.push(job.id);
    this.pump();
  }

  private pump(): void {
    if (this.current || this.stopping) return;
    const id = this.queue.shift();
    if (id === undefined) return;
    const job = this.jobs.get(id)!;
    this.current = this.run(job)
      .catch((error: unknown) => this.log.error({ err: error, importId: job.id }, 'history import failed'))
      .finally(() => {
        this.jobs.delete(id);
        this.current = null;
        this.pump();
      });
  }

  /** Stops after the batch or unit in progress; the jobs left are released for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    const held = [...this.jobs.values()];
    await this.current;
    for (const job of held) await releaseJob(this.db, job.account_id, job.id, this.id).catch(() => undefined);
    this.jobs.clear();
  }

  private async run(claimed: ImportJob): Promise<void> {
    const beat = setInterval(() => void heartbeat(this.db, claimed, this.id).catch(() => undefined), 20_000);
    beat.unref();
    try {
      let job: ImportJob | null = claimed;
      if (job.phase === 'store') {
        const stored = await this.store(job);
        if (!stored) return;
        if (!(await enterDerive(this.db, job, this.id))) return;
        await rm(importFile(this.dir, job), { force: true });
        job = await readJob(this.db, job.account_id, job.factory_id, job.id);
      }
      if (job?.phase === 'derive') {
        if (!(await this.derive(job))) return;
        await finishJob(this.db, job, this.id);
      }
    } catch (error) {
      if (error instanceof LostJob) return;
      throw error;
    } finally {
      clearInterval(beat);
    }
  }

  /** The store phase; true when the whole file is stored, false when stopped or failed. */
  private async store(job: ImportJob): Promise<boolean> {
    const file = importFile(this.dir, job);
    if (!existsSync(file)) {
      await failJob(this.db, job.account_id, job.id, {
        code: HISTORY_IMPORT_CODES.fileMissing,
        arguments: { line: Number(job.lines_done) },
        message: 'The uploaded file is no longer in the data folder: send it again.',
      });
      return false;
    }
    let columns = job.csv_columns;
    let pending: PendingRow[] = [];
    let refused: HistoryImportError[] = [];
    let read = 0;
    let linesDone = Number(job.lines_done);
    let bytesDone = Number(job.bytes_done);
    let batches = 0;
    // Batches are stored while the next ones are read and parsed: on PostgreSQL two at once, each on its
    // own connection, the second recording its progress only once the first has committed (so the job's
    // restart point never passes a batch that is not stored); PGlite has one connection: one at a time.
    const concurrency = this.db.kind === 'postgresql' ? 2 : 1;
    const window: Promise<void>[] = [];
    let last: Promise<void> = Promise.resolve();
    const settleOne = async (): Promise<boolean> => {
      const first = window.shift();
      if (first === undefined) return !this.stopping;
      await first;
      batches += 1;
      await tuning.afterBatch?.({ id: job.id, linesDone: this.committedLine, batches });
      return !this.stopping;
    };
    /** Waits for every batch in flight (they commit even when stopping). */
    const settle = async (): Promise<boolean> => {
      while (window.length > 0) await settleOne();
      return !this.stopping;
    };
    const flush = async (): Promise<boolean> => {
      while (window.length >= concurrency) if (!(await settleOne())) return false;
      const stored = this.storeBatch(job, pending, refused, read, bytesDone, linesDone, last);
      // A failure surfaces when the batch is settled; until then it must not count as unhandled.
      stored.catch(() => undefined);
      last = stored;
      window.push(stored);
      pending = [];
      refused = [];
      read = 0;
      return true;
    };
    let collectAt = bytesDone + COLLECT_EVERY_BYTES;
    for await (const line of readLines(file, { start: bytesDone, firstLine: linesDone + 1, maxLineBytes: HISTORY_IMPORT_MAX_LINE_BYTES })) {
      linesDone = line.line;
      bytesDone = line.end;
      if (bytesDone >= collectAt) {
        collectAt = bytesDone + COLLECT_EVERY_BYTES;
        collectGarbage();
      }
      if (line.text === null) {
        read += 1;
        refused.push(
          rowError(line.line, [
            { code: HISTORY_IMPORT_CODES.lineTooLong, field: null, arguments: { max: HISTORY_IMPORT_MAX_LINE_BYTES }, message: `longer than ${HISTORY_IMPORT_MAX_LINE_BYTES} bytes` },
          ]),
        );
      } else if (line.text.trim() === '') {
        // Blank lines are not rows.
      } else if (job.format === 'csv' && columns === null) {
        const header = parseCsvHeader(line.text);
        if ('problem' in header) {
          await failJob(this.db, job.account_id, job.id, { code: header.problem.code, arguments: header.problem.arguments, message: header.problem.message });
          return false;
        }
        columns = header.columns;
        await recordCsvColumns(this.db, job, columns);
      } else {
        read += 1;
        const parsed = job.format === 'csv' ? parseCsvLine(line.text, columns!) : parseNdjsonLine(line.text);
        if ('problem' in parsed) refused.push(rowError(line.line, [parsed.problem]));
        else pending.push({ line: line.line, event: parsed.event });
      }
      if (pending.length >= Math.min(tuning.batchRows, MAX_BATCH_EVENTS) || refused.length >= tuning.batchRows) {
        if (!(await flush())) {
          // Stopping: the batches in flight still commit, in order.
          await settle();
          return false;
        }
      }
    }
    if (pending.length > 0 || refused.length > 0 || read > 0 || linesDone !== Number(job.lines_done)) {
      if (!(await flush())) {
        await settle();
        return false;
      }
    }
    return settle();
  }

  /**
   * Stores one batch with ingestion's core, in one transaction with the job's progress. Rows ingestion
   * refuses are taken out (each with its line) and the rest sent again; a repeated id within the batch
   * is a duplicate, as it is across batches.
   */
  private async storeBatch(
    job: ImportJob,
    rows: PendingRow[],
    refusedRows: HistoryImportError[],
    read: number,
    bytesDone: number,
    linesDone: number,
    previous: Promise<void>,
  ): Promise<void> {
    const refused = [...refusedRows];
    let duplicates = 0;
    const seen = new Set<string>();
    let live: PendingRow[] = [];
    for (const row of rows) {
      const id = row.event.id;
      const key = typeof id === 'string' ? `${String(row.event.type)}\u0000${id}` : null;
      if (key !== null && seen.has(key)) {
        duplicates += 1;
        continue;
      }
      if (key !== null) seen.add(key);
      live.push(row);
    }
    const lookup = await factoryLookup(this.db, job.account_id, job.factory_id);
    if (!lookup) throw new LostJob('factory removed');
    for (let attempt = 0; ; attempt += 1) {
      const nowMs = Date.now();
      const unitIds = [...new Set(live.flatMap((r) => (typeof r.event.unit === 'string' && lookup.units.has(r.event.unit) ? [lookup.units.get(r.event.unit)!] : [])))];
      try {
        await this.db.transaction(async (tx) => {
          // The job's row says how far it got, in this same transaction: a commit lost in a crash is
          // re-stored on resume, so the commit need not wait for the disk.
          if (this.db.kind === 'postgresql') await tx.query('SET LOCAL synchronous_commit = off');
          const result = live.length > 0 ? await ingestEvents(tx, { accountId: job.account_id, factoryId: job.factory_id }, live.map((r) => r.event), { now: nowMs }) : { accepted: 0, duplicates: 0 };
          refused.sort((a, b) => a.line - b.line);
          // Progress is recorded in file order: after the batch before this one has committed.
          await previous;
          const ok = await recordBatch(
            tx,
            job,
            this.id,
            { bytesDone, linesDone, read, stored: result.accepted, duplicates: duplicates + result.duplicates, refused: refused.length, unitIds: result.accepted > 0 ? unitIds : [] },
            refused,
          );
          if (!ok) throw new LostJob('taken over');
        });
        this.committedLine = linesDone;
        return;
      } catch (error) {
        if (!(error instanceof ApiError) || error.statusCode !== 400 || attempt > 50) throw error;
        const byIndex = new Map<number, RowProblem[]>();
        for (const item of error.items) {
          const index = item.arguments.index;
          if (typeof index !== 'number' || !live[index]) continue;
          const list = byIndex.get(index) ?? [];
          list.push(rowProblem(item, live[index].event, nowMs));
          byIndex.set(index, list);
        }
        if (byIndex.size === 0) throw error;
        for (const [index, problems] of byIndex) refused.push(rowError(live[index]!.line, problems));
        live = live.filter((_row, index) => !byIndex.has(index));
      }
    }
  }

  /** The derive phase: each unit that received events, one at a time; false when stopped. */
  private async derive(job: ImportJob): Promise<boolean> {
    for (const unitId of job.unit_ids) {
      if (this.stopping) return false;
      const now = Date.now();
      // Without a window start: everything pending for the unit, the imported span included.
      await ensureFresh(this.db, job.account_id, [unitId], now, now);
      // What a unit's derivation read is garbage once it is stored (a year of a line is ~500 000 facts).
      collectGarbage();
      if (!(await heartbeat(this.db, job, this.id))) throw new LostJob('taken over');
    }
    return !this.stopping;
  }
}
