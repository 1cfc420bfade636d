/**
 * Downtime justification by the people on the line (issue 25, docs/decisions/0050-downtime-justification.md):
 * the downtimes of a factory's lines with the machine's reasons, the person's parts, the comment and the
 * audit list; and one change at a time (justify, split, comment, undo), kept as a snapshot, turned into
 * justification rows the engine lets win, marked for re-derivation and announced to the live screens.
 */
import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  JUSTIFICATION_COMMENT_MAX,
  JUSTIFICATION_LIST_MAX,
  mayJustify,
  textProblem,
  type DowntimeReasonRef,
  type DowntimeRow,
  type JustifiableDowntime,
  type JustificationChange,
  type JustificationList,
  type JustificationPart,
  type JustificationRequest,
  type UserClaims,
} from '@linepulse/contracts';
import { unitsWritten } from '../analytics/answer-generations.ts';
import { downtimeList } from '../analytics/downtime-list.ts';
import type { Db, Queryable } from '../db/db.ts';
import { apiError } from '../errors.ts';
import { announceChange } from '../live/live-events.ts';

/** A part given "until the downtime ends" of a line still stopped is stored this far ahead (the engine clips it to its downtime). */
const OPEN_PART_DAYS = 7;
const DAY = 86_400_000;

/** A part as a change stores it. */
interface StoredPart {
  from: string;
  to: string | null;
  reason_id: string;
}

interface ChangeRow {
  id: string;
  production_unit_id: string;
  downtime_start: string;
  action: JustificationChange['action'];
  parts: StoredPart[];
  comment: string | null;
  user_name: string;
  undone_by: string | null;
  created_at: string;
}

const iso = (t: number | string): string => new Date(t).toISOString();
const downtimeKey = (unitId: string, start: number | string): string => `${unitId}:${iso(start)}`;

async function factoryReasons(db: Queryable, accountId: string, factoryId: string): Promise<DowntimeReasonRef[]> {
  return db.query<DowntimeReasonRef>(
    'SELECT id, name, category, is_planned FROM downtime_reasons WHERE account_id = $1 AND factory_id = $2 ORDER BY category, name',
    [accountId, factoryId],
  );
}

/** The factory's units, checked: every id asked must be one of them (404 otherwise). */
async function factoryUnits(db: Queryable, accountId: string, factoryId: string, asked: readonly string[] | null): Promise<{ id: string; name: string }[]> {
  const units = await db.query<{ id: string; name: string }>('SELECT id, name FROM production_units WHERE account_id = $1 AND factory_id = $2 ORDER BY sort_order, name', [
    accountId,
    factoryId,
  ]);
  if (!asked) return units;
  const missing = asked.find((id) => !units.some((u) => u.id === id));
  if (missing) throw apiError(404, ERROR_CODES.analyticsUnitNotFound, 'Production unit not found in this factory.', { id: missing });
  return units.filter((u) => asked.includes(u.id));
}

/** The changes of these downtimes, newest first, by downtime key. */
async function changesOf(db: Queryable, accountId: string, downtimes: readonly { unit: string; start: string }[]): Promise<Map<string, ChangeRow[]>> {
  const out = new Map<string, ChangeRow[]>();
  if (downtimes.length === 0) return out;
  const rows = await db.query<ChangeRow>(
    `SELECT c.id, c.production_unit_id, c.downtime_start, c.action, c.parts, c.comment, c.user_name, c.undone_by, c.created_at
       FROM justification_changes c
       JOIN unnest($2::uuid[], $3::timestamptz[]) AS d(unit, start) ON c.production_unit_id = d.unit AND c.downtime_start = d.start
      WHERE c.account_id = $1
      ORDER BY c.created_at DESC, c.id`,
    [accountId, downtimes.map((d) => d.unit), downtimes.map((d) => d.start)],
  );
  for (const row of rows) {
    const key = downtimeKey(row.production_unit_id, row.downtime_start);
    out.set(key, [...(out.get(key) ?? []), row]);
  }
  return out;
}

