/**
 * Stored derivation: rebuilds a unit's slices, reason slices, downtimes and day rollups over a range,
 * processes rollup_dirty, and catches units up with time. Every rebuild of a unit runs in one
 * transaction holding a per-unit advisory lock, so two instances never derive the same unit at once.
 */
import { DateTime } from 'luxon';
import type { Db, Queryable } from '../db/db.ts';
import { productionDayOf } from '@linepulse/contracts';
import { ceilHour, floorHour, HOUR_MS, type Derived } from './derive.ts';
import { deriveSpan, loadUnitContexts, markBounds, originOf, type UnitContext } from './facts.ts';

/** Advisory-lock class for per-unit rollup work ("LPRU"). */
export const ROLLUP_LOCK_CLASS = 0x4c505255 & 0x7fffffff;

const DAY_MS = 86_400_000;
const iso = (t: number): string => new Date(t).toISOString();
const ms = (s: string): number => Date.parse(s);
const utcDayFloor = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;
const utcDayCeil = (t: number): number => Math.ceil(t / DAY_MS) * DAY_MS;

/** Number of values per hour in a pack of rollup_unit_hour_packs (the order of HOUR_PACK). */
export const HOUR_PACK_WIDTH = 10;
/** One UTC day of a unit's hour rows as text (migration 010 writes the same expression). */
const HOUR_PACK = `string_agg(concat_ws(',', (extract(epoch FROM hour_start) * 1000)::bigint, calendar_ms, scheduled_ms, planned_ms, unplanned_ms,
  unjustified_ms, good, rejected, ideal_ms, occurrences), ',' ORDER BY hour_start)`;

async function lockUnit(tx: Queryable, unitId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', [ROLLUP_LOCK_CLASS, unitId]);
}

/** Column types of the rows writeDerived stores, in the order of the arrays derivedColumns makes. */
const SLICE_TYPES = ['timestamptz', 'timestamptz', 'date', 'timestamptz', 'uuid', 'uuid', 'boolean', 'bigint', 'bigint', 'bigint', 'bigint', 'bigint', 'bigint', 'bigint', 'float8', 'int'];
const SLICE_COLUMNS = 'slice_start, slice_end, production_day, hour_start, work_shift_id, product_id, scheduled, calendar_ms, scheduled_ms, planned_ms, unplanned_ms, unjustified_ms, good, rejected, ideal_ms, occurrences';
const REASON_TYPES = ['timestamptz', 'timestamptz', 'date', 'uuid', 'uuid', 'uuid', 'bigint'];
const REASON_COLUMNS = 'slice_start, slice_end, production_day, work_shift_id, product_id, downtime_reason_id, duration_ms';
const DOWNTIME_TYPES = ['timestamptz', 'timestamptz', 'boolean', 'date', 'boolean', 'uuid', 'uuid', 'bigint', 'bigint', 'bigint', 'bigint', 'text', 'jsonb'];
const DOWNTIME_COLUMNS = 'start_at, end_at, is_open, production_day, in_schedule, work_shift_id, product_id, scheduled_ms, planned_ms, unplanned_ms, unjustified_ms, justification_type, reasons';

/** `unnest($n::type[], …)` over consecutive parameters from `first`. */
const unnestOf = (types: readonly string[], first: number): string => `unnest(${types.map((t, i) => `$${first + i}::${t}[]`).join(', ')})`;
/** `(o.a, o.b, …)`: a row of the named columns of `alias`, for comparing whole rows. */
const rowOf = (alias: string, columns: string): string => `(${columns.split(', ').map((c) => `${alias}.${c}`).join(', ')})`;

interface DerivedColumns {
  slices: unknown[][];
  reasons: unknown[][];
  downtimes: unknown[][];
}

/** The rows `d` stores, as one array per column (SLICE_TYPES, REASON_TYPES, DOWNTIME_TYPES). */
function derivedColumns(d: Derived): DerivedColumns {
  const reasons = d.slices.flatMap((s) => [...s.reasons].map(([reasonId, duration]) => ({ s, reasonId, duration })));
  return {
    slices: [
      d.slices.map((s) => iso(s.start)), d.slices.map((s) => iso(s.end)), d.slices.map((s) => s.productionDay), d.slices.map((s) => iso(s.hourStart)),
      d.slices.map((s) => s.shiftId), d.slices.map((s) => s.productId), d.slices.map((s) => s.scheduled),
      d.slices.map((s) => s.calendar_ms), d.slices.map((s) => s.scheduled_ms), d.slices.map((s) => s.planned_ms), d.slices.map((s) => s.unplanned_ms),
      d.slices.map((s) => s.unjustified_ms), d.slices.map((s) => s.good), d.slices.map((s) => s.rejected), d.slices.map((s) => s.ideal_ms), d.slices.map((s) => s.occurrences),
    ],
    reasons: [
      reasons.map((r) => iso(r.s.start)), reasons.map((r) => iso(r.s.end)), reasons.map((r) => r.s.productionDay), reasons.map((r) => r.s.shiftId),
      reasons.map((r) => r.s.productId), reasons.map((r) => r.reasonId), reasons.map((r) => r.duration),
    ],
    downtimes: [
      d.downtimes.map((x) => iso(x.start)), d.downtimes.map((x) => iso(x.end)), d.downtimes.map((x) => x.open), d.downtimes.map((x) => x.productionDay),
      d.downtimes.map((x) => x.inSchedule), d.downtimes.map((x) => x.shiftId), d.downtimes.map((x) => x.productId), d.downtimes.map((x) => x.scheduled_ms),
      d.downtimes.map((x) => x.planned_ms), d.downtimes.map((x) => x.unplanned_ms), d.downtimes.map((x) => x.unjustified_ms), d.downtimes.map((x) => x.justificationType),
      d.downtimes.map((x) => JSON.stringify(Object.fromEntries(x.reasons))),
    ],
  };
}

