/**
 * Reads: sums of stored rollups plus on-the-fly derivation of what the rollups cannot cover exactly
 * (a window edge inside a local hour, the current hour). Sums only; indicators are divided by the
 * caller (indicators.ts: sum first, divide last).
 */
import { DateTime } from 'luxon';
import { epochMs, type Db } from '../db/db.ts';
import { addDateDays, productionDayOf, productionDayStart, type FactoryCalendar } from '@linepulse/contracts';
import { ceilHour, floorHour, type Downtime, type Slice } from './derive.ts';
import { deriveSpans, loadUnitContexts, type UnitContext } from './facts.ts';
import { ensureFresh, HOUR_PACK_WIDTH } from './rollups.ts';
import { sharedRead } from './shared-reads.ts';

export interface Sums {
  calendar_ms: number;
  scheduled_ms: number;
  planned_ms: number;
  unplanned_ms: number;
  unjustified_ms: number;
  good: number;
  rejected: number;
  ideal_ms: number;
  occurrences: number;
}

export const zeroSums = (): Sums => ({ calendar_ms: 0, scheduled_ms: 0, planned_ms: 0, unplanned_ms: 0, unjustified_ms: 0, good: 0, rejected: 0, ideal_ms: 0, occurrences: 0 });

export function addSums(target: Sums, s: Partial<Sums>): Sums {
  target.calendar_ms += Number(s.calendar_ms ?? 0);
  target.scheduled_ms += Number(s.scheduled_ms ?? 0);
  target.planned_ms += Number(s.planned_ms ?? 0);
  target.unplanned_ms += Number(s.unplanned_ms ?? 0);
  target.unjustified_ms += Number(s.unjustified_ms ?? 0);
  target.good += Number(s.good ?? 0);
  target.rejected += Number(s.rejected ?? 0);
  target.ideal_ms += Number(s.ideal_ms ?? 0);
  target.occurrences += Number(s.occurrences ?? 0);
  return target;
}

/** How sums are keyed: one total, per local hour (epoch ms of the hour start, as text) or per production day. */
export type KeyBy = 'none' | 'hour' | 'day';

export interface ReadFilter {
  shiftIds?: readonly string[] | null;
  productIds?: readonly string[] | null;
}

export interface ReadRequest extends ReadFilter {
  accountId: string;
  unitIds: readonly string[];
  start: number;
  end: number;
  keyBy: KeyBy;
  now?: number;
  /** Sum the units in SQL: the answer has one pseudo unit, ALL_UNITS (for group totals). */
  sumUnits?: boolean;
  /** Units already made fresh up to `end` and loaded by the caller (see prepareUnits): saves the round trips. */
  prepared?: PreparedUnits;
}

export interface PreparedUnits {
  contexts: Map<string, UnitContext>;
  origins: Map<string, number | null>;
}

function originsOf(db: Db, accountId: string, unitIds: readonly string[]): Promise<Map<string, number | null>> {
  return sharedRead(db, accountId, unitIds, ['origins', unitIds], async () => {
    const rows = await db.query<{ production_unit_id: string; derived_from: string | null }>(
      'SELECT production_unit_id, derived_from FROM rollup_units WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[])',
      [accountId, unitIds],
    );
    return new Map(rows.map((o) => [o.production_unit_id, o.derived_from ? Date.parse(o.derived_from) : null]));
  });
}

/**
 * The on-the-fly derivation of [a, b) for units sharing that range, shared by the computations of one
 * moment (the clock of shared-reads.ts gives them the same `now`, hence the same range).
 */
function liveSpans(db: Db, accountId: string, ctxs: readonly UnitContext[], a: number, b: number, now: number, origins: ReadonlyMap<string, number | null>) {
  const ids = ctxs.map((c) => c.unitId);
  return sharedRead(db, accountId, ids, ['live', ids, a, b, now], () => deriveSpans(db, ctxs, a, b, now, origins));
}

/**
 * Freshness up to `until` and the setups of many units at once, for callers making several reads
 * (KPIs by groups: one group per factory of the company).
 */
export async function prepareUnits(db: Db, accountId: string, unitIds: readonly string[], from: number, until: number, now: number): Promise<PreparedUnits> {
  await ensureFresh(db, accountId, unitIds, Math.min(until, now), now, from);
  const [contexts, origins] = await Promise.all([loadUnitContexts(db, accountId, unitIds), originsOf(db, accountId, unitIds)]);
  return { contexts, origins };
}

export const ALL_UNITS = '*';

/** unit id → key → sums. */
export type UnitSums = Map<string, Map<string, Sums>>;