/** The machine's reasons of each downtime (their justification rows overlapping it), by downtime key. */
async function machineReasonsOf(db: Queryable, accountId: string, downtimes: readonly DowntimeRow[], now: number): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (downtimes.length === 0) return out;
  const rows = await db.query<{ unit: string; start: string; reasons: string[] }>(
    `SELECT d.unit, d.start, array_agg(DISTINCT j.downtime_reason_id) AS reasons
       FROM unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS d(unit, start, stop)
       JOIN downtime_justifications j ON j.account_id = $1 AND j.production_unit_id = d.unit AND j.person_downtime_start IS NULL
                                     AND j.from_at < d.stop AND j.to_at > d.start
      GROUP BY d.unit, d.start`,
    [accountId, downtimes.map((d) => d.production_unit_id), downtimes.map((d) => iso(d.start_time)), downtimes.map((d) => iso(d.end_time ?? now))],
  );
  for (const row of rows) out.set(downtimeKey(row.unit, row.start), row.reasons);
  return out;
}

function partsView(parts: readonly StoredPart[], reasons: ReadonlyMap<string, DowntimeReasonRef>): JustificationPart[] {
  return parts.flatMap((p) => {
    const reason = reasons.get(p.reason_id);
    // A reason removed from the configuration since (its rows went with it): the part is not shown.
    return reason ? [{ from: iso(p.from), to: p.to === null ? null : iso(p.to), reason }] : [];
  });
}

/** The page's view of downtimes: each with the machine's reasons, the person's parts, comment and changes. */
async function views(db: Queryable, accountId: string, rows: readonly DowntimeRow[], reasons: readonly DowntimeReasonRef[], now: number): Promise<JustifiableDowntime[]> {
  const byId = new Map(reasons.map((r) => [r.id, r]));
  const [changes, machine] = await Promise.all([
    changesOf(db, accountId, rows.map((r) => ({ unit: r.production_unit_id, start: iso(r.start_time) }))),
    machineReasonsOf(db, accountId, rows, now),
  ]);
  return rows.map((row) => {
    const key = downtimeKey(row.production_unit_id, row.start_time);
    const list = changes.get(key) ?? [];
    const current = list[0];
    const end = row.end_time === null ? now : Date.parse(row.end_time);
    return {
      id: key,
      production_unit_id: row.production_unit_id,
      production_unit_name: row.production_unit_name,
      start_time: row.start_time,
      end_time: row.end_time,
      duration_ms: Math.max(0, end - Date.parse(row.start_time)),
      justification_type: row.justification_type,
      machine_reasons: (machine.get(key) ?? []).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      parts: current ? partsView(current.parts, byId) : [],
      comment: current?.comment ?? null,
      changes: list.map((c) => ({
        id: c.id,
        action: c.action,
        parts: partsView(c.parts, byId),
        comment: c.comment,
        user_name: c.user_name,
        at: iso(c.created_at),
        undone: c.undone_by !== null,
      })),
    };
  });
}

/** The downtimes of the last `hours` of some lines of a factory, newest first (GET …/justifications). */
export async function listJustifiable(db: Db, accountId: string, factoryId: string, unitIds: readonly string[] | null, hours: number, now = Date.now()): Promise<JustificationList> {
  const units = await factoryUnits(db, accountId, factoryId, unitIds);
  const reasons = await factoryReasons(db, accountId, factoryId);
  if (units.length === 0) return { downtimes: [], reasons };
  const list = await downtimeList(
    db,
    accountId,
    { start: iso(now - hours * 3_600_000), end: iso(now + 60_000), production_unit_ids: units.map((u) => u.id), sort: { by: 'start', direction: 'desc' }, limit: JUSTIFICATION_LIST_MAX },
    now,
  );
  return { downtimes: await views(db, accountId, list.items, reasons, now), reasons };
}

