import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  HISTORY_IMPORT_CODES,
  HISTORY_IMPORT_MAX_LINE_BYTES,
  HISTORY_IMPORT_MAX_LISTED_ERRORS,
  type ApiErrorItem,
  type HistoryImportError,
} from '@linepulse/contracts';
import { ensureFresh } from '../analytics/rollups.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { factoryLookup, type FactoryLookup } from '../ingestion/factory-lookup.ts';
import { ingestEvents, MAX_BATCH_EVENTS, MAX_FUTURE_MS, parseInstant } from '../ingestion/ingest-events.ts';
import { announceChange } from '../live/live-events.ts';
import { claimJobs, enterDerive, failJob, finishJob, heartbeat, readJob, recordBatch, recordCsvColumns, releaseJob, type ImportJob } from './jobs.ts';
import { BlockCursor, readBlocks, readLines, type LineBlock } from './lines.ts';
import { parseCsvHeader, parseCsvLine, parseNdjsonLine, type RowProblem } from './parse.ts';

/**
 * Lines parsed between two turns of the event loop: a part's parsing is cut into slices of about
 * 5 ms, so that other requests (health checks, other accounts' pages) wait for one slice at most.
 */
const PARSE_SLICE_LINES = 1_000;

/** Knobs the tests turn (small batches, a pause between batches); the defaults are the product's. */
export interface ImportTuning {
  /** Lines of the file stored per transaction (1 to ingestion's 10 000). */
  batchRows: number;
  /**
   * Events sent to ingestion at once within a batch's transaction (1 to 10 000): one statement each.
   * 5 000 stored a quarter faster than 1 000 (each statement's planning and its dirty-range aggregate
   * are paid once per part), measured with `pnpm bench:import`.
   */
  partRows: number;
  /** A runner silent for this long has stopped: another instance takes its jobs over. */
  staleSeconds: number;
  /** Called after each committed batch (tests stop the app there). */
  afterBatch?: (job: { id: string; linesDone: number; batches: number }) => Promise<void> | void;
}

const DEFAULT_TUNING: ImportTuning = { batchRows: MAX_BATCH_EVENTS, partRows: 5_000, staleSeconds: 120 };
let tuning: ImportTuning = { ...DEFAULT_TUNING };

/** Tests only: changes the tuning of every runner of the process (undefined: back to the defaults). */
export function setImportTuning(next?: Partial<ImportTuning>): void {
  tuning = { ...DEFAULT_TUNING, ...next };
}

/** The file a job reads: DATA_DIR/imports/<id>.<format> (`.part` while the upload runs). */
export function importFile(dir: string, job: Pick<ImportJob, 'id' | 'format'>, part = false): string {
  return path.join(dir, `${job.id}.${job.format}${part ? '.part' : ''}`);
}

/**
 * A batch also ends at this many bytes of the file, whatever its lines' count: what a batch waiting for
 * the database holds stays bounded even with long lines (up to HISTORY_IMPORT_MAX_LINE_BYTES each).
 */
const BATCH_BYTES = 1024 * 1024;

/** The rows of a batch refused so far: the first ones (as many as a job lists) and their count. */
interface Refused {
  listed: HistoryImportError[];
  count: number;
}

/** Lines read before the first batch (a CSV file's header and what precedes it), counted with it. */
interface Carried {
  read: number;
  refused: HistoryImportError[];
}

