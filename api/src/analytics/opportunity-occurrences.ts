/**
 * The occurrences of opportunities (docs/domain.md §8) of one production unit, and their targets: what
 * the company overview's potential gain (opportunities.ts) and the performance-manager pages
 * (opportunity-pages.ts) both read, so that their figures agree (docs/decisions/0025).
 *
 * An occurrence has a loss (ms) and a target; its excess is the loss beyond the target, and the
 * potential gain is the excess: in hours, in units (the loss's units at the ideal rate of the product
 * running, in proportion) and in money (excess hours × the unit's cost per hour).
 */
import { nearestRank } from '@linepulse/contracts';
import { epochMs, type Db } from '../db/db.ts';
import { shiftIntervals, type Downtime } from './derive.ts';
import { deriveSpan, type UnitContext } from './facts.ts';
import { livePartsOf, type PreparedRead } from './query.ts';

export type Kind = 'shift_changes' | 'line_starts' | 'product_changes' | 'planned_downtime_above_target';
export const KINDS: readonly Kind[] = ['shift_changes', 'line_starts', 'product_changes', 'planned_downtime_above_target'];
/** The kinds whose target is set per unit (a planned reason carries its own target). */
export type TargetKind = Exclude<Kind, 'planned_downtime_above_target'>;
export const TARGET_KINDS: readonly TargetKind[] = ['shift_changes', 'line_starts', 'product_changes'];

export const HOUR = 3_600_000;
export const iso = (t: number): string => new Date(t).toISOString();

export interface DowntimeRow {
  unitId: string;
  start: number;
  end: number;
  /** Unplanned and unjustified time inside scheduled time. */
  lost_ms: number;
  productId: string | null;
  /** Justified time per reason id. */
  reasons: Record<string, number>;
}

export interface ReasonInfo {
  id: string;
  name: string;
  target_seconds: number | null;
  is_planned: boolean;
}

export interface Occurrence {
  kind: Kind;
  unitId: string;
  at: number;
  /** The shift in force at `at` (the shift starting there for a shift change or line start). */
  shiftId: string | null;
  fromShiftId?: string;
  fromProductId?: string;
  toProductId?: string;
  reasonId?: string;
  /** The downtimes counted, with the part of each that counts. */
  parts: { d: DowntimeRow; ms: number }[];
  lostMs: number;
  /** The loss at the ideal rate of the product running when each downtime started. */
  lostUnits: number;
  /** Set by applyTargets. */
  targetMs: number;
  excessMs: number;
}

/** The part of the lost units beyond the target (units are spread over the loss in proportion). */
export const excessUnits = (o: Occurrence): number => (o.lostMs > 0 ? (o.lostUnits * o.excessMs) / o.lostMs : 0);

/** Stored per-unit targets of some units: `${unitId}|${kind}` → ms. */
export async function storedTargets(db: Db, accountId: string, unitIds: readonly string[]): Promise<Map<string, number>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db.query<{ production_unit_id: string; kind: string; target_seconds: number }>(
    'SELECT production_unit_id, kind, target_seconds FROM opportunity_targets WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[])',
    [accountId, unitIds],
  );
  return new Map(rows.map((r) => [`${r.production_unit_id}|${r.kind}`, Number(r.target_seconds) * 1000]));
}

export type TargetSource = 'reason' | 'unit' | 'median';

/**
 * Sets each occurrence's target and excess. Planned downtime: its reason's target. The other kinds: the
 * unit's stored target, else the median loss (nearest rank, as the downtime durations) of `basis` (the unit's occurrences of that kind in the
 * window asked). Returns the target applied to the three kinds (null for planned downtime, and, with
 * the median as source, when `basis` is empty: no occurrence, no median, no target — and then no
 * occurrence is beyond it, where a target of 0 would have counted every loss as excess).
 */