/** The downtime of `unitId` starting at `start` (its row of the downtime list), or 404. */
async function findDowntime(db: Db, accountId: string, unitId: string, start: number, now: number): Promise<DowntimeRow> {
  const list = await downtimeList(db, accountId, { start: iso(start - 1000), end: iso(Math.max(start + 1000, now + 60_000)), production_unit_ids: [unitId], sort: { by: 'start', direction: 'asc' }, limit: 50 }, now);
  const row = list.items.find((r) => Date.parse(r.start_time) === start);
  if (!row) {
    throw apiError(404, ERROR_CODES.justificationDowntimeNotFound, 'No downtime of this line starts at that instant.', { production_unit_id: unitId, downtime_start: iso(start) });
  }
  return row;
}

const invalid = (field: string, message: string) => apiError(400, ERROR_CODES.justificationInvalid, message, { field });

/** The person's parts after a justify or split, from the current ones (none: the whole downtime as one part). */
function nextParts(request: JustificationRequest, current: readonly StoredPart[], start: number, end: number): StoredPart[] {
  if (request.action === 'justify') {
    if (!request.reason_id) throw invalid('reason_id', 'A justification needs reason_id.');
    if (request.part_index === undefined) return [{ from: iso(start), to: null, reason_id: request.reason_id }];
    if (request.part_index >= current.length) throw invalid('part_index', 'There is no such part of this downtime.');
    return current.map((p, i) => (i === request.part_index ? { ...p, reason_id: request.reason_id! } : p));
  }
  // split
  if (!request.at) throw invalid('at', 'A split needs the instant `at`.');
  if (!request.reason_ids) throw invalid('reason_ids', 'A split needs the two reasons `reason_ids`.');
  const at = Date.parse(request.at);
  if (!(at > start && at < end)) throw invalid('at', 'The instant of a split must be inside the downtime.');
  const parts = current.length > 0 ? current : [{ from: iso(start), to: null, reason_id: request.reason_ids[0] }];
  const index = parts.findIndex((p) => Date.parse(p.from) < at && (p.to === null ? end : Date.parse(p.to)) > at);
  if (index < 0) throw invalid('at', 'The instant of a split must be inside a part, not on its edge.');
  const part = parts[index]!;
  return [...parts.slice(0, index), { from: part.from, to: iso(at), reason_id: request.reason_ids[0] }, { from: iso(at), to: part.to, reason_id: request.reason_ids[1] }, ...parts.slice(index + 1)];
}

/** A comment as stored: trimmed, null when empty; 400 when too long or with control characters. */
function cleanComment(comment: string | undefined): string | null {
  const text = (comment ?? '').trim();
  if (text.length > JUSTIFICATION_COMMENT_MAX || (text !== '' && textProblem(text) !== null)) {
    throw apiError(400, ERROR_CODES.justificationCommentInvalid, `A comment has at most ${JUSTIFICATION_COMMENT_MAX} characters, without control characters.`, { max: JUSTIFICATION_COMMENT_MAX });
  }
  return text === '' ? null : text;
}

export interface ChangeOptions {
  /** The client's Idempotency-Key header. */
  idempotencyKey?: string;
  now?: number;
}