function tooLongError(line: number): HistoryImportError {
  return rowError(line, [
    { code: HISTORY_IMPORT_CODES.lineTooLong, field: null, arguments: { max: HISTORY_IMPORT_MAX_LINE_BYTES }, message: `longer than ${HISTORY_IMPORT_MAX_LINE_BYTES} bytes` },
  ]);
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
        // Stored silently part by part: the live screens of the factory hear of it once, now that it is derived.
        await announceChange(this.db, job.account_id, job.factory_id, ['history'], job.unit_ids);
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
    let linesDone = Number(job.lines_done);
    let bytesDone = Number(job.bytes_done);
    let carried: Carried = { read: 0, refused: [] };
    // A CSV file's header: its first line that is not blank (read again when no batch after it was
    // stored, so that it is never taken for a row).
    if (job.format === 'csv' && (columns === null || linesDone === 0)) {
      let found = false;
      for await (const line of readLines(file, { start: bytesDone, firstLine: linesDone + 1, maxLineBytes: HISTORY_IMPORT_MAX_LINE_BYTES })) {
        linesDone = line.line;
        bytesDone = line.end;
        if (line.text === null) {
          carried.read += 1;
          carried.refused.push(tooLongError(line.line));
        } else if (line.text.trim() !== '') {
          const header = parseCsvHeader(line.text);
          if ('problem' in header) {
            await failJob(this.db, job.account_id, job.id, { code: header.problem.code, arguments: header.problem.arguments, message: header.problem.message });
            return false;
          }
          if (columns === null) await recordCsvColumns(this.db, job, header.columns);
          columns = header.columns;
          found = true;
          break;
        }
      }
      if (!found) columns = null;
    }
    let batches = 0;
    // Batches are stored while the next one is read: on PostgreSQL two at once, each on its own
    // connection, the second recording its progress only once the first has committed (so the job's
    // restart point never passes a batch that is not stored); PGlite has one connection: one at a time.
    // The reader waits while that many are in flight: what is read ahead of the database is bounded.
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
    const push = async (block: LineBlock): Promise<boolean> => {
      while (window.length >= concurrency) {
        if (!(await settleOne())) {
          block.release();
          return false;
        }
      }
      if (this.stopping) {
        block.release();
        return false;
      }
      const stored = this.storeBatch(job, block, columns, carried, last).finally(() => block.release());
      // A failure surfaces when the batch is settled; until then it must not count as unhandled.
      stored.catch(() => undefined);
      last = stored;
      window.push(stored);
      carried = { read: 0, refused: [] };
      return true;
    };
    let pushed = false;
    // A file whose CSV header was not found has no rows: what was read is recorded as an empty batch.
    const blocks =
      columns === null && job.format === 'csv'
        ? []
        : readBlocks(file, {
            start: bytesDone,
            firstLine: linesDone + 1,
            maxLineBytes: HISTORY_IMPORT_MAX_LINE_BYTES,
            maxLines: Math.min(tuning.batchRows, MAX_BATCH_EVENTS),
            maxBytes: BATCH_BYTES,
            // The batches in flight and the one waiting for its turn.
            maxBlocks: concurrency + 1,
          });
    for await (const block of blocks) {
      linesDone = block.firstLine + block.lines - 1;
      bytesDone = block.end;
      pushed = true;
      if (!(await push(block))) {
        // Stopping: the batches in flight still commit, in order.
        await settle();
        return false;
      }
    }
    if (!pushed && (carried.read > 0 || linesDone !== Number(job.lines_done))) {
      if (!(await push({ bytes: Buffer.alloc(0), firstLine: linesDone + 1, lines: 0, tooLong: [], end: bytesDone, release: () => undefined }))) {
        await settle();
        return false;
      }
    }
    return settle();
  }

  /**
   * Stores one batch of lines in one transaction with the job's progress. Its lines are parsed only
   * now, `partRows` events at a time, each part through ingestion's core: a part's events live for its
   * own round trip only (what waits for the database is the batch's bytes, off the heap). Rows ingestion
   * refuses are taken out (each with its line) and the rest of the part sent again; a repeated id is a
   * duplicate, within a part as across parts and batches.
   */
  private async storeBatch(job: ImportJob, block: LineBlock, columns: readonly string[] | null, carried: Carried, previous: Promise<void>): Promise<void> {
    const lookup = await factoryLookup(this.db, job.account_id, job.factory_id);
    if (!lookup) throw new LostJob('factory removed');
    const linesDone = block.firstLine + block.lines - 1;
    const partRows = Math.max(1, Math.min(tuning.partRows, MAX_BATCH_EVENTS));
    await this.db.transaction(async (tx) => {
      // The job's row says how far it got, in this same transaction: a commit lost in a crash is
      // re-stored on resume, so the commit need not wait for the disk.
      if (this.db.kind === 'postgresql') await tx.query('SET LOCAL synchronous_commit = off');
      const refused: Refused = { listed: [], count: 0 };
      const refuse = (errors: HistoryImportError[]): void => {
        errors.sort((a, b) => a.line - b.line);
        refused.count += errors.length;
        for (const error of errors) if (refused.listed.length < HISTORY_IMPORT_MAX_LISTED_ERRORS) refused.listed.push(error);
      };
      refuse(carried.refused);
      const counts = { read: carried.read, stored: 0, duplicates: 0 };
      const unitIds = new Set<string>();
      const rows = new BlockCursor(block);
      for (let done = false; !done; ) {
        const events: Record<string, unknown>[] = [];
        const lines: number[] = [];
        const problems: HistoryImportError[] = [];
        // Ids of the part by event type (a repeated one is a duplicate; validation refuses it in one call).
        const seen = new Map<unknown, Set<string>>();
        done = true;
        let slice = 0;
        while (rows.next()) {
          if (++slice >= PARSE_SLICE_LINES) {
            slice = 0;
            await nextTurn();
          }
          const { line, text } = rows;
          if (text === null) {
            counts.read += 1;
            problems.push(tooLongError(line));
          } else if (text.trim() !== '') {
            counts.read += 1;
            const parsed = job.format === 'csv' ? parseCsvLine(text, columns!) : parseNdjsonLine(text);
            if ('problem' in parsed) problems.push(rowError(line, [parsed.problem]));
            else {
              const { id, type } = parsed.event;
              let ids = seen.get(type);
              if (typeof id === 'string' && ids?.has(id)) counts.duplicates += 1;
              else {
                if (typeof id === 'string') {
                  if (!ids) seen.set(type, (ids = new Set()));
                  ids.add(id);
                }
                events.push(parsed.event);
                lines.push(line);
              }
            }
          }
          if (events.length >= partRows) {
            done = false;
            break;
          }
        }
        if (events.length > 0) {
          const result = await this.storePart(tx, job, lookup, events, lines, problems);
          counts.stored += result.accepted;
          counts.duplicates += result.duplicates;
          if (result.accepted > 0) for (const unit of result.units) unitIds.add(unit);
        }
        refuse(problems);
      }
      // Progress is recorded in file order: after the batch before this one has committed.
      await previous;
      const ok = await recordBatch(
        tx,
        job,
        this.id,
        { bytesDone: block.end, linesDone, read: counts.read, stored: counts.stored, duplicates: counts.duplicates, refused: refused.count, unitIds: [...unitIds] },
        refused.listed,
      );
      if (!ok) throw new LostJob('taken over');
    });
    this.committedLine = linesDone;
  }

  /**
   * One part of a batch through ingestion's core, in the batch's transaction. Ingestion checks every
   * event before it writes anything: the rows it refuses are taken out (into `problems`, with their
   * line) and the others sent again.
   */
  private async storePart(
    tx: Queryable,
    job: ImportJob,
    lookup: FactoryLookup,
    events: Record<string, unknown>[],
    lines: number[],
    problems: HistoryImportError[],
  ): Promise<{ accepted: number; duplicates: number; units: string[] }> {
    let live = events;
    let liveLines = lines;
    for (let attempt = 0; live.length > 0; attempt += 1) {
      const nowMs = Date.now();
      try {
        const result = await ingestEvents(tx, { accountId: job.account_id, factoryId: job.factory_id, configVersion: lookup.version }, live, { now: nowMs, announce: false });
        const units = new Set<string>();
        for (const event of live) {
          const unit = typeof event.unit === 'string' ? lookup.units.get(event.unit) : undefined;
          if (unit !== undefined) units.add(unit);
        }
        return { ...result, units: [...units] };
      } catch (error) {
        if (!(error instanceof ApiError) || error.statusCode !== 400 || attempt > 50) throw error;
        const byIndex = new Map<number, RowProblem[]>();
        for (const item of error.items) {
          const index = item.arguments.index;
          if (typeof index !== 'number' || !live[index]) continue;
          const list = byIndex.get(index) ?? [];
          list.push(rowProblem(item, live[index], nowMs));
          byIndex.set(index, list);
        }
        if (byIndex.size === 0) throw error;
        for (const [index, list] of byIndex) problems.push(rowError(liveLines[index]!, list));
        liveLines = liveLines.filter((_line, index) => !byIndex.has(index));
        live = live.filter((_event, index) => !byIndex.has(index));
      }
    }
    return { accepted: 0, duplicates: 0, units: [] };
  }

  /** The derive phase: each unit that received events, one at a time; false when stopped. */
  private async derive(job: ImportJob): Promise<boolean> {
    for (const unitId of job.unit_ids) {
      if (this.stopping) return false;
      const now = Date.now();
      // Without a window start: everything pending for the unit, the imported span included.
      await ensureFresh(this.db, job.account_id, [unitId], now, now);
      if (!(await heartbeat(this.db, job, this.id))) throw new LostJob('taken over');
    }
    return !this.stopping;
  }
}