export function applyTargets(
  occurrences: readonly Occurrence[],
  kind: Kind,
  stored: number | undefined,
  reasonById: ReadonlyMap<string, ReasonInfo>,
  basis: readonly Occurrence[] = occurrences,
): { targetMs: number | null; source: TargetSource | null } {
  if (kind === 'planned_downtime_above_target') {
    for (const o of occurrences) {
      o.targetMs = (reasonById.get(o.reasonId ?? '')?.target_seconds ?? 0) * 1000;
      o.excessMs = Math.max(0, o.lostMs - o.targetMs);
    }
    return { targetMs: null, source: null };
  }
  const median = nearestRank(basis.map((o) => o.lostMs).sort((a, b) => a - b), 50);
  const targetMs = stored ?? median;
  for (const o of occurrences) {
    o.targetMs = targetMs ?? o.lostMs;
    o.excessMs = targetMs === null ? 0 : Math.max(0, o.lostMs - targetMs);
  }
  return { targetMs, source: stored === undefined ? 'median' : 'unit' };
}

/**
 * The occurrences of the asked kinds of one unit over [start, end), by time. `reasonId` narrows planned
 * downtime to one reason. Targets are not applied (applyTargets). Without `withReasons`, the downtimes'
 * reasons are read only where planned downtime needs them (a trend's years of downtimes read faster).
 * `live`: the window's on-the-fly parts already derived for many units at once (prepareRead); without
 * it the unit's are derived here.
 */