/**
 * Whether the store already holds exactly these rows over [from, to) (downtimes from
 * `downtimesFrom`): the same number of slices, reason slices and downtimes there, and each new row
 * found by its key with the same values. The hour, day and pack rows are sums of the slices, so they
 * are then unchanged too. A read re-deriving its window while a history import marks it again and
 * again (each batch reaches to now) finds the same rows nearly every time: rewriting them cost the
 * primary its WAL, index entries and dead rows, and the replica their replay, for nothing
 * (decision 59). The counts and a few sums go first, without the rows: a first rebuild (nothing
 * stored) or a change of figures costs one small query.
 */
async function storedAlready(tx: Queryable, ctx: UnitContext, from: number, to: number, downtimesFrom: number, d: Derived, cols: DerivedColumns): Promise<boolean> {
  const [stored] = await tx.query<{ slices: number; slice_total: string; slice_ideal: number; reasons: number; reason_total: string; downtimes: number; downtime_total: string }>(
    `SELECT s.n AS slices, s.total::text AS slice_total, s.ideal AS slice_ideal, r.n AS reasons, r.total::text AS reason_total, d.n AS downtimes, d.total::text AS downtime_total
       FROM (SELECT count(*)::int AS n, coalesce(sum(calendar_ms + scheduled_ms + planned_ms + unplanned_ms + unjustified_ms + good + rejected + occurrences), 0) AS total,
                    coalesce(sum(ideal_ms), 0)::float8 AS ideal
               FROM rollup_slices WHERE account_id = $1 AND production_unit_id = $2 AND slice_start >= $3 AND slice_start < $4) s,
            (SELECT count(*)::int AS n, coalesce(sum(duration_ms), 0) AS total
               FROM rollup_reason_slices WHERE account_id = $1 AND production_unit_id = $2 AND slice_start >= $3 AND slice_start < $4) r,
            (SELECT count(*)::int AS n, coalesce(sum(scheduled_ms + planned_ms + unplanned_ms + unjustified_ms), 0) AS total
               FROM derived_downtimes WHERE account_id = $1 AND production_unit_id = $2 AND start_at >= $5 AND start_at < $4) d`,
    [ctx.accountId, ctx.unitId, iso(from), iso(to), iso(Math.min(from, downtimesFrom))],
  );
  // The same counts and sums of the new rows (integers: exact; the ideal time, a float summed in
  // another order, within a rounding margin): any difference means a rewrite, without comparing rows.
  // A rate change (every ideal time) or a recomputation over a changed calendar stops here.
  const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
  const sl = d.slices;
  const ideal = sum(sl.map((x) => x.ideal_ms));
  const summary = {
    slices: sl.length,
    sliceTotal: sum(sl.map((x) => x.calendar_ms + x.scheduled_ms + x.planned_ms + x.unplanned_ms + x.unjustified_ms + x.good + x.rejected + x.occurrences)),
    reasons: cols.reasons[0]!.length,
    reasonTotal: sum(sl.flatMap((x) => [...x.reasons.values()])),
    downtimes: d.downtimes.length,
    downtimeTotal: sum(d.downtimes.map((x) => x.scheduled_ms + x.planned_ms + x.unplanned_ms + x.unjustified_ms)),
  };
  if (
    !stored ||
    stored.slices !== summary.slices || stored.reasons !== summary.reasons || stored.downtimes !== summary.downtimes ||
    Number(stored.slice_total) !== summary.sliceTotal || Number(stored.reason_total) !== summary.reasonTotal ||
    Number(stored.downtime_total) !== summary.downtimeTotal ||
    Math.abs(Number(stored.slice_ideal) - ideal) > 1e-9 * Math.max(1, Math.abs(ideal))
  ) {
    return false;
  }
  if (summary.slices + summary.reasons + summary.downtimes === 0) return true;
  // Each side bounded by the range: joined to the unit's whole history, the planner may hash all of it.
  const r = 6 + SLICE_TYPES.length;
  const dt = r + REASON_TYPES.length;
  const [answer] = await tx.query<{ same: boolean }>(
    `SELECT NOT EXISTS (
              SELECT 1 FROM ${unnestOf(SLICE_TYPES, 6)} AS n(${SLICE_COLUMNS})
                LEFT JOIN rollup_slices o ON o.account_id = $1 AND o.production_unit_id = $2 AND o.slice_start = n.slice_start
                      AND o.slice_start >= $3 AND o.slice_start < $4
               WHERE o.slice_start IS NULL OR ${rowOf('o', SLICE_COLUMNS)} IS DISTINCT FROM ${rowOf('n', SLICE_COLUMNS)})
        AND NOT EXISTS (
              SELECT 1 FROM ${unnestOf(REASON_TYPES, r)} AS n(${REASON_COLUMNS})
                LEFT JOIN rollup_reason_slices o ON o.account_id = $1 AND o.production_unit_id = $2 AND o.slice_start = n.slice_start
                      AND o.downtime_reason_id = n.downtime_reason_id AND o.slice_start >= $3 AND o.slice_start < $4
               WHERE o.slice_start IS NULL OR ${rowOf('o', REASON_COLUMNS)} IS DISTINCT FROM ${rowOf('n', REASON_COLUMNS)})
        AND NOT EXISTS (
              SELECT 1 FROM ${unnestOf(DOWNTIME_TYPES, dt)} AS n(${DOWNTIME_COLUMNS})
                LEFT JOIN derived_downtimes o ON o.account_id = $1 AND o.production_unit_id = $2 AND o.start_at = n.start_at
                      AND o.start_at >= $5 AND o.start_at < $4
               WHERE o.start_at IS NULL OR ${rowOf('o', DOWNTIME_COLUMNS)} IS DISTINCT FROM ${rowOf('n', DOWNTIME_COLUMNS)}) AS same`,
    [ctx.accountId, ctx.unitId, iso(from), iso(to), iso(Math.min(from, downtimesFrom)), ...cols.slices, ...cols.reasons, ...cols.downtimes],
  );
  return answer?.same === true;
}