/** One change of a downtime's justification (POST …/justifications); answers the downtime as it now is. */
export async function changeJustification(db: Db, user: UserClaims, factoryId: string, request: JustificationRequest, options: ChangeOptions = {}): Promise<JustifiableDowntime> {
  if (!mayJustify(user)) throw apiError(403, ERROR_CODES.justificationRoleForbidden, 'The display role shows downtimes; it does not justify them.');
  const now = options.now ?? Date.now();
  const accountId = user.account_id;
  const unitId = request.production_unit_id;
  const start = Date.parse(request.downtime_start);
  await factoryUnits(db, accountId, factoryId, [unitId]);
  const reasons = await factoryReasons(db, accountId, factoryId);
  const view = async (): Promise<JustifiableDowntime> => (await views(db, accountId, [await findDowntime(db, accountId, unitId, start, Date.now())], reasons, Date.now()))[0]!;

  if (options.idempotencyKey) {
    const [seen] = await db.query<{ production_unit_id: string; downtime_start: string }>(
      'SELECT production_unit_id, downtime_start FROM justification_changes WHERE account_id = $1 AND idempotency_key = $2',
      [accountId, options.idempotencyKey],
    );
    if (seen) {
      if (seen.production_unit_id !== unitId || Date.parse(seen.downtime_start) !== start) {
        throw apiError(409, ERROR_CODES.justificationKeyReused, 'This Idempotency-Key was used for another downtime.');
      }
      return view();
    }
  }
  const asked = [request.reason_id, ...(request.reason_ids ?? [])].filter((id): id is string => !!id);
  const unknown = asked.find((id) => !reasons.some((r) => r.id === id));
  if (unknown) throw apiError(404, ERROR_CODES.justificationReasonNotFound, 'Downtime reason not found in this factory.', { id: unknown });
  const comment = request.action === 'comment' ? cleanComment(request.comment) : undefined;
  const downtime = await findDowntime(db, accountId, unitId, start, now);
  const end = downtime.end_time === null ? null : Date.parse(downtime.end_time);

  await db.transaction(async (tx) => {
    // One change of a downtime at a time (two supervisors at once: one after the other).
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`justification:${accountId}:${downtimeKey(unitId, start)}`]);
    const history = await tx.query<ChangeRow & { action: string }>(
      `SELECT id, action, parts, comment, undone_by, created_at FROM justification_changes
        WHERE account_id = $1 AND production_unit_id = $2 AND downtime_start = $3 ORDER BY created_at DESC, id`,
      [accountId, unitId, iso(start)],
    );
    const current = history[0];
    let parts: StoredPart[] = current?.parts ?? [];
    let text: string | null = current?.comment ?? null;
    let undoes: string | null = null;
    if (request.action === 'undo') {
      const target = history.find((c) => c.action !== 'undo' && c.undone_by === null);
      if (!target) throw apiError(409, ERROR_CODES.justificationNothingToUndo, 'There is no change of this downtime left to undo.');
      const before = history[history.indexOf(target) + 1];
      parts = before?.parts ?? [];
      text = before?.comment ?? null;
      undoes = target.id;
    } else if (request.action === 'comment') {
      text = comment ?? null;
    } else {
      parts = nextParts(request, parts, start, end ?? now);
    }
    const id = randomUUID();
    await tx.query(
      `INSERT INTO justification_changes (id, account_id, factory_id, production_unit_id, downtime_start, action, parts, comment, user_id, user_name, undoes, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12)`,
      [id, accountId, factoryId, unitId, iso(start), request.action, JSON.stringify(parts), text, user.user_id, user.display_name || user.email, undoes, options.idempotencyKey ?? null],
    );
    if (undoes) await tx.query('UPDATE justification_changes SET undone_by = $2 WHERE account_id = $1 AND id = $3', [accountId, id, undoes]);
    if (request.action === 'comment') return;
    // The person's rows of this downtime, as the new snapshot says.
    await tx.query('DELETE FROM downtime_justifications WHERE account_id = $1 AND production_unit_id = $2 AND person_downtime_start = $3', [accountId, unitId, iso(start)]);
    if (parts.length > 0) {
      const openEnd = end ?? now + OPEN_PART_DAYS * DAY;
      await tx.query(
        `INSERT INTO downtime_justifications (account_id, factory_id, production_unit_id, event_id, from_at, to_at, downtime_reason_id, person_downtime_start)
         SELECT $1, $2, $3, t.e, t.f, t.t, t.r, $4 FROM unnest($5::text[], $6::timestamptz[], $7::timestamptz[], $8::uuid[]) AS t(e, f, t, r)`,
        [
          accountId,
          factoryId,
          unitId,
          iso(start),
          parts.map((_p, i) => `person:${id}:${i}`),
          parts.map((p) => p.from),
          parts.map((p) => p.to ?? iso(openEnd)),
          parts.map((p) => p.reason_id),
        ],
      );
    }
    // Re-derived from the downtime's start, as an ingested justification would be; the screens hear of it.
    await tx.query(`INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at) VALUES ($1, $2, $3, $4, now() + interval '1 day')`, [
      accountId,
      factoryId,
      unitId,
      iso(start),
    ]);
    await announceChange(tx, accountId, factoryId, ['justification'], [unitId]);
  });
  // Committed: answers kept for this unit are not used again.
  unitsWritten(accountId, [unitId]);
  return view();
}

