import { randomBytes } from 'node:crypto';
import {
  REPORT_PACKAGES,
  nextReportDelivery,
  reportWarnings,
  type EmailReport,
  type EmailReportInput,
  type ReportDelivery,
  type ReportDeliveryMessage,
  type ReportPackage,
  type ReportOptions,
  type ReportQuota,
} from '@linepulse/contracts';
import { queryOne, type Queryable } from './db.ts';

/** A stored report with what the scheduler and the renderer need beyond the wire shape. */
export interface StoredReport extends EmailReportInput {
  id: string;
  account_id: string;
  user_id: string;
  factory_id: string;
  active: boolean;
  next_due_at: string | null;
  unsubscribe_secret: string;
  created_at: string;
  updated_at: string;
}

const REPORT_COLUMNS = `r.id, r.account_id, r.user_id, r.factory_id, r.title, r.template, r.frequency, r.schedule_type, r.duration, r.time_unit,
  r.recipients, r.production_unit_ids::text[] AS production_unit_ids, r.work_shift_ids::text[] AS work_shift_ids, r.language, r.day, r.time,
  r.timezone, r.active, r.next_due_at, r.unsubscribe_secret, r.created_at, r.updated_at`;

interface ListedRow extends StoredReport {
  last_at: string | null;
  last_status: ReportDelivery['status'] | null;
  last_kind: ReportDelivery['kind'] | null;
}