/**
 * Replaces the slices of [from, to) (local hour boundaries) and the downtimes starting in [downtimesFrom, to) with `d`, and re-aggregates what they touch.
 * Writes nothing when the store already holds exactly `d` there (storedAlready).
 */
async function writeDerived(tx: Queryable, ctx: UnitContext, from: number, to: number, d: Derived, downtimesFrom: number = from): Promise<void> {
  const cols = derivedColumns(d);
  if (await storedAlready(tx, ctx, from, to, downtimesFrom, d, cols)) return;
  const key = [ctx.accountId, ctx.unitId, iso(from), iso(to)];
  await tx.query('DELETE FROM rollup_slices WHERE account_id = $1 AND production_unit_id = $2 AND slice_start >= $3 AND slice_start < $4', key);
  await tx.query('DELETE FROM rollup_reason_slices WHERE account_id = $1 AND production_unit_id = $2 AND slice_start >= $3 AND slice_start < $4', key);
  await tx.query('DELETE FROM derived_downtimes WHERE account_id = $1 AND production_unit_id = $2 AND start_at >= $3 AND start_at < $4', [
    ctx.accountId, ctx.unitId, iso(Math.min(from, downtimesFrom)), iso(to),
  ]);
  const CHUNK = 4000;
  const insert = async (table: string, columns: string, types: readonly string[], arrays: unknown[][]): Promise<void> => {
    for (let i = 0; i < arrays[0]!.length; i += CHUNK) {
      await tx.query(
        `INSERT INTO ${table} (account_id, factory_id, production_unit_id, ${columns}) SELECT $1, $2, $3, * FROM ${unnestOf(types, 4)}`,
        [ctx.accountId, ctx.factoryId, ctx.unitId, ...arrays.map((column) => column.slice(i, i + CHUNK))],
      );
    }
  };
  await insert('rollup_slices', SLICE_COLUMNS, SLICE_TYPES, cols.slices);
  await insert('rollup_reason_slices', REASON_COLUMNS, REASON_TYPES, cols.reasons);
  await insert('derived_downtimes', DOWNTIME_COLUMNS, DOWNTIME_TYPES, cols.downtimes);
  // Hour rows of the rebuilt hours (from and to are local hour boundaries), from the slices.
  const hk = [ctx.accountId, ctx.unitId, iso(floorHour(from, ctx.setup.calendar.timezone)), iso(to)];
  await tx.query('DELETE FROM rollup_unit_hours WHERE account_id = $1 AND production_unit_id = $2 AND hour_start >= $3 AND hour_start < $4', hk);
  await tx.query(
    `INSERT INTO rollup_unit_hours (account_id, factory_id, production_unit_id, hour_start, calendar_ms, scheduled_ms, planned_ms,
       unplanned_ms, unjustified_ms, good, rejected, ideal_ms, occurrences)
     SELECT account_id, factory_id, production_unit_id, hour_start, sum(calendar_ms), sum(scheduled_ms), sum(planned_ms),
       sum(unplanned_ms), sum(unjustified_ms), sum(good), sum(rejected), sum(ideal_ms), sum(occurrences)
       FROM rollup_slices WHERE account_id = $1 AND production_unit_id = $2 AND hour_start >= $3 AND hour_start < $4
      GROUP BY account_id, factory_id, production_unit_id, hour_start`,
    hk,
  );
  // Packs of every UTC day touched (whole days), from the hour rows just written (migration 010).
  const packFrom = utcDayFloor(floorHour(from, ctx.setup.calendar.timezone));
  const packTo = utcDayCeil(to);
  const utcDate = (t: number): string => iso(t).slice(0, 10);
  await tx.query(
    'DELETE FROM rollup_unit_hour_packs WHERE account_id = $1 AND production_unit_id = $2 AND utc_day >= $3::date AND utc_day < $4::date',
    [ctx.accountId, ctx.unitId, utcDate(packFrom), utcDate(packTo)],
  );
  await tx.query(
    `INSERT INTO rollup_unit_hour_packs (account_id, factory_id, production_unit_id, utc_day, hours)
     SELECT account_id, factory_id, production_unit_id, (hour_start AT TIME ZONE 'UTC')::date, ${HOUR_PACK}
       FROM rollup_unit_hours WHERE account_id = $1 AND production_unit_id = $2 AND hour_start >= $3 AND hour_start < $4
      GROUP BY 1, 2, 3, 4`,
    [ctx.accountId, ctx.unitId, iso(packFrom), iso(packTo)],
  );
  // Day rollups of every production day touched, re-aggregated from the slices.
  const zone = ctx.setup.calendar.timezone;
  const firstDay = productionDayOf(DateTime.fromMillis(from, { zone }), ctx.setup.calendar);
  const lastDay = productionDayOf(DateTime.fromMillis(to - 1, { zone }), ctx.setup.calendar);
  const dk = [ctx.accountId, ctx.unitId, firstDay, lastDay];
  await tx.query('DELETE FROM rollup_days WHERE account_id = $1 AND production_unit_id = $2 AND production_day BETWEEN $3 AND $4', dk);
  await tx.query('DELETE FROM rollup_unit_days WHERE account_id = $1 AND production_unit_id = $2 AND production_day BETWEEN $3 AND $4', dk);
  const sums = `sum(calendar_ms), sum(scheduled_ms), sum(planned_ms), sum(unplanned_ms), sum(unjustified_ms), sum(good), sum(rejected), sum(ideal_ms), sum(occurrences)`;
  const figures = `calendar_ms, scheduled_ms, planned_ms, unplanned_ms, unjustified_ms, good, rejected, ideal_ms, occurrences`;
  await tx.query(
    `INSERT INTO rollup_days (account_id, factory_id, production_unit_id, production_day, work_shift_id, product_id, scheduled, ${figures})
     SELECT account_id, factory_id, production_unit_id, production_day, work_shift_id, product_id, scheduled, ${sums}
       FROM rollup_slices WHERE account_id = $1 AND production_unit_id = $2 AND production_day BETWEEN $3 AND $4
      GROUP BY account_id, factory_id, production_unit_id, production_day, work_shift_id, product_id, scheduled`,
    dk,
  );
  await tx.query(
    `INSERT INTO rollup_unit_days (account_id, factory_id, production_unit_id, production_day, ${figures})
     SELECT account_id, factory_id, production_unit_id, production_day, ${sums}
       FROM rollup_days WHERE account_id = $1 AND production_unit_id = $2 AND production_day BETWEEN $3 AND $4
      GROUP BY account_id, factory_id, production_unit_id, production_day`,
    dk,
  );
}