const iso = (t: number): string => new Date(t).toISOString();
const SUMS = `sum(calendar_ms) AS calendar_ms, sum(scheduled_ms) AS scheduled_ms, sum(planned_ms) AS planned_ms,
  sum(unplanned_ms) AS unplanned_ms, sum(unjustified_ms) AS unjustified_ms, sum(good) AS good, sum(rejected) AS rejected,
  sum(ideal_ms) AS ideal_ms, sum(occurrences) AS occurrences`;

const addDays = addDateDays;

/** First production day whose start is at or after t, and the day holding t (whose start is ≤ t). */
function dayBounds(t: number, cal: FactoryCalendar): { after: string; holding: string } {
  const holding = productionDayOf(DateTime.fromMillis(t), cal);
  const start = productionDayStart(holding, cal).toMillis();
  return { holding, after: start === t ? holding : addDays(holding, 1) };
}

function sliceMatches(s: { shiftId: string | null; productId: string | null }, f: ReadFilter): boolean {
  if (f.shiftIds && !(s.shiftId !== null && f.shiftIds.includes(s.shiftId))) return false;
  if (f.productIds && !(s.productId !== null && f.productIds.includes(s.productId))) return false;
  return true;
}

function keyOfSlice(s: Slice, keyBy: KeyBy): string {
  return keyBy === 'hour' ? String(s.hourStart) : keyBy === 'day' ? s.productionDay : '';
}

interface Plan {
  ctx: UnitContext;
  /** Derived on the fly. */
  live: [number, number][];
  /** From slices. */
  slices: [number, number][];
  /** Production days [first, last] from day rollups. */
  days: [string, string] | null;
}

/** Splits [start, end) for one unit into on-the-fly, slice and day parts. */
function planFor(ctx: UnitContext, start: number, end: number, keyBy: KeyBy): Plan {
  const cal = ctx.setup.calendar;
  const zone = cal.timezone;
  const a1 = ceilHour(start, zone);
  const b1 = floorHour(end, zone);
  if (a1 >= b1) return { ctx, live: [[start, end]], slices: [], days: null };
  const live: [number, number][] = [];
  if (start < a1) live.push([start, a1]);
  if (b1 < end) live.push([b1, end]);
  if (keyBy === 'hour') return { ctx, live, slices: [[a1, b1]], days: null };
  const first = dayBounds(a1, cal).after;
  const last = dayBounds(b1, cal).holding; // the day starting at or before b1: days [first, last) are whole
  const ds = productionDayStart(first, cal).toMillis();
  const de = productionDayStart(last, cal).toMillis();
  if (first >= last || ds >= de) return { ctx, live, slices: [[a1, b1]], days: null };
  const slices: [number, number][] = [];
  if (a1 < ds) slices.push([a1, ds]);
  if (de < b1) slices.push([de, b1]);
  return { ctx, live, slices, days: [first, addDays(last, -1)] };
}

export interface ReadResult {
  sums: UnitSums;
  contexts: Map<string, UnitContext>;
  /** Downtimes starting in the on-the-fly parts (the stored ones are in derived_downtimes). */
  liveDowntimes: { unitId: string; downtime: Downtime }[];
  /** Reason time in the on-the-fly parts: unit → reason → ms. */
  liveReasons: { unitId: string; slice: Slice; reasonId: string; ms: number }[];
}