function toWire(row: ListedRow): EmailReport {
  return {
    id: row.id,
    factory_id: row.factory_id,
    title: row.title,
    template: row.template,
    frequency: row.frequency,
    schedule_type: row.schedule_type,
    duration: row.duration,
    time_unit: row.time_unit,
    recipients: row.recipients,
    production_unit_ids: row.production_unit_ids,
    work_shift_ids: row.work_shift_ids,
    language: row.language,
    day: row.day,
    time: row.time,
    timezone: row.timezone,
    active: row.active,
    next_delivery_at: row.active ? row.next_due_at : null,
    last_delivery: row.last_at && row.last_status && row.last_kind ? { at: row.last_at, status: row.last_status, kind: row.last_kind } : null,
    warnings: reportWarnings(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const LISTED = `SELECT ${REPORT_COLUMNS}, d.created_at AS last_at, d.status AS last_status, d.kind AS last_kind
  FROM email_reports r
  LEFT JOIN LATERAL (SELECT created_at, status, kind FROM email_report_deliveries d
                      WHERE d.account_id = r.account_id AND d.report_id = r.id ORDER BY created_at DESC LIMIT 1) d ON true`;

/** The caller's reports of one factory, by title. */
export async function listReports(q: Queryable, accountId: string, userId: string, factoryId: string): Promise<EmailReport[]> {
  const rows = await q.query<ListedRow>(`${LISTED} WHERE r.account_id = $1 AND r.user_id = $2 AND r.factory_id = $3 ORDER BY lower(r.title), r.created_at`, [
    accountId,
    userId,
    factoryId,
  ]);
  return rows.map(toWire);
}

/** One of the caller's reports, or null (another user's or account's report is as unknown). */
export async function findReport(q: Queryable, accountId: string, userId: string, id: string): Promise<EmailReport | null> {
  const row = await queryOne<ListedRow>(q, `${LISTED} WHERE r.account_id = $1 AND r.user_id = $2 AND r.id = $3`, [accountId, userId, id]);
  return row ? toWire(row) : null;
}

export async function findStoredReport(q: Queryable, accountId: string, id: string): Promise<StoredReport | null> {
  return queryOne<StoredReport>(q, `SELECT ${REPORT_COLUMNS} FROM email_reports r WHERE r.account_id = $1 AND r.id = $2`, [accountId, id]);
}

/**
 * The report of an unsubscribe link, which carries the report's id but not its account (links already
 * sent must keep working): the one lookup by id across accounts, rare (a person's click).
 */
export async function findReportOfLink(q: Queryable, id: string): Promise<StoredReport | null> {
  return queryOne<StoredReport>(q, `/* all accounts: unsubscribe link */ SELECT ${REPORT_COLUMNS} FROM email_reports r WHERE r.id = $1`, [id]);
}

/** Serialises report creation within an account, so two requests cannot both take the last place. */
export async function lockAccountReports(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
}

export async function reportQuota(q: Queryable, accountId: string): Promise<ReportQuota> {
  const row = await queryOne<{ package: ReportPackage; used: number }>(
    q,
    'SELECT a.report_package AS package, (SELECT count(*) FROM email_reports r WHERE r.account_id = $1) AS used FROM accounts a WHERE a.id = $1',
    [accountId],
  );
  const pkg = row?.package ?? 'none';
  return { package: pkg, max: REPORT_PACKAGES[pkg], used: Number(row?.used ?? 0) };
}

function nextDue(input: EmailReportInput, now: number): string {
  return new Date(nextReportDelivery(input, now)).toISOString();
}

export async function insertReport(tx: Queryable, accountId: string, userId: string, factoryId: string, input: EmailReportInput, now = Date.now()): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO email_reports (account_id, user_id, factory_id, title, template, frequency, schedule_type, duration, time_unit, recipients,
       production_unit_ids, work_shift_ids, language, day, time, timezone, next_due_at, unsubscribe_secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid[], $12::uuid[], $13, $14, $15, $16, $17, $18) RETURNING id`,
    [
      accountId, userId, factoryId, input.title, input.template, input.frequency, input.schedule_type, input.duration, input.time_unit,
      input.recipients, input.production_unit_ids, input.work_shift_ids, input.language, input.day, input.time, input.timezone,
      nextDue(input, now), randomBytes(24).toString('hex'),
    ],
  );
  return row!.id;
}

/** Replaces a report's settings; its next delivery follows the new schedule (if active). */
export async function updateReport(tx: Queryable, accountId: string, userId: string, id: string, input: EmailReportInput, now = Date.now()): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE email_reports SET title = $4, template = $5, frequency = $6, schedule_type = $7, duration = $8, time_unit = $9, recipients = $10,
       production_unit_ids = $11::uuid[], work_shift_ids = $12::uuid[], language = $13, day = $14, time = $15, timezone = $16,
       next_due_at = CASE WHEN active THEN $17::timestamptz END, updated_at = now()
     WHERE account_id = $1 AND user_id = $2 AND id = $3 RETURNING id`,
    [
      accountId, userId, id, input.title, input.template, input.frequency, input.schedule_type, input.duration, input.time_unit,
      input.recipients, input.production_unit_ids, input.work_shift_ids, input.language, input.day, input.time, input.timezone,
      nextDue(input, now),
    ],
  );
  return rows.length > 0;
}

/** Turns a report on (next delivery from now) or off (no next delivery). */
export async function setReportActive(q: Queryable, accountId: string, userId: string, id: string, active: boolean, now = Date.now()): Promise<boolean> {
  const report = await queryOne<StoredReport>(q, `SELECT ${REPORT_COLUMNS} FROM email_reports r WHERE r.account_id = $1 AND r.user_id = $2 AND r.id = $3`, [
    accountId,
    userId,
    id,
  ]);
  if (!report) return false;
  await q.query('UPDATE email_reports SET active = $3, next_due_at = $4, updated_at = now() WHERE account_id = $1 AND id = $2', [accountId, id, active, active ? nextDue(report, now) : null]);
  return true;
}

export async function deleteReport(q: Queryable, accountId: string, userId: string, id: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM email_reports WHERE account_id = $1 AND user_id = $2 AND id = $3 RETURNING id', [accountId, userId, id]);
  return rows.length > 0;
}

/** Lines and shifts of a factory of the account, or null when the account has no such factory. */
export async function factoryScope(q: Queryable, accountId: string, factoryId: string): Promise<{ units: Set<string>; shifts: Set<string> } | null> {
  const row = await queryOne<{ units: string[] | null; shifts: string[] | null }>(
    q,
    `SELECT ARRAY(SELECT id::text FROM production_units WHERE account_id = f.account_id AND factory_id = f.id) AS units,
            ARRAY(SELECT id::text FROM work_shifts WHERE account_id = f.account_id AND factory_id = f.id) AS shifts
       FROM factories f WHERE f.account_id = $1 AND f.id = $2`,
    [accountId, factoryId],
  );
  return row ? { units: new Set(row.units ?? []), shifts: new Set(row.shifts ?? []) } : null;
}

const DELIVERY_COLUMNS = `id, report_id, kind, due_at, status, attempts, recipients, skipped_to AS skipped_recipients, window_start, window_end, subject,
  smtp_response, sent_at, next_attempt_at, created_at`;

export async function listDeliveries(q: Queryable, accountId: string, reportId: string, limit = 50): Promise<ReportDelivery[]> {
  return q.query<ReportDelivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM email_report_deliveries WHERE account_id = $1 AND report_id = $2 ORDER BY created_at DESC LIMIT $3`,
    [accountId, reportId, limit],
  );
}

export async function findDelivery(q: Queryable, accountId: string, reportId: string, id: string): Promise<ReportDeliveryMessage | null> {
  return queryOne<ReportDeliveryMessage>(
    q,
    `SELECT ${DELIVERY_COLUMNS}, html, text_body AS text, raw_message AS raw FROM email_report_deliveries WHERE account_id = $1 AND report_id = $2 AND id = $3`,
    [accountId, reportId, id],
  );
}

/** Removes one address from a report (its unsubscribe link); a report left without recipients stops. */
export async function unsubscribeRecipient(q: Queryable, accountId: string, reportId: string, address: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `UPDATE email_reports SET recipients = array_remove(recipients, $3),
            active = active AND cardinality(array_remove(recipients, $3)) > 0,
            next_due_at = CASE WHEN cardinality(array_remove(recipients, $3)) > 0 THEN next_due_at END, updated_at = now()
      WHERE account_id = $1 AND id = $2 AND $3 = ANY(recipients) RETURNING id`,
    [accountId, reportId, address],
  );
  return rows.length > 0;
}

/** Lines and shifts of a factory of the account with their ids, in configuration order (the report form's choices). */
export async function reportOptions(q: Queryable, accountId: string, factoryId: string): Promise<ReportOptions> {
  const [units, shifts] = await Promise.all([
    q.query<{ id: string; name: string }>('SELECT id, name FROM production_units WHERE account_id = $1 AND factory_id = $2 ORDER BY sort_order, name, id', [accountId, factoryId]),
    q.query<{ id: string; name: string }>('SELECT id, name FROM work_shifts WHERE account_id = $1 AND factory_id = $2 ORDER BY sort_order, start_local, id', [accountId, factoryId]),
  ]);
  return { production_units: units, work_shifts: shifts };
}
