import {
  HISTORY_IMPORT_MAX_LISTED_ERRORS,
  type HistoryImport,
  type HistoryImportDetail,
  type HistoryImportError,
  type HistoryImportFormat,
  type HistoryImportPhase,
} from '@linepulse/contracts';
import { queryOne, type Queryable } from '../db/db.ts';

/** A job row as the runner reads it. */
export interface ImportJob {
  id: string;
  account_id: string;
  factory_id: string;
  format: HistoryImportFormat;
  file_name: string | null;
  phase: HistoryImportPhase;
  bytes_total: number;
  bytes_done: number;
  lines_done: number;
  rows_read: number;
  rows_stored: number;
  rows_duplicate: number;
  rows_refused: number;
  csv_columns: string[] | null;
  unit_ids: string[];
  units_total: number;
  failure: { code: string; arguments: Record<string, string | number>; message: string } | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

const COLUMNS = `id, account_id, factory_id, format, file_name, phase, bytes_total, bytes_done, lines_done, rows_read, rows_stored,
  rows_duplicate, rows_refused, csv_columns, unit_ids, units_total, failure, created_at, updated_at, finished_at`;

export async function createJob(
  q: Queryable,
  job: { accountId: string; factoryId: string; format: HistoryImportFormat; fileName: string | null; createdBy: string | null; runner: string },
): Promise<ImportJob> {
  const [row] = await q.query<ImportJob>(
    `INSERT INTO history_imports (account_id, factory_id, format, file_name, phase, created_by, runner, heartbeat_at)
     VALUES ($1, $2, $3, $4, 'upload', $5, $6, now()) RETURNING ${COLUMNS}`,
    [job.accountId, job.factoryId, job.format, job.fileName, job.createdBy, job.runner],
  );
  return row!;
}

export async function readJob(q: Queryable, accountId: string, factoryId: string, id: string): Promise<ImportJob | null> {
  return queryOne<ImportJob>(q, `SELECT ${COLUMNS} FROM history_imports WHERE account_id = $1 AND factory_id = $2 AND id = $3`, [accountId, factoryId, id]);
}

export async function listJobs(q: Queryable, accountId: string, factoryId: string, limit: number): Promise<ImportJob[]> {
  return q.query<ImportJob>(
    `SELECT ${COLUMNS} FROM history_imports WHERE account_id = $1 AND factory_id = $2 ORDER BY created_at DESC, id LIMIT $3`,
    [accountId, factoryId, limit],
  );
}

/** The upload ended: the file's size is known and the job waits for a runner (this one holds it). */
export async function uploadFinished(q: Queryable, job: ImportJob, bytes: number): Promise<void> {
  await q.query(
    `UPDATE history_imports SET phase = 'store', bytes_total = $3, updated_at = now(), heartbeat_at = now()
      WHERE account_id = $1 AND id = $2`,
    [job.account_id, job.id, bytes],
  );
}

export async function failJob(q: Queryable, accountId: string, id: string, failure: NonNullable<ImportJob['failure']>, bytes?: number): Promise<void> {
  await q.query(
    `UPDATE history_imports SET phase = 'failed', failure = $3::jsonb, bytes_total = coalesce($4, bytes_total),
            updated_at = now(), finished_at = now(), runner = NULL
      WHERE account_id = $1 AND id = $2`,
    [accountId, id, JSON.stringify(failure), bytes ?? null],
  );
}

/**
 * Takes an unfinished job for this runner: one nobody holds, or whose runner has not said anything for
 * `staleSeconds` (a stopped instance). Jobs whose upload never ended are failed (the client must send
 * the file again). Returns the jobs taken.
 */
export async function claimJobs(q: Queryable, runner: string, staleSeconds: number): Promise<ImportJob[]> {
  await q.query(
    `/* all accounts: history import takeover */ UPDATE history_imports
        SET phase = 'failed', finished_at = now(), updated_at = now(), runner = NULL,
            failure = jsonb_build_object('code', 'IMP_UPLOAD_INCOMPLETE', 'arguments', jsonb_build_object('bytes', bytes_total),
                                         'message', 'The upload stopped before the end of the file: send the file again.')
      WHERE phase = 'upload' AND (runner IS NULL OR heartbeat_at < now() - make_interval(secs => $1))`,
    [staleSeconds],
  );
  return q.query<ImportJob>(
    `/* all accounts: history import takeover */ UPDATE history_imports SET runner = $1, heartbeat_at = now()
      WHERE phase IN ('store', 'derive') AND (runner IS NULL OR heartbeat_at < now() - make_interval(secs => $2))
      RETURNING ${COLUMNS}`,
    [runner, staleSeconds],
  );
}

/** Lets other instances take the job (this one stops). */
export async function releaseJob(q: Queryable, accountId: string, id: string, runner: string): Promise<void> {
  await q.query(`UPDATE history_imports SET runner = NULL WHERE account_id = $1 AND id = $2 AND runner = $3`, [accountId, id, runner]);
}

export interface BatchProgress {
  bytesDone: number;
  linesDone: number;
  read: number;
  stored: number;
  duplicates: number;
  refused: number;
  unitIds: readonly string[];
}

/**
 * Records a committed batch (called in the batch's own transaction, so the counts and the restart
 * point move with the stored events): false when another runner has taken the job meanwhile.
 */
export async function recordBatch(q: Queryable, job: ImportJob, runner: string, progress: BatchProgress, errors: readonly HistoryImportError[]): Promise<boolean> {
  const rows = await q.query<{ rows_refused: number }>(
    `UPDATE history_imports
        SET bytes_done = $4, lines_done = $5, rows_read = rows_read + $6, rows_stored = rows_stored + $7,
            rows_duplicate = rows_duplicate + $8, rows_refused = rows_refused + $9,
            unit_ids = ARRAY(SELECT DISTINCT u FROM unnest(unit_ids || $10::uuid[]) AS u),
            updated_at = now(), heartbeat_at = now()
      WHERE account_id = $1 AND id = $2 AND runner = $3
      RETURNING rows_refused - $9 AS rows_refused`,
    [job.account_id, job.id, runner, progress.bytesDone, progress.linesDone, progress.read, progress.stored, progress.duplicates, progress.refused, progress.unitIds],
  );
  if (rows.length === 0) return false;
  // The first HISTORY_IMPORT_MAX_LISTED_ERRORS refused rows are kept, the others only counted.
  const room = HISTORY_IMPORT_MAX_LISTED_ERRORS - Number(rows[0]!.rows_refused);
  const kept = room > 0 ? errors.slice(0, room) : [];
  if (kept.length > 0) {
    await q.query(
      `INSERT INTO history_import_errors (account_id, import_id, line, seq, code, field, arguments, message)
       SELECT $1::uuid, $2::uuid, t.line, t.seq, t.code, t.field, t.args::jsonb, t.message
         FROM unnest($3::bigint[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(line, seq, code, field, args, message)
       ON CONFLICT DO NOTHING`,
      [
        job.account_id,
        job.id,
        kept.map((e) => e.line),
        kept.map((_e, i) => i),
        kept.map((e) => e.code),
        kept.map((e) => e.field),
        kept.map((e) => JSON.stringify(e.arguments)),
        kept.map((e) => e.message),
      ],
    );
  }
  return true;
}

/** Records the CSV header once read. */
export async function recordCsvColumns(q: Queryable, job: ImportJob, columns: readonly string[]): Promise<void> {
  await q.query(`UPDATE history_imports SET csv_columns = $3 WHERE account_id = $1 AND id = $2`, [job.account_id, job.id, columns]);
}

export async function enterDerive(q: Queryable, job: ImportJob, runner: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE history_imports SET phase = 'derive', units_total = cardinality(unit_ids), updated_at = now(), heartbeat_at = now()
      WHERE account_id = $1 AND id = $2 AND runner = $3 RETURNING id`,
    [job.account_id, job.id, runner],
  );
  return rows.length > 0;
}

export async function heartbeat(q: Queryable, job: ImportJob, runner: string): Promise<boolean> {
  const rows = await q.query(`UPDATE history_imports SET heartbeat_at = now(), updated_at = now() WHERE account_id = $1 AND id = $2 AND runner = $3 RETURNING id`, [
    job.account_id,
    job.id,
    runner,
  ]);
  return rows.length > 0;
}

export async function finishJob(q: Queryable, job: ImportJob, runner: string): Promise<void> {
  await q.query(
    `UPDATE history_imports SET phase = 'done', updated_at = now(), finished_at = now(), runner = NULL
      WHERE account_id = $1 AND id = $2 AND runner = $3`,
    [job.account_id, job.id, runner],
  );
}

/** Units of the job that still have rows in rollup_dirty (their figures wait for derivation). */
export async function pendingUnits(q: Queryable, accountId: string, unitIds: readonly string[]): Promise<number> {
  if (unitIds.length === 0) return 0;
  const row = await queryOne<{ n: number }>(
    q,
    `SELECT count(*) AS n FROM unnest($2::uuid[]) AS u(id)
      WHERE EXISTS (SELECT 1 FROM rollup_dirty d WHERE d.account_id = $1 AND d.production_unit_id = u.id)`,
    [accountId, unitIds],
  );
  return Number(row?.n ?? 0);
}

export async function jobErrors(q: Queryable, job: ImportJob): Promise<HistoryImportError[]> {
  const rows = await q.query<{ line: number; code: string; field: string | null; arguments: Record<string, string | number>; message: string }>(
    `SELECT line, code, field, arguments, message FROM history_import_errors WHERE account_id = $1 AND import_id = $2 ORDER BY line, seq LIMIT $3`,
    [job.account_id, job.id, HISTORY_IMPORT_MAX_LISTED_ERRORS],
  );
  return rows.map((r) => ({ line: Number(r.line), code: r.code, field: r.field, arguments: r.arguments, message: r.message }));
}

/** The job as answered. */
export async function jobView(q: Queryable, job: ImportJob): Promise<HistoryImport> {
  const pending = job.phase === 'derive' ? await pendingUnits(q, job.account_id, job.unit_ids) : 0;
  return {
    id: job.id,
    factory_id: job.factory_id,
    format: job.format,
    file_name: job.file_name,
    phase: job.phase,
    bytes_total: Number(job.bytes_total),
    bytes_read: Number(job.bytes_done),
    rows_read: Number(job.rows_read),
    rows_stored: Number(job.rows_stored),
    rows_duplicate: Number(job.rows_duplicate),
    rows_refused: Number(job.rows_refused),
    units_total: job.phase === 'derive' || job.phase === 'done' ? Number(job.units_total) : job.unit_ids.length,
    units_pending: pending,
    failure: job.failure,
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at,
  };
}

export async function jobDetail(q: Queryable, job: ImportJob): Promise<HistoryImportDetail> {
  const errors = await jobErrors(q, job);
  const view = await jobView(q, job);
  return { ...view, errors, errors_omitted: Math.max(0, view.rows_refused - errors.length) };
}