/** Sums per unit (and key) over [start, end), fresh with every stored fact. */
export async function readSums(db: Db, req: ReadRequest): Promise<ReadResult> {
  const now = req.now ?? Date.now();
  const end = Math.min(req.end, now);
  const out: UnitSums = new Map((req.sumUnits ? [ALL_UNITS] : req.unitIds).map((id) => [id, new Map<string, Sums>()]));
  const unitCol = req.sumUnits ? `'${ALL_UNITS}'` : 'production_unit_id';
  const result: ReadResult = { sums: out, contexts: new Map(), liveDowntimes: [], liveReasons: [] };
  if (req.unitIds.length === 0 || end <= req.start) return result;
  let contexts: Map<string, UnitContext>;
  let originOf: Map<string, number | null> | null = null;
  if (req.prepared) {
    contexts = new Map(req.unitIds.map((id) => [id, req.prepared!.contexts.get(id)!] as const).filter(([, c]) => c !== undefined));
    originOf = req.prepared.origins;
  } else {
    await ensureFresh(db, req.accountId, req.unitIds, end, now, req.start);
    contexts = await loadUnitContexts(db, req.accountId, req.unitIds);
  }
  result.contexts = contexts;
  const plans = [...contexts.values()].map((ctx) => planFor(ctx, req.start, end, req.keyBy));
  const add = (unitId: string, key: string, s: Partial<Sums>): void => {
    const m = out.get(req.sumUnits ? ALL_UNITS : unitId)!;
    if (!m.has(key)) m.set(key, zeroSums());
    addSums(m.get(key)!, s);
  };
  const filtered = !!(req.shiftIds || req.productIds);
  const filterSql = (from: number): { sql: string; params: unknown[] } => {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (req.shiftIds) {
      params.push(req.shiftIds);
      parts.push(`work_shift_id = ANY($${from + params.length}::uuid[])`);
    }
    if (req.productIds) {
      params.push(req.productIds);
      parts.push(`product_id = ANY($${from + params.length}::uuid[])`);
    }
    return { sql: parts.length ? ` AND ${parts.join(' AND ')}` : '', params };
  };

  // Stored slices: group plans by identical ranges to batch units of one factory.
  const sliceGroups = new Map<string, { range: [number, number]; units: string[] }>();
  const dayGroups = new Map<string, { range: [string, string]; units: string[] }>();
  for (const p of plans) {
    for (const r of p.slices) {
      const k = `${r[0]}:${r[1]}`;
      if (!sliceGroups.has(k)) sliceGroups.set(k, { range: r, units: [] });
      sliceGroups.get(k)!.units.push(p.ctx.unitId);
    }
    if (p.days) {
      const k = p.days.join(':');
      if (!dayGroups.has(k)) dayGroups.set(k, { range: p.days, units: [] });
      dayGroups.get(k)!.units.push(p.ctx.unitId);
    }
  }
  // Hour keys are epoch ms (as text): cheaper than parsing timestamps row by row.
  const HOUR_KEY = epochMs('hour_start');
  const keyExpr = req.keyBy === 'hour' ? HOUR_KEY : req.keyBy === 'day' ? 'production_day' : `''`;
  for (const g of sliceGroups.values()) {
    const f = filterSql(4);
    if (req.keyBy === 'hour' && !filtered) {
      // Unfiltered hours (the slice ranges are local hour boundaries). Group totals: the hour rows summed in SQL.
      if (req.sumUnits) {
        const rows = await db.query<Sums & { production_unit_id: string; k: string }>(
          `SELECT '${ALL_UNITS}' AS production_unit_id, ${HOUR_KEY} AS k, ${SUMS} FROM rollup_unit_hours
            WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND hour_start >= $3 AND hour_start < $4 GROUP BY 1, 2`,
          [req.accountId, g.units, iso(g.range[0]), iso(g.range[1])],
        );
        for (const r of rows) add(r.production_unit_id, String(r.k), r);
        continue;
      }
      // Per unit, the packed hours of each UTC day touching the range (one text row per unit-day, not
      // a row per unit-hour: migration 010), kept when their hour starts in the range.
      const [a, b] = g.range;
      const rows = await db.query<{ production_unit_id: string; hours: string }>(
        `SELECT production_unit_id, hours FROM rollup_unit_hour_packs
          WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND utc_day BETWEEN $3::date AND $4::date`,
        [req.accountId, g.units, iso(a).slice(0, 10), iso(b - 1).slice(0, 10)],
      );
      for (const r of rows) {
        const m = out.get(r.production_unit_id)!;
        // The pack is a list of numbers: one native JSON parse instead of a split and 10 Number() per hour.
        const v = JSON.parse(`[${r.hours}]`) as number[];
        for (let i = 0; i + HOUR_PACK_WIDTH <= v.length; i += HOUR_PACK_WIDTH) {
          const hour = v[i]!;
          if (hour < a || hour >= b) continue;
          const s: Sums = {
            calendar_ms: v[i + 1]!, scheduled_ms: v[i + 2]!, planned_ms: v[i + 3]!, unplanned_ms: v[i + 4]!,
            unjustified_ms: v[i + 5]!, good: v[i + 6]!, rejected: v[i + 7]!, ideal_ms: v[i + 8]!, occurrences: v[i + 9]!,
          };
          const key = String(hour);
          const prev = m.get(key);
          if (prev) addSums(prev, s);
          else m.set(key, s);
        }
      }
      continue;
    }
    const rows = await db.query<Sums & { production_unit_id: string; k: string }>(
      `SELECT ${unitCol} AS production_unit_id, ${keyExpr} AS k, ${SUMS} FROM rollup_slices
        WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND slice_start >= $3 AND slice_start < $4 AND slice_end <= $4${f.sql}
        GROUP BY 1, 2`,
      [req.accountId, g.units, iso(g.range[0]), iso(g.range[1]), ...f.params],
    );
    for (const r of rows) add(r.production_unit_id, String(r.k), r);
  }
  for (const g of dayGroups.values()) {
    const f = filterSql(4);
    const table = filtered ? 'rollup_days' : 'rollup_unit_days';
    const dayKey = req.keyBy === 'day' ? 'production_day' : `''`;
    const rows = await db.query<Sums & { production_unit_id: string; k: string }>(
      `SELECT ${unitCol} AS production_unit_id, ${dayKey} AS k, ${SUMS} FROM ${table}
        WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[]) AND production_day BETWEEN $3 AND $4${f.sql}
        GROUP BY 1, 2`,
      [req.accountId, g.units, g.range[0], g.range[1], ...f.params],
    );
    for (const r of rows) add(r.production_unit_id, String(r.k), r);
  }
  // On-the-fly parts, grouped by range: units of one factory share their edges.
  const byRange = new Map<string, { a: number; b: number; ctxs: UnitContext[] }>();
  for (const p of plans) {
    for (const [a, b] of p.live) {
      const k = `${a}:${b}`;
      if (!byRange.has(k)) byRange.set(k, { a, b, ctxs: [] });
      byRange.get(k)!.ctxs.push(p.ctx);
    }
  }
  if (byRange.size > 0 && !originOf) originOf = await originsOf(db, req.accountId, req.unitIds);
  for (const { a, b, ctxs } of byRange.values()) {
    const derived = await liveSpans(db, req.accountId, ctxs, a, b, now, originOf!);
    for (const ctx of ctxs) {
      const d = derived.get(ctx.unitId)!;
      for (const s of d.slices) {
        if (!sliceMatches(s, req)) continue;
        add(ctx.unitId, keyOfSlice(s, req.keyBy), s);
        for (const [reasonId, msValue] of s.reasons) result.liveReasons.push({ unitId: ctx.unitId, slice: s, reasonId, ms: msValue });
      }
      for (const dt of d.downtimes) result.liveDowntimes.push({ unitId: ctx.unitId, downtime: dt });
    }
  }
  return result;
}