export async function unitOccurrences(
  db: Db,
  ctx: UnitContext,
  w: { start: number; end: number },
  now: number,
  reasonById: ReadonlyMap<string, ReasonInfo>,
  kinds: ReadonlySet<Kind>,
  options: { reasonId?: string; withReasons?: boolean; live?: PreparedRead['live'] } = {},
): Promise<Occurrence[]> {
  const { reasonId, withReasons = true, live } = options;
  const out: Occurrence[] = [];
  const planned = kinds.has('planned_downtime_above_target');
  // Every occurrence counts some downtime, so the schedule matters only from the first downtime that
  // ends in the window on (shiftIntervals reaches two days back, past any shift that could precede it):
  // a trend's early periods often lie before a unit's history.
  const first = await db.query<{ start_ms: number }>(
    `SELECT ${epochMs('start_at')} AS start_ms FROM derived_downtimes
      WHERE account_id = $1 AND production_unit_id = $2 AND end_at > $3 ORDER BY end_at LIMIT 1`,
    [ctx.accountId, ctx.unitId, iso(w.start)],
  );
  const from = Math.max(w.start, first.length ? Number(first[0]!.start_ms) : w.start);
  // From just before: a shift ending exactly at `from` (the window's start, when a production day and a
  // shift start together) makes the next one's start a shift change, and not a line start.
  const shifts = shiftIntervals(ctx.setup, from - 1, w.end);

  // The instants the three kinds look at: shift changes (one shift ends where the next begins), line
  // starts (a scheduled start after unscheduled time) and product changes.
  const instants: { kind: Exclude<Kind, 'planned_downtime_above_target'>; at: number; extra: Partial<Occurrence>; shiftId?: string }[] = [];
  if (kinds.has('shift_changes')) {
    const ends = new Map<number, string>();
    for (const s of shifts) ends.set(s.end, s.shiftId);
    for (const s of shifts) {
      if (s.start < w.start || s.start >= w.end || !ends.has(s.start)) continue;
      instants.push({ kind: 'shift_changes', at: s.start, extra: { fromShiftId: ends.get(s.start)! }, shiftId: s.shiftId });
    }
  }
  if (kinds.has('line_starts')) {
    let reach = -Infinity;
    for (const s of shifts) {
      if (s.start > reach && s.start >= w.start && s.start < w.end) instants.push({ kind: 'line_starts', at: s.start, extra: {}, shiftId: s.shiftId });
      reach = Math.max(reach, s.end);
    }
  }
  if (kinds.has('product_changes')) {
    const runs = await db.query<{ at: string; product_id: string }>(
      `(SELECT at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = $2 AND at < $3 ORDER BY at DESC, event_id DESC LIMIT 1)
       UNION ALL
       (SELECT at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)
       ORDER BY at, event_id`,
      [ctx.accountId, ctx.unitId, iso(from), iso(w.end)],
    );
    for (let i = 1; i < runs.length; i += 1) {
      const prev = runs[i - 1]!;
      const cur = runs[i]!;
      const t = Date.parse(cur.at);
      if (prev.product_id === cur.product_id || t < w.start) continue;
      instants.push({ kind: 'product_changes', at: t, extra: { fromProductId: prev.product_id, toProductId: cur.product_id } });
    }
  }

  // Planned downtime counts the downtimes with planned time, over the window; the other kinds only the
  // downtimes holding one of their instants (a probe each, instead of reading years of downtimes). All
  // kinds at once: both, the same downtime once (reading every downtime of a company's year instead
  // parsed three times the rows and held the event loop for tens of milliseconds at a time).
  const probed = instants.length > 0 || !planned ? await downtimesOf(db, ctx, w.start, w.end, now, { at: instants.map((x) => x.at) }, withReasons, live) : [];
  const downtimes = planned ? byStart(await downtimesOf(db, ctx, w.start, w.end, now, { planned: true }, true, live), probed) : probed;
  if (downtimes.length === 0) return out;
  const rateAt = (productId: string | null): number => (productId ? ctx.setup.rates.get(productId) ?? 0 : 0);
  const shiftAt = shiftFinder(shifts);
  const overlapping = overlappingAt(downtimes);
  const record = (kind: Kind, at: number, extra: Partial<Occurrence>, list: DowntimeRow[], lost: (d: DowntimeRow) => number, shiftId = shiftAt(at)): void => {
    const parts = list.map((d) => ({ d, ms: lost(d) })).filter((x) => x.ms > 0);
    const lostMs = parts.reduce((s, x) => s + x.ms, 0);
    if (lostMs <= 0) return;
    const lostUnits = parts.reduce((s, x) => s + (x.ms / HOUR) * rateAt(x.d.productId), 0);
    out.push({ kind, unitId: ctx.unitId, at, shiftId, ...extra, parts, lostMs, lostUnits, targetMs: 0, excessMs: 0 });
  };
  const whole = (d: DowntimeRow): number => d.lost_ms;
  for (const x of instants) record(x.kind, x.at, x.extra, overlapping(x.at), whole, x.shiftId);
  if (planned) {
    // Each downtime starting in the window, per planned reason with a target: the reason's time on it.
    for (const d of downtimes) {
      if (d.start < w.start) continue;
      for (const [id, ms] of Object.entries(d.reasons)) {
        if (reasonId !== undefined && id !== reasonId) continue;
        const reason = reasonById.get(id);
        if (!reason?.is_planned || !reason.target_seconds) continue;
        record('planned_downtime_above_target', d.start, { reasonId: id }, [d], () => ms);
      }
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The shift in force at an instant, for intervals sorted by start (the latest started wins an overlap). */
function shiftFinder(shifts: readonly { start: number; end: number; shiftId: string }[]): (t: number) => string | null {
  return (t) => {
    let lo = 0;
    let hi = shifts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (shifts[mid]!.start <= t) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && i >= lo - 4; i--) if (shifts[i]!.end > t) return shifts[i]!.shiftId;
    return null;
  };
}

/** Two lists of one unit's downtimes as one, in start order, each downtime once (the first list's copy kept). */
function byStart(first: readonly DowntimeRow[], second: readonly DowntimeRow[]): DowntimeRow[] {
  const starts = new Set(first.map((d) => d.start));
  return [...first, ...second.filter((d) => !starts.has(d.start))].sort((a, b) => a.start - b.start);
}

/**
 * Stored and on-the-fly downtimes of a unit: with `planned`, those with planned time overlapping
 * [start, end); with `at`, those holding one of these instants (a unit's downtimes never overlap,
 * so an instant is held by the latest downtime starting at or before it, if it has not ended: one index
 * probe each). Without `withReasons` their reasons are left empty.
 */
async function downtimesOf(
  db: Db, ctx: UnitContext, start: number, end: number, now: number, select: { planned: true } | { at: readonly number[] }, withReasons: boolean,
  live?: PreparedRead['live'],
): Promise<DowntimeRow[]> {
  // Instants as epoch milliseconds and reasons as text: a year of one unit's downtimes reads in half
  // the time it takes to parse timestamps and jsonb values row by row.
  const columns = `${epochMs('start_at')} AS start_ms, ${epochMs('end_at')} AS end_ms,
            (unplanned_ms + unjustified_ms)::float8 AS lost_ms, product_id, ${withReasons ? 'reasons::text' : `'{}'`} AS reasons`;
  type Row = { start_ms: number; end_ms: number; lost_ms: number; product_id: string | null; reasons: string };
  const keep = 'planned' in select ? (d: Downtime) => d.planned_ms > 0 : (d: Downtime) => d.unplanned_ms + d.unjustified_ms > 0;
  const rows =
    'planned' in select
      ? await db.query<Row>(
          `SELECT ${columns} FROM derived_downtimes
            WHERE account_id = $1 AND production_unit_id = $2 AND start_at < $4 AND end_at > $3 AND planned_ms > 0 ORDER BY start_at`,
          [ctx.accountId, ctx.unitId, iso(start), iso(end)],
        )
      : select.at.length === 0
        ? []
        : await db.query<Row>(
            `SELECT DISTINCT ON (d.start_at) ${columns}
               FROM unnest($3::timestamptz[]) AS t(at)
               CROSS JOIN LATERAL (SELECT * FROM derived_downtimes
                                    WHERE account_id = $1 AND production_unit_id = $2 AND start_at <= t.at ORDER BY start_at DESC LIMIT 1) d
              WHERE d.end_at > t.at AND d.unplanned_ms + d.unjustified_ms > 0
              ORDER BY d.start_at`,
            [ctx.accountId, ctx.unitId, select.at.map(iso)],
          );
  const out: DowntimeRow[] = rows.map((r) => ({
    unitId: ctx.unitId, start: Number(r.start_ms), end: Number(r.end_ms), lost_ms: Number(r.lost_ms), productId: r.product_id,
    reasons: JSON.parse(r.reasons) as Record<string, number>,
  }));
  const parts: { from: number; to: number; downtimes?: readonly Downtime[] }[] = live ? live.filter((l) => l.unitId === ctx.unitId) : livePartsOf(new Map([[ctx.unitId, ctx]]), start, end).live;
  for (const p of parts) {
    if (p.from === start) continue; // a window edge inside stored coverage: its downtimes are stored
    const derived = p.downtimes ?? (await deriveSpan(db, ctx, p.from, p.to, now)).downtimes;
    for (const dt of derived) {
      if (!keep(dt) || out.some((o) => o.start === dt.start)) continue;
      out.push({ unitId: ctx.unitId, start: dt.start, end: dt.end, lost_ms: dt.unplanned_ms + dt.unjustified_ms, productId: dt.productId, reasons: Object.fromEntries(dt.reasons) });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The downtimes containing an instant, in start order, for a list sorted by start: a binary search and
 * a walk back over the running maximum of ends (a year of shift changes times a year of downtimes,
 * filtered one by one, kept the event loop busy for seconds).
 */
function overlappingAt(sorted: readonly DowntimeRow[]): (t: number) => DowntimeRow[] {
  const maxEnd: number[] = [];
  for (const [i, d] of sorted.entries()) maxEnd.push(Math.max(d.end, i > 0 ? maxEnd[i - 1]! : -Infinity));
  return (t) => {
    let lo = 0;
    let hi = sorted.length; // first index whose start is after t
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start <= t) lo = mid + 1;
      else hi = mid;
    }
    const out: DowntimeRow[] = [];
    for (let i = lo - 1; i >= 0 && maxEnd[i]! > t; i--) if (sorted[i]!.end > t) out.push(sorted[i]!);
    return out.reverse();
  };
}