interface UnitState {
  derivedFrom: number | null;
  derivedUntil: number | null;
}

/** Whether what is stored falls short of the unit's first fact: never derived, or facts sent for before it. */
const shortOfOrigin = (state: UnitState, origin: number): boolean => state.derivedUntil === null || state.derivedFrom === null || state.derivedFrom > origin;

async function unitState(q: Queryable, ctx: UnitContext): Promise<UnitState> {
  const rows = await q.query<{ derived_from: string | null; derived_until: string | null }>(
    'SELECT derived_from, derived_until FROM rollup_units WHERE account_id = $1 AND production_unit_id = $2',
    [ctx.accountId, ctx.unitId],
  );
  const r = rows[0];
  return { derivedFrom: r?.derived_from ? ms(r.derived_from) : null, derivedUntil: r?.derived_until ? ms(r.derived_until) : null };
}

/** Longest span of one piece of a rebuild: derived and written in one transaction (a quarter, as bulk loads had). */
const PIECE_MS = 92 * DAY_MS;
/**
 * About how many fact rows one piece loads: a dense unit's piece is shorter than a quarter. A quarter of
 * a line counting every minute is ~130 000 rows held at once, derived in one stretch of the event loop
 * (~0.5 µs a row). At 15 000 rows (about ten days of such a line) reading a piece and deriving it are
 * stretches of under 20 ms each, so a request arriving meanwhile waits no longer than that. With 30 000,
 * /api/health's p99 while an imported year was derived was 68 ms; with 15 000, 33 ms, for 12 % more
 * time deriving (issue 21's health budget, `pnpm bench:import`).
 */
const PIECE_FACTS = 15_000;
/** The shortest piece, however dense the unit: a day. */
const MIN_PIECE_MS = DAY_MS;