export interface LivePart {
  unitId: string;
  from: number;
  to: number;
}

/** The on-the-fly parts of a window per unit (for reasons and downtime lists). */
export function livePartsOf(contexts: Map<string, UnitContext>, start: number, end: number): { stored: LivePart[]; live: LivePart[] } {
  const stored: LivePart[] = [];
  const live: LivePart[] = [];
  for (const ctx of contexts.values()) {
    const p = planFor(ctx, start, end, 'hour');
    for (const [a, b] of p.slices) stored.push({ unitId: ctx.unitId, from: a, to: b });
    for (const [a, b] of p.live) live.push({ unitId: ctx.unitId, from: a, to: b });
  }
  return { stored, live };
}

export interface PreparedRead {
  contexts: Map<string, UnitContext>;
  /** Stored coverage of the window per unit: slices and downtimes starting in [from, to). */
  stored: { unitId: string; from: number; to: number }[];
  /** What was derived on the fly (window edges inside an hour, the current hour), over [from, to). */
  live: { unitId: string; from: number; to: number; slices: Slice[]; downtimes: Downtime[] }[];
}

/** Freshness, the stored/on-the-fly split and the on-the-fly derivation of a window, for list-like reads. */
export async function prepareRead(db: Db, accountId: string, unitIds: readonly string[], start: number, endAsked: number, now: number = Date.now()): Promise<PreparedRead> {
  const end = Math.min(endAsked, now);
  const out: PreparedRead = { contexts: new Map(), stored: [], live: [] };
  if (unitIds.length === 0 || end <= start) return out;
  await ensureFresh(db, accountId, unitIds, end, now, start);
  const [contexts, originOf] = await Promise.all([loadUnitContexts(db, accountId, unitIds), originsOf(db, accountId, unitIds)]);
  out.contexts = contexts;
  const byRange = new Map<string, { a: number; b: number; ctxs: UnitContext[] }>();
  for (const ctx of out.contexts.values()) {
    const p = planFor(ctx, start, end, 'hour');
    for (const [a, b] of p.slices) out.stored.push({ unitId: ctx.unitId, from: a, to: b });
    for (const [a, b] of p.live) {
      const k = `${a}:${b}`;
      if (!byRange.has(k)) byRange.set(k, { a, b, ctxs: [] });
      byRange.get(k)!.ctxs.push(ctx);
    }
  }
  for (const { a, b, ctxs } of byRange.values()) {
    const derived = await liveSpans(db, accountId, ctxs, a, b, now, originOf);
    for (const ctx of ctxs) {
      const d = derived.get(ctx.unitId)!;
      out.live.push({ unitId: ctx.unitId, from: a, to: b, slices: d.slices, downtimes: d.downtimes });
    }
  }
  return out;
}

/** Stored parts grouped by identical ranges (one query per group instead of one per unit). */
export function groupStored(stored: PreparedRead['stored']): { from: number; to: number; unitIds: string[] }[] {
  const m = new Map<string, { from: number; to: number; unitIds: string[] }>();
  for (const s of stored) {
    const k = `${s.from}:${s.to}`;
    if (!m.has(k)) m.set(k, { from: s.from, to: s.to, unitIds: [] });
    m.get(k)!.unitIds.push(s.unitId);
  }
  return [...m.values()];
}