/** Facts of a unit in [from, to) as the planner estimates them (no rows read): sizes the first piece. */
async function estimatedFacts(tx: Queryable, ctx: UnitContext, from: number, to: number): Promise<number> {
  const rows = await tx.query<{ n: string | number }>(
    `SELECT (SELECT count(*) FROM unit_count_events WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)
          + (SELECT count(*) FROM unit_counter_readings WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)
          + (SELECT count(*) FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4) AS n`,
    [ctx.accountId, ctx.unitId, iso(from), iso(to)],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The next piece's length from what the last one loaded over `took` ms: PIECE_FACTS facts, at most 4× longer. */
export function nextPieceMs(took: number, loaded: number): number {
  const fitting = loaded > 0 ? (took * PIECE_FACTS) / loaded : PIECE_MS;
  return Math.max(MIN_PIECE_MS, Math.min(PIECE_MS, 4 * took, fitting));
}

/** Records how far a unit is derived; derived_until never moves back (another rebuild may be ahead). */
async function recordUnit(tx: Queryable, ctx: UnitContext, origin: number | null, until: number): Promise<void> {
  await tx.query(
    `INSERT INTO rollup_units (account_id, factory_id, production_unit_id, derived_from, derived_until, updated_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (account_id, production_unit_id) DO UPDATE SET derived_from = EXCLUDED.derived_from,
       derived_until = GREATEST(rollup_units.derived_until, EXCLUDED.derived_until), updated_at = now()`,
    [ctx.accountId, ctx.factoryId, ctx.unitId, origin === null ? null : iso(origin), iso(until)],
  );
}

const DERIVED_TABLES = ['rollup_slices', 'rollup_reason_slices', 'derived_downtimes', 'rollup_days', 'rollup_unit_days', 'rollup_unit_hours', 'rollup_unit_hour_packs'];

/** What a rebuild of [from, to) must rewrite, worked out once under the unit's lock (see rebuildRange). */
interface RebuildPlan {
  origin: number;
  /** The rebuilt hours [start, end): the changed range widened to whole count spans and downtimes. */
  start: number;
  end: number;
  /** Stored downtimes starting in [downtimesFrom, start) are rewritten too (a downtime in progress at start). */
  downtimesFrom: number;
  /** The changed range's end, before widening to count spans; and how far widening may go. */
  changedEnd: number;
  widenCap: number;
}

/**
 * Plans the rebuild of [from, to) of one unit inside `tx` (which holds the unit's lock), or returns
 * null when nothing is to be derived (having recorded the unit's state). The range is widened to local
 * hours, to the stored coverage, to whole downtimes and to the spans of the counts crossing its ends;
 * it never goes past `cap` (a local hour boundary ≤ now).
 *
 * A downtime stored across the range's start is rewritten whole, but in state mode its past slices
 * are not re-derived: a machine's state before an instant follows from the events before it, so facts
 * at or after `from` change that downtime's end and record only. (In delay mode a new count inside a
 * silence shortens the downtime before it: its slices are re-derived from its start.)
 */
async function planRebuild(tx: Queryable, ctx: UnitContext, from: number, to: number, cap: number, now: number, fromOrigin: boolean): Promise<RebuildPlan | null> {
  const zone = ctx.setup.calendar.timezone;
  const state = await unitState(tx, ctx);
  const origin = await originOf(tx, ctx.accountId, ctx.unitId);
  if (origin === null) {
    for (const table of DERIVED_TABLES) await tx.query(`DELETE FROM ${table} WHERE account_id = $1 AND production_unit_id = $2`, [ctx.accountId, ctx.unitId]);
    await recordUnit(tx, ctx, null, Math.max(state.derivedUntil ?? cap, cap));
    return null;
  }
  let F = floorHour(from, zone);
  let T = Math.min(ceilHour(to, zone), cap);
  // A unit never derived, or with facts before what is derived, is derived from its first fact,
  // unless the caller has marked that part for later (refreshUnit for a read).
  if (fromOrigin && shortOfOrigin(state, origin)) F = Math.min(F, floorHour(origin, zone));
  if (state.derivedUntil !== null && F > state.derivedUntil) F = state.derivedUntil;
  if (T <= F) {
    if (state.derivedUntil === null) await recordUnit(tx, ctx, origin, cap);
    return null;
  }
  // Widening past T only matters where slices are already stored.
  const widenCap = Math.min(cap, Math.max(T, state.derivedUntil ?? T));
  const stored = await tx.query<{ lo: string | null; hi: string | null }>(
    `SELECT (SELECT min(start_at) FROM derived_downtimes WHERE account_id = $1 AND production_unit_id = $2 AND start_at < $3 AND (end_at > $3 OR is_open)) AS lo,
            (SELECT max(end_at) FROM derived_downtimes WHERE account_id = $1 AND production_unit_id = $2 AND start_at < $4 AND end_at > $4) AS hi`,
    [ctx.accountId, ctx.unitId, iso(F), iso(T)],
  );
  let downtimesFrom = F;
  if (stored[0]?.lo) {
    if (ctx.setup.delayMs === null) downtimesFrom = Math.min(F, ms(stored[0].lo));
    else F = Math.min(F, floorHour(ms(stored[0].lo), zone));
  }
  if (stored[0]?.hi) T = Math.max(T, Math.min(widenCap, ceilHour(ms(stored[0].hi), zone)));
  // Counts spread over the running time since the previous mark: a count at or after F whose span
  // begins before F changes its shares there when the running time inside changes.
  const spans = await markBounds(tx, ctx.accountId, ctx.unitId, F, T, now);
  const reachesBack = spans.previous !== null && (spans.next !== null || (await markBounds(tx, ctx.accountId, ctx.unitId, F, F, now)).next !== null);
  const start = reachesBack ? Math.min(F, floorHour(spans.previous!, zone)) : F;
  return { origin, start, end: await countSpanEnd(tx, ctx, T, widenCap, now, spans.next), downtimesFrom, changedEnd: T, widenCap };
}

/** Through the hour holding the first count mark at or after T: that count's span may reach back before T. */
async function countSpanEnd(tx: Queryable, ctx: UnitContext, T: number, widenCap: number, now: number, next?: number | null): Promise<number> {
  const mark = next === undefined ? (await markBounds(tx, ctx.accountId, ctx.unitId, T, T, now)).next : next;
  return mark === null ? T : Math.max(T, Math.min(widenCap, ceilHour(mark + 1, ctx.setup.calendar.timezone)));
}

/**
 * Rebuilds [from, to) of one unit: planned once (planRebuild), then derived and written a piece of at
 * most PIECE_MS and about PIECE_FACTS facts at a time, each piece in a transaction of its own holding
 * the unit's lock, so the cost is linear in the span and no transaction holds locks for long, however
 * many years the span covers.
 * Each piece is exact on its own (deriveSpan loads the context it needs around it), so the pieces
 * written so far are always right; `afterPiece` runs in each piece's transaction (e.g. to record the
 * progress made, so that a restart resumes there). A downtime of the new timeline that crosses the
 * planned end changes the slices after it: the end moves on (within what is stored).
 */
async function rebuildRange(
  db: Db, ctx: UnitContext, from: number, to: number, cap: number, now: number,
  afterPiece?: (tx: Queryable, pieceEnd: number) => Promise<void>, fromOrigin = true,
): Promise<void> {
  const zone = ctx.setup.calendar.timezone;
  // Held in an object: the transactions' callbacks set it, which narrowing of a plain `let` ignores.
  const run: { plan: RebuildPlan | null; a: number; pieceMs: number } = { plan: null, a: 0, pieceMs: PIECE_MS };
  for (let first = true; first || (run.plan !== null && run.a < run.plan.end); first = false) {
    await db.transaction(async (tx) => {
      await lockUnit(tx, ctx.unitId);
      if (first) {
        run.plan = await planRebuild(tx, ctx, from, to, cap, now, fromOrigin);
        if (run.plan === null) return;
        run.a = run.plan.start;
        // A long rebuild's first piece is sized from an estimate of the unit's density (a short one, such
        // as the hour a live unit catches up, is not worth the query); the next ones from what each loaded.
        if (run.plan.end - run.a > 7 * DAY_MS) {
          const quarter = Math.min(run.plan.end, run.a + PIECE_MS);
          run.pieceMs = nextPieceMs(quarter - run.a, await estimatedFacts(tx, ctx, run.a, quarter));
        }
      }
      const p = run.plan!;
      const a = run.a;
      const b = Math.min(p.end, Math.max(a + HOUR_MS, floorHour(a + run.pieceMs, zone)));
      const derived = await deriveSpan(tx, ctx, a, b, now, p.origin, first ? p.downtimesFrom : undefined);
      run.pieceMs = nextPieceMs(b - a, derived.loaded ?? 0);
      let crossing = p.changedEnd;
      for (const d of derived.downtimes) if (d.end > p.end) crossing = Math.max(crossing, Math.min(p.widenCap, ceilHour(d.end, zone)));
      if (crossing > p.changedEnd) {
        const stored = await tx.query<{ hi: string | null }>(
          'SELECT max(end_at) AS hi FROM derived_downtimes WHERE account_id = $1 AND production_unit_id = $2 AND start_at < $3 AND end_at > $3',
          [ctx.accountId, ctx.unitId, iso(crossing)],
        );
        if (stored[0]?.hi) crossing = Math.max(crossing, Math.min(p.widenCap, ceilHour(ms(stored[0].hi), zone)));
        p.changedEnd = crossing;
        p.end = Math.max(p.end, await countSpanEnd(tx, ctx, crossing, p.widenCap, now));
      }
      await writeDerived(tx, ctx, a, b, derived, first ? p.downtimesFrom : a);
      await recordUnit(tx, ctx, p.origin, b);
      if (afterPiece) await afterPiece(tx, b);
      run.a = b;
    });
  }
}

/**
 * How far before a read's window its freshness reaches: the production day that holds the window's
 * first instant may start up to a day earlier in the factory's calendar, and the rebuild widens
 * further on its own to whole downtimes and count spans.
 */
const READ_MARGIN_MS = DAY_MS;

/**
 * Brings units up to date for a read of [from, until): processes their pending rollup_dirty rows and
 * derives up to the last local hour boundary before min(until, now). Reads then combine stored
 * rollups with on-the-fly derivation of what lies after that boundary.
 *
 * With `from`, only what lies after (a day before) `from` is re-derived; the older part of each
 * pending row stays for the background pass. A configuration change marks the whole history of its
 * units, and re-deriving a year of them inside a read would keep every screen waiting (bench:recompute
 * measured a 20-unit dashboard page at 16 s while the background pass worked); the read's own window
 * follows the new configuration at once all the same. Without `from` (the background pass, loaders),
 * everything pending is processed.
 */
export async function ensureFresh(db: Db, accountId: string, unitIds: readonly string[], until: number, now: number = Date.now(), from?: number): Promise<void> {
  if (unitIds.length === 0) return;
  const rows = await db.query<{ id: string; timezone: string; derived_until: string | null; dirty_until: string | null }>(
    `SELECT pu.id, f.timezone, ru.derived_until,
            (SELECT max(d.to_at) FROM rollup_dirty d WHERE d.account_id = pu.account_id AND d.production_unit_id = pu.id) AS dirty_until
       FROM production_units pu
       JOIN factories f ON f.account_id = pu.account_id AND f.id = pu.factory_id
       LEFT JOIN rollup_units ru ON ru.account_id = pu.account_id AND ru.production_unit_id = pu.id
      WHERE pu.account_id = $1 AND pu.id = ANY($2::uuid[])`,
    [accountId, unitIds],
  );
  const keepBeforeIn = (zone: string): number | null => (from === undefined ? null : floorHour(from - READ_MARGIN_MS, zone));
  const stale = rows.filter((r) => {
    const target = floorHour(Math.min(until, now), r.timezone);
    const keepBefore = keepBeforeIn(r.timezone);
    // Rows that end before what the read needs are left to the background pass.
    const dirty = r.dirty_until !== null && (keepBefore === null || ms(r.dirty_until) > keepBefore);
    return dirty || r.derived_until === null || ms(r.derived_until) < target;
  });
  if (stale.length === 0) return;
  const contexts = await loadUnitContexts(db, accountId, stale.map((r) => r.id));
  for (const ctx of contexts.values()) {
    const zone = ctx.setup.calendar.timezone;
    const cap = floorHour(now, zone);
    const target = floorHour(Math.min(until, now), zone);
    await refreshOnce(db, ctx, () => refreshUnit(db, ctx, target, cap, now, keepBeforeIn(zone)));
  }
}

/** The refresh of each unit running in this process, per database: a read arriving meanwhile waits for it. */
const refreshing = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Runs one unit's refresh after the one already running here, if any: a long span (years of backfill)
 * is then derived once, by the first read, while the others wait and find it done (their own refresh
 * finds nothing left, in a few queries). Across instances the unit's lock and the rows' progress do the
 * same (refreshUnit).
 */
async function refreshOnce(db: Db, ctx: UnitContext, refresh: () => Promise<void>): Promise<void> {
  let running = refreshing.get(db);
  if (!running) refreshing.set(db, (running = new Map()));
  for (let previous = running.get(ctx.unitId); previous; previous = running.get(ctx.unitId)) await previous.catch(() => undefined);
  const mine = refresh().finally(() => {
    if (running.get(ctx.unitId) === mine) running.delete(ctx.unitId);
  });
  running.set(ctx.unitId, mine);
  await mine;
}

/**
 * Processes one unit's dirty rows and catches it up to `target`. With `keepBefore`, the part of each
 * row before it is not processed: rows ending by then stay as they are, rows starting before it are
 * cut to end there (and keep their marked_at, so the recomputation call still counts the unit as
 * pending).
 *
 * The rows are read under the unit's lock, then each range is rebuilt a piece at a time
 * (rebuildRange); after each piece the rows being processed start where it ended, so a restart (or
 * another instance) goes on from there instead of starting over. The rows are removed at the end, under
 * the lock: rows added meanwhile stay for the next pass.
 */
async function refreshUnit(db: Db, ctx: UnitContext, target: number, cap: number, now: number, keepBefore: number | null): Promise<void> {
  const plan = await db.transaction(async (tx) => {
    await lockUnit(tx, ctx.unitId);
    const dirty = await tx.query<{ id: number; from_at: string; to_at: string }>(
      'SELECT id, from_at, to_at FROM rollup_dirty WHERE account_id = $1 AND production_unit_id = $2 ORDER BY from_at',
      [ctx.accountId, ctx.unitId],
    );
    const state = await unitState(tx, ctx);
    const origin = await originOf(tx, ctx.accountId, ctx.unitId);
    const ranges: [number, number][] = [];
    const done: number[] = [];
    const cut: number[] = [];
    let after: number | null = null;
    for (const d of dirty) {
      let a = ms(d.from_at);
      if (keepBefore !== null) {
        if (ms(d.to_at) <= keepBefore) continue;
        if (a < keepBefore) {
          cut.push(d.id);
          a = keepBefore;
        } else done.push(d.id);
      } else done.push(d.id);
      const b = Math.min(ms(d.to_at), cap);
      if (a < b && (state.derivedUntil === null || a < state.derivedUntil)) ranges.push([a, Math.min(b, state.derivedUntil ?? b)]);
      else if (state.derivedUntil !== null && a >= state.derivedUntil) {
        after = Math.min(after ?? a, a);
        // The background pass derives facts beyond what is stored too (a read derives what it needs):
        // a long rebuild stopped half-way, its row starting where it stopped, goes on from there.
        if (keepBefore === null && a < b) ranges.push([state.derivedUntil, b]);
      }
    }
    if (after !== null && state.derivedUntil !== null) {
      // Facts after the stored hours still reach back into them when they come before (or are) the
      // first count mark after those hours: that count's span starts before them, and its share
      // there follows the running time up to it. Later facts leave the stored hours as they are.
      const first = await markBounds(tx, ctx.accountId, ctx.unitId, state.derivedUntil, state.derivedUntil, now);
      if (first.next !== null && after <= first.next) ranges.push([state.derivedUntil - 1, state.derivedUntil]);
    }
    // A read leaves a new unit's history before its window (or facts sent for before what is derived:
    // a historian's backfill, a clock years off) to the background pass: marked, not derived now, so
    // the read costs its window, whatever the span of the history. Reads of that history derive what
    // they need of it (the row is cut at their own keepBefore).
    const zone = ctx.setup.calendar.timezone;
    const fromOrigin = keepBefore === null || origin === null || !shortOfOrigin(state, origin) || floorHour(origin, zone) >= keepBefore;
    if (!fromOrigin) {
      await tx.query('INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at) VALUES ($1, $2, $3, $4, $5)', [
        ctx.accountId, ctx.factoryId, ctx.unitId, iso(origin!), iso(keepBefore!),
      ]);
      // What is stored does not reach back to the first fact: derive the part of that gap the read needs.
      const gapEnd = state.derivedUntil === null ? target : state.derivedFrom ?? state.derivedUntil;
      ranges.push([keepBefore!, Math.min(gapEnd, cap)]);
    }
    if (state.derivedUntil === null) {
      if (fromOrigin) ranges.push([0, target]);
    } else if (state.derivedUntil < target) ranges.push([state.derivedUntil, target]);
    ranges.sort((x, y) => x[0] - y[0]);
    const merged: [number, number][] = [];
    for (const r of ranges) {
      const last = merged[merged.length - 1];
      if (last && r[0] <= last[1] + HOUR_MS) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    }
    return { origin, merged, done, cut, fromOrigin };
  });
  // What the rows being processed still ask for starts where the last piece ended. Not after the last
  // piece: the rows are deleted next, and moved they would look done (GET …/recomputation counts rows
  // still starting at the history's start) before they are.
  const lastEnd = plan.merged[plan.merged.length - 1]?.[1] ?? Number.POSITIVE_INFINITY;
  const progress = async (tx: Queryable, pieceEnd: number): Promise<void> => {
    if (pieceEnd >= lastEnd) return;
    if (plan.done.length) await tx.query('UPDATE rollup_dirty SET from_at = $3 WHERE account_id = $1 AND id = ANY($2::bigint[]) AND from_at < $3 AND to_at > $3', [ctx.accountId, plan.done, iso(pieceEnd)]);
  };
  if (plan.origin === null) await rebuildRange(db, ctx, target, target, cap, now);
  else for (const [a, b] of plan.merged) await rebuildRange(db, ctx, Math.max(a, floorHour(plan.origin, ctx.setup.calendar.timezone)), b, cap, now, progress, plan.fromOrigin);
  if (plan.done.length === 0 && plan.cut.length === 0) return;
  await db.transaction(async (tx) => {
    await lockUnit(tx, ctx.unitId);
    if (plan.done.length) await tx.query('DELETE FROM rollup_dirty WHERE account_id = $1 AND id = ANY($2::bigint[])', [ctx.accountId, plan.done]);
    if (plan.cut.length) await tx.query('UPDATE rollup_dirty SET to_at = $3 WHERE account_id = $1 AND id = ANY($2::bigint[])', [ctx.accountId, plan.cut, iso(keepBefore!)]);
  });
}

/**
 * Bulk (re)build for loaders such as the demo simulator and the benchmark: derives [from, to) of
 * each unit (capped at the current local hour) and marks nothing dirty. Safe to call repeatedly.
 */
export async function rebuildUnits(
  db: Db, accountId: string, unitIds: readonly string[], from: Date | string, to: Date | string, now: Date = new Date(),
  onUnit?: (done: number) => void,
): Promise<void> {
  const a = new Date(from).getTime();
  const b = new Date(to).getTime();
  const contexts = await loadUnitContexts(db, accountId, unitIds);
  let done = 0;
  for (const ctx of contexts.values()) {
    const cap = floorHour(now.getTime(), ctx.setup.calendar.timezone);
    if (a < Math.min(b, cap)) await rebuildRange(db, ctx, a, Math.min(b, cap), cap, now.getTime());
    onUnit?.((done += 1));
  }
}

/** Units the background pass re-derives at once on PostgreSQL. */
const SWEEP_WORKERS = 2;

/**
 * One background pass: units with pending dirty rows, and live units (derived within the last two
 * days) behind the current hour. Instances may sweep together: the per-unit lock and the re-check
 * under it make the second one find nothing left to do.
 */
export async function sweep(db: Db, now: number = Date.now()): Promise<number> {
  // Dirty units are re-derived only up to what they already cover; live units (derived within two
  // days) are also caught up to the current hour.
  const rows = await db.query<{ account_id: string; production_unit_id: string; until: string | null }>(
    `/* all accounts: rollup sweep */ SELECT u.account_id, u.production_unit_id,
            CASE WHEN ru.derived_until > $1::timestamptz - interval '2 days' THEN $1::timestamptz ELSE ru.derived_until END AS until
       FROM (SELECT DISTINCT account_id, production_unit_id FROM rollup_dirty
             UNION
             SELECT account_id, production_unit_id FROM rollup_units
              WHERE derived_until > $1::timestamptz - interval '2 days' AND derived_until < date_trunc('hour', $1::timestamptz)) u
       LEFT JOIN rollup_units ru ON ru.account_id = u.account_id AND ru.production_unit_id = u.production_unit_id
      -- A factory whose history import is still storing is left to that import's derive phase: deriving
      -- the units each minute while batches keep marking them dirty derived the same months again and again
      -- and held most of the api's memory growth during an import (issue 21). A stalled import (no
      -- heartbeat for two minutes) no longer holds them back; reads still refresh what they show.
      WHERE NOT EXISTS (
        SELECT 1 FROM production_units pu JOIN history_imports hi ON hi.factory_id = pu.factory_id AND hi.account_id = pu.account_id
         WHERE pu.id = u.production_unit_id AND pu.account_id = u.account_id
           AND hi.phase IN ('upload', 'store') AND hi.heartbeat_at > $1::timestamptz - interval '2 minutes')`,
    [iso(now)],
  );
  // Two units at a time on PostgreSQL: one unit's derivation (JavaScript) overlaps the other's writes
  // (the server), so a year of 20 units is re-derived sooner after a configuration change. PGlite has
  // one connection, where a second worker would only wait.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < rows.length) {
      const r = rows[next++]!;
      await ensureFresh(db, r.account_id, [r.production_unit_id], r.until ? ms(r.until) : now, now);
    }
  };
  await Promise.all(Array.from({ length: db.kind === 'postgresql' ? SWEEP_WORKERS : 1 }, worker));
  return rows.length;
}
