/**
 * Loading what derive.ts needs for one unit: its setup (calendar, delay, shifts, rates, reasons) and
 * its facts over a span, extended so that downtimes crossing the span's ends are whole.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { epochMs, type Queryable } from '../db/db.ts';
import type { FactoryCalendar, Month, WeekDay } from '@linepulse/contracts';
import { deriveUnit, type Derived, type UnitFacts, type UnitSetup } from './derive.ts';
import { sharedRead } from './shared-reads.ts';

export interface UnitContext {
  accountId: string;
  factoryId: string;
  unitId: string;
  setup: UnitSetup;
  costPerHour: number | null;
}

const DAY_MS = 86_400_000;
const iso = (t: number): string => new Date(t).toISOString();
const ms = (s: string): number => Date.parse(s);

interface UnitRow {
  id: string;
  factory_id: string;
  downtime_delay_seconds: number | null;
  cost_per_hour: number | null;
  timezone: string;
  production_day_minutes_from_midnight: number;
  week_first_day: string;
  year_first_month: string;
}

/** Setups of several units of one account (one query per configuration table). */
export async function loadUnitContexts(q: Queryable, accountId: string, unitIds: readonly string[]): Promise<Map<string, UnitContext>> {
  if (unitIds.length === 0) return new Map();
  // Configuration only: shared by the computations of one moment (shared-reads.ts).
  return sharedRead(q, accountId, null, ['contexts', unitIds], () => readUnitContexts(q, accountId, unitIds));
}

async function readUnitContexts(q: Queryable, accountId: string, unitIds: readonly string[]): Promise<Map<string, UnitContext>> {
  const out = new Map<string, UnitContext>();
  // Four independent reads: sent together (a pool runs them side by side; one connection queues them).
  const [units, shifts, rates, reasons] = await Promise.all([
    q.query<UnitRow>(
      `SELECT pu.id, pu.factory_id, pu.downtime_delay_seconds, pu.cost_per_hour, f.timezone,
              f.production_day_minutes_from_midnight, f.week_first_day, f.year_first_month
         FROM production_units pu JOIN factories f ON f.account_id = pu.account_id AND f.id = pu.factory_id
        WHERE pu.account_id = $1 AND pu.id = ANY($2::uuid[])`,
      [accountId, unitIds],
    ),
    q.query<{ production_unit_id: string; id: string; start_local: string; end_local: string; days: string[] }>(
      `SELECT wsu.production_unit_id, ws.id, ws.start_local, ws.end_local, ws.days
         FROM work_shift_units wsu JOIN work_shifts ws ON ws.account_id = wsu.account_id AND ws.id = wsu.work_shift_id
        WHERE wsu.account_id = $1 AND wsu.production_unit_id = ANY($2::uuid[])
        ORDER BY ws.sort_order, ws.start_local, ws.id`,
      [accountId, unitIds],
    ),
    q.query<{ production_unit_id: string; product_id: string; ideal_rate_per_hour: number }>(
      `SELECT production_unit_id, product_id, ideal_rate_per_hour FROM product_unit_rates
        WHERE account_id = $1 AND production_unit_id = ANY($2::uuid[])`,
      [accountId, unitIds],
    ),
    q.query<{ id: string; factory_id: string; is_planned: boolean }>(
      `SELECT id, factory_id, is_planned FROM downtime_reasons WHERE account_id = $1
          AND factory_id IN (SELECT factory_id FROM production_units WHERE account_id = $1 AND id = ANY($2::uuid[]))`,
      [accountId, unitIds],
    ),
  ]);
  for (const u of units) {
    const calendar: FactoryCalendar = {
      timezone: u.timezone,
      production_day_minutes_from_midnight: u.production_day_minutes_from_midnight,
      week_first_day: u.week_first_day as WeekDay,
      year_first_month: u.year_first_month as Month,
    };
    out.set(u.id, {
      accountId,
      factoryId: u.factory_id,
      unitId: u.id,
      costPerHour: u.cost_per_hour === null ? null : Number(u.cost_per_hour),
      setup: {
        calendar,
        delayMs: u.downtime_delay_seconds === null ? null : u.downtime_delay_seconds * 1000,
        shifts: shifts.filter((s) => s.production_unit_id === u.id).map((s) => ({ id: s.id, start_local: s.start_local, end_local: s.end_local, days: s.days })),
        rates: new Map(rates.filter((r) => r.production_unit_id === u.id).map((r) => [r.product_id, Number(r.ideal_rate_per_hour)])),
        reasons: new Map(reasons.filter((r) => r.factory_id === u.factory_id).map((r) => [r.id, { is_planned: r.is_planned }])),
      },
    });
  }
  return out;
}

/** The unit's first machine fact (state, count or counter reading), or null. */
export async function originOf(q: Queryable, accountId: string, unitId: string): Promise<number | null> {
  const rows = await q.query<{ origin: string | null }>(
    `SELECT least(
       (SELECT min(at) FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2),
       (SELECT min(at) FROM unit_count_events WHERE account_id = $1 AND production_unit_id = $2),
       (SELECT min(at) FROM unit_counter_readings WHERE account_id = $1 AND production_unit_id = $2)) AS origin`,
    [accountId, unitId],
  );
  const o = rows[0]?.origin;
  return o ? ms(o) : null;
}

/** Facts over [lb, ub) with the latest state, product and counter reading before lb. */
async function loadRange(q: Queryable, ctx: UnitContext, origin: number, lb: number, ub: number): Promise<UnitFacts> {
  const p = [ctx.accountId, ctx.unitId, iso(lb), iso(ub)];
  // Five independent reads sent together: a pool runs them side by side (a transaction's one
  // connection, or PGlite, queues them), and an on-the-fly window edge pays one round trip, not five.
  const [states, countRows, readings, products, justifications] = await Promise.all([
    q.query<{ at: number; running: boolean }>(
      `(SELECT ${epochMs('at')} AS at, running, event_id FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at < $3
         ORDER BY unit_state_events.at DESC, event_id DESC LIMIT 1)
       UNION ALL
       (SELECT ${epochMs('at')} AS at, running, event_id FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)
       ORDER BY at, event_id`,
      p,
    ),
    // No ORDER BY nor filter in the range: a plain index range scan (sorted below). Empty counts are
    // kept as marks (where the next count's span begins), with the latest one before lb.
    q.query<{ at: number; good: number; rejected: number }>(
      `(SELECT ${epochMs('at')} AS at, 0::bigint AS good, 0::bigint AS rejected FROM unit_count_events
         WHERE account_id = $1 AND production_unit_id = $2 AND at < $3 ORDER BY unit_count_events.at DESC LIMIT 1)
       UNION ALL
       (SELECT ${epochMs('at')} AS at, good, rejected FROM unit_count_events
         WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)`,
      p,
    ),
    q.query<{ at: number; total: number; rejected: number }>(
      `(SELECT ${epochMs('at')} AS at, total, rejected, event_id FROM unit_counter_readings WHERE account_id = $1 AND production_unit_id = $2 AND at < $3
         ORDER BY unit_counter_readings.at DESC, event_id DESC LIMIT 1)
       UNION ALL
       (SELECT ${epochMs('at')} AS at, total, rejected, event_id FROM unit_counter_readings WHERE account_id = $1 AND production_unit_id = $2 AND at >= $3 AND at < $4)
       ORDER BY at, event_id`,
      p,
    ),
    q.query<{ at: number; product_id: string }>(
      `(SELECT ${epochMs('at')} AS at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = $2 AND at <= $3
         ORDER BY product_run_events.at DESC, event_id DESC LIMIT 1)
       UNION ALL
       (SELECT ${epochMs('at')} AS at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = $2 AND at > $3 AND at < $4)
       ORDER BY at, event_id`,
      p,
    ),
    // `from_at + interval '0 s'` keeps the planner on the to_at index (migration 006): recent spans are
    // found from their end, not by scanning every earlier justification.
    q.query<{ from_at: number; to_at: number; downtime_reason_id: string; event_id: string; person: boolean }>(
      `SELECT ${epochMs('from_at')} AS from_at, ${epochMs('to_at')} AS to_at, downtime_reason_id, event_id, person_downtime_start IS NOT NULL AS person FROM downtime_justifications
        WHERE account_id = $1 AND production_unit_id = $2 AND to_at > $3 AND (from_at + interval '0 s') < $4`,
      p,
    ),
  ]);
  const countEvents = countRows.filter((c) => Number(c.good) + Number(c.rejected) > 0);
  const counts = countEvents.map((c) => ({ at: Math.round(Number(c.at)), good: Number(c.good), rejected: Number(c.rejected) }));
  counts.push(...counterIncrements(readings.map((r) => ({ at: Math.round(Number(r.at)), total: Number(r.total), rejected: Number(r.rejected) }))).filter((c) => c.at >= lb));
  counts.sort((a, b) => a.at - b.at);
  return {
    origin,
    marks: marksOf([...countRows, ...readings].map((r) => Math.round(Number(r.at)))),
    states: states.map((s) => ({ at: Math.round(Number(s.at)), running: s.running })),
    counts,
    products: products.map((r) => ({ at: Math.round(Number(r.at)), productId: r.product_id })),
    justifications: justifications.map((j) => ({ from: Math.round(Number(j.from_at)), to: Math.round(Number(j.to_at)), reasonId: j.downtime_reason_id, eventId: j.event_id, ...(j.person ? { person: true } : {}) })),
  };
}

/**
 * Increments from cumulative counter readings in time order: the first reading is the baseline; a
 * reading below the previous one (total or rejected) means a reset, and it counts from 0.
 */
export function counterIncrements(readings: { at: number; total: number; rejected: number }[]): { at: number; good: number; rejected: number }[] {
  const out: { at: number; good: number; rejected: number }[] = [];
  for (let i = 1; i < readings.length; i += 1) {
    const prev = readings[i - 1]!;
    const r = readings[i]!;
    const reset = r.total < prev.total || r.rejected < prev.rejected;
    const total = reset ? r.total : r.total - prev.total;
    const rejected = reset ? r.rejected : r.rejected - prev.rejected;
    if (total + rejected <= 0) continue;
    out.push({ at: r.at, good: Math.max(0, total - rejected), rejected });
  }
  return out;
}

/** Sorted distinct instants. */
function marksOf(instants: number[]): number[] {
  return [...new Set(instants)].sort((a, b) => a - b);
}

/** Units with their spans [b, t) for the per-unit reads below: $2 ids, $3 begins, $4 ends ($1 the account, $5 the horizon). */
const unitSpans = 'unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS u(id, b, t)';
/** Each unit's last count mark before its `b` and its first in [t, horizon) (see markBounds). */
const MARKS_SQL = `greatest(
              (SELECT max(at) FROM unit_count_events c WHERE c.account_id = $1 AND c.production_unit_id = u.id AND c.at < u.b),
              (SELECT max(at) FROM unit_counter_readings c WHERE c.account_id = $1 AND c.production_unit_id = u.id AND c.at < u.b)) AS previous_mark,
            least(
              (SELECT min(at) FROM unit_count_events c WHERE c.account_id = $1 AND c.production_unit_id = u.id AND c.at >= u.t AND c.at < $5),
              (SELECT min(at) FROM unit_counter_readings c WHERE c.account_id = $1 AND c.production_unit_id = u.id AND c.at >= u.t AND c.at < $5)) AS next_mark`;

/**
 * Where counts reach beyond [begin, to): the unit's last count mark before `begin` (the span of the
 * first count inside begins there) and its first mark in [to, horizon) (that count's span may reach
 * back inside). Count events and counter readings both mark. The same SQL as deriveSpans' batches.
 */
export async function markBounds(q: Queryable, accountId: string, unitId: string, begin: number, to: number, horizon: number): Promise<{ previous: number | null; next: number | null }> {
  const rows = await q.query<{ previous_mark: string | null; next_mark: string | null }>(`SELECT ${MARKS_SQL} FROM ${unitSpans}`, [accountId, [unitId], [iso(begin)], [iso(to)], iso(horizon)]);
  const r = rows[0];
  return { previous: r?.previous_mark ? ms(r.previous_mark) : null, next: r?.next_mark ? ms(r.next_mark) : null };
}

export interface DerivedSpan extends Derived {
  origin: number | null;
  /**
   * How many rows were loaded to derive it (states, count events and counter readings — one mark each —,
   * products, justifications): what `estimatedFacts` counts before a piece, so that the two size pieces alike.
   */
  loaded?: number;
}

const loadedCount = (f: UnitFacts): number => f.states.length + f.marks.length + f.products.length + f.justifications.length;

/**
 * Derives [from, to) for one unit with `horizon` as now: loads the facts, extending the loaded span
 * backwards to the start of a downtime in progress at `from` and forwards until downtimes crossing
 * `to` end (or the horizon).
 */
export async function deriveSpan(
  q: Queryable, ctx: UnitContext, from: number, to: number, horizon: number, knownOrigin?: number | null, downtimesFrom?: number,
): Promise<DerivedSpan> {
  const origin = knownOrigin === undefined ? await originOf(q, ctx.accountId, ctx.unitId) : knownOrigin;
  if (origin === null || to <= origin || from >= horizon) return { origin, slices: [], downtimes: [] };
  to = Math.min(to, horizon);
  const begin = Math.max(from, origin);
  // Downtimes starting in [dFrom, begin) come out whole too (deriveUnit); their facts are loaded.
  const dFrom = downtimesFrom === undefined ? begin : Math.max(origin, Math.min(begin, downtimesFrom));
  const a = [ctx.accountId, ctx.unitId];
  let lb = dFrom;
  let ub = to;
  // Counts spread back to the previous mark: load from the last mark before begin to the first at or
  // after to, so that their spans and the running time inside are known.
  const bounds = await markBounds(q, ctx.accountId, ctx.unitId, begin, to, horizon);
  const wantLb = bounds.previous ?? begin;
  const wantUb = bounds.next === null ? to : bounds.next + 1;
  if (ctx.setup.delayMs === null) {
    // One round trip: the state at `begin` (and where a downtime in progress started), the state just
    // before `to` and the next running event after it.
    const ctxRows = await q.query<{ running: boolean | null; last_run: string | null; down_start: string | null; running_before_to: boolean | null; next_run: string | null }>(
      `WITH last_run AS (SELECT at FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND running AND at < $3 ORDER BY at DESC LIMIT 1)
       SELECT (SELECT running FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at <= $3 ORDER BY at DESC, event_id DESC LIMIT 1) AS running,
              (SELECT at FROM last_run) AS last_run,
              (SELECT at FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at > (SELECT at FROM last_run) ORDER BY at LIMIT 1) AS down_start,
              (SELECT running FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND at < $4 ORDER BY at DESC, event_id DESC LIMIT 1) AS running_before_to,
              (SELECT at FROM unit_state_events WHERE account_id = $1 AND production_unit_id = $2 AND running AND at >= $4 AND at < $5 ORDER BY at LIMIT 1) AS next_run`,
      [...a, iso(begin), iso(to), iso(horizon)],
    );
    const c = ctxRows[0]!;
    if (!c.running && begin > origin) lb = Math.min(lb, c.last_run === null || c.down_start === null ? origin : ms(c.down_start));
    if (!c.running_before_to && to < horizon) ub = c.next_run ? ms(c.next_run) + 1 : horizon;
    lb = Math.min(lb, wantLb);
    ub = Math.max(ub, wantUb);
    const facts = await loadRange(q, ctx, origin, lb, ub);
    // Reading the rows and deriving them are two stretches of the event loop (each up to a few tens of
    // milliseconds for a piece): other requests are answered between them.
    await nextTurn();
    return { origin, loaded: loadedCount(facts), ...deriveUnit(ctx.setup, facts, begin, to, lb, ub, horizon, dFrom) };
  }
  // Delay mode: back to the last positive count at or before the previous mark (whose gap tells
  // whether the unit ran from there), forward to the first positive count at or after `to`.
  lb = Math.min(lb, wantLb);
  ub = Math.max(ub, wantUb);
  let facts = await loadRange(q, ctx, origin, lb, ub);
  let width = DAY_MS;
  const anchor = Math.min(dFrom - 1, wantLb);
  while (lb > origin && !facts.counts.some((c) => c.at <= anchor)) {
    lb = Math.max(origin, Math.min(lb, anchor - width));
    width *= 4;
    facts = await loadRange(q, ctx, origin, lb, ub);
  }
  width = DAY_MS;
  while (ub < horizon && !facts.counts.some((c) => c.at >= to)) {
    ub = Math.min(horizon, to + width);
    width *= 4;
    facts = await loadRange(q, ctx, origin, lb, ub);
  }
  return { origin, loaded: loadedCount(facts), ...deriveUnit(ctx.setup, facts, begin, to, lb, ub, horizon, dFrom) };
}

/**
 * deriveSpan for many units over the same [from, to) in a handful of queries (the on-the-fly parts of
 * a read): the context of every unit in one query, then the facts of all of them in one set of range
 * reads. A delay-mode unit whose loaded facts do not reach a count on both sides (a silence longer than
 * the span between its marks) walks back and forth as deriveSpan does; units of unknown origin go
 * through deriveSpan too.
 */
export async function deriveSpans(
  q: Queryable, ctxs: readonly UnitContext[], from: number, to: number, horizon: number, origins: ReadonlyMap<string, number | null>,
): Promise<Map<string, DerivedSpan>> {
  const out = new Map<string, DerivedSpan>();
  const stateBatch: Batched[] = [];
  const delayBatch: Batched[] = [];
  const single: UnitContext[] = [];
  for (const ctx of ctxs) {
    const origin = origins.get(ctx.unitId);
    if (origin === undefined) single.push(ctx);
    else if (origin === null || to <= origin || from >= horizon) out.set(ctx.unitId, { origin, slices: [], downtimes: [] });
    else (ctx.setup.delayMs === null ? stateBatch : delayBatch).push({ ctx, origin, begin: Math.max(from, origin), to: Math.min(to, horizon), lb: 0, ub: 0 });
  }
  const [singles] = await Promise.all([
    Promise.all(single.map((ctx) => deriveSpan(q, ctx, from, to, horizon, origins.get(ctx.unitId)))),
    stateBounds(q, stateBatch, horizon),
    delayBounds(q, delayBatch, horizon),
  ]);
  single.forEach((ctx, i) => out.set(ctx.unitId, singles[i]!));
  const batch = [...stateBatch, ...delayBatch];
  if (batch.length === 0) return out;
  const facts = await loadRangeMany(q, batch[0]!.ctx.accountId, batch.map((b) => ({ unitId: b.ctx.unitId, origin: b.origin, lb: b.lb, ub: b.ub })));
  const walkers: Batched[] = [];
  for (const b of batch) {
    const f = facts.get(b.ctx.unitId)!;
    if (b.ctx.setup.delayMs !== null && delayNeedsWalk(b, f, horizon)) walkers.push(b);
    else out.set(b.ctx.unitId, { origin: b.origin, ...deriveUnit(b.ctx.setup, f, b.begin, b.to, b.lb, b.ub, horizon) });
  }
  const walked = await Promise.all(walkers.map((b) => deriveSpan(q, b.ctx, from, to, horizon, b.origin)));
  walkers.forEach((b, i) => out.set(b.ctx.unitId, walked[i]!));
  return out;
}

/** A unit of deriveSpans' batch: its span [begin, to) and the facts to load, [lb, ub). */
interface Batched {
  ctx: UnitContext;
  origin: number;
  begin: number;
  to: number;
  lb: number;
  ub: number;
}

const spanParams = (batch: readonly Batched[], horizon: number): unknown[] => [
  batch[0]!.ctx.accountId, batch.map((b) => b.ctx.unitId), batch.map((b) => iso(b.begin)), batch.map((b) => iso(b.to)), iso(horizon),
];

/** State-mode units: what deriveSpan's context query and markBounds find, for all of them at once; sets lb and ub. */
async function stateBounds(q: Queryable, batch: Batched[], horizon: number): Promise<void> {
  if (batch.length === 0) return;
  const rows = await q.query<{
    id: string; running: boolean | null; last_run: string | null; down_start: string | null; running_before_to: boolean | null; next_run: string | null;
    previous_mark: string | null; next_mark: string | null;
  }>(
    `SELECT u.id,
            (SELECT running FROM unit_state_events s WHERE s.account_id = $1 AND s.production_unit_id = u.id AND s.at <= u.b ORDER BY s.at DESC, s.event_id DESC LIMIT 1) AS running,
            lr.at AS last_run,
            (SELECT at FROM unit_state_events s WHERE s.account_id = $1 AND s.production_unit_id = u.id AND s.at > lr.at ORDER BY s.at LIMIT 1) AS down_start,
            (SELECT running FROM unit_state_events s WHERE s.account_id = $1 AND s.production_unit_id = u.id AND s.at < u.t ORDER BY s.at DESC, s.event_id DESC LIMIT 1) AS running_before_to,
            (SELECT at FROM unit_state_events s WHERE s.account_id = $1 AND s.production_unit_id = u.id AND s.running AND s.at >= u.t AND s.at < $5 ORDER BY s.at LIMIT 1) AS next_run,
            ${MARKS_SQL}
       FROM ${unitSpans}
       LEFT JOIN LATERAL (SELECT at FROM unit_state_events s WHERE s.account_id = $1 AND s.production_unit_id = u.id AND s.running AND s.at < u.b ORDER BY s.at DESC LIMIT 1) lr ON true`,
    spanParams(batch, horizon),
  );
  for (const b of batch) {
    const c = rows.find((r) => r.id === b.ctx.unitId)!;
    b.lb = b.begin;
    b.ub = b.to;
    if (!c.running && b.begin > b.origin) b.lb = c.last_run === null || c.down_start === null ? b.origin : Math.min(b.begin, ms(c.down_start));
    if (!c.running_before_to && b.to < horizon) b.ub = c.next_run ? ms(c.next_run) + 1 : horizon;
    // Counts spread back to the previous mark (see deriveSpan).
    if (c.previous_mark) b.lb = Math.min(b.lb, ms(c.previous_mark));
    if (c.next_mark) b.ub = Math.max(b.ub, ms(c.next_mark) + 1);
  }
}

/** Delay-mode units: from the previous count mark to the next (deriveSpan's first load); sets lb and ub. */
async function delayBounds(q: Queryable, batch: Batched[], horizon: number): Promise<void> {
  if (batch.length === 0) return;
  const rows = await q.query<{ id: string; previous_mark: string | null; next_mark: string | null }>(`SELECT u.id, ${MARKS_SQL} FROM ${unitSpans}`, spanParams(batch, horizon));
  for (const b of batch) {
    const c = rows.find((r) => r.id === b.ctx.unitId)!;
    b.lb = Math.min(b.begin, c.previous_mark ? ms(c.previous_mark) : b.begin);
    b.ub = Math.max(b.to, c.next_mark ? ms(c.next_mark) + 1 : b.to);
  }
}

/**
 * Whether deriveSpan would load more for this delay-mode unit than the marks gave: no positive count
 * at or before the previous mark (whose gap tells whether the unit ran from there), or, before the
 * horizon, none at or after `to`.
 */
function delayNeedsWalk(b: Batched, facts: UnitFacts, horizon: number): boolean {
  const anchor = Math.min(b.begin - 1, b.lb);
  if (b.lb > b.origin && !facts.counts.some((c) => c.at <= anchor)) return true;
  return b.ub < horizon && !facts.counts.some((c) => c.at >= b.to);
}

/** loadRange for several units at once (one query per fact table). */
async function loadRangeMany(q: Queryable, accountId: string, spans: { unitId: string; origin: number; lb: number; ub: number }[]): Promise<Map<string, UnitFacts>> {
  const p = [accountId, spans.map((s) => s.unitId), spans.map((s) => iso(s.lb)), spans.map((s) => iso(s.ub))];
  const units = 'unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS u(id, lb, ub)';
  // Five independent reads sent together (see loadRange).
  const [states, countEvents, readings, products, justifications] = await Promise.all([
    q.query<{ id: string; at: string; running: boolean }>(
      `SELECT u.id, x.at, x.running FROM ${units} CROSS JOIN LATERAL (
         (SELECT at, running, event_id FROM unit_state_events WHERE account_id = $1 AND production_unit_id = u.id AND at < u.lb ORDER BY at DESC, event_id DESC LIMIT 1)
         UNION ALL
         (SELECT at, running, event_id FROM unit_state_events WHERE account_id = $1 AND production_unit_id = u.id AND at >= u.lb AND at < u.ub)
         ORDER BY at, event_id) x`,
      p,
    ),
    // Empty counts are kept as marks, with the latest count before lb (see loadRange).
    q.query<{ id: string; at: string; good: number; rejected: number }>(
      `SELECT u.id, x.at, x.good, x.rejected FROM ${units} CROSS JOIN LATERAL (
         (SELECT at, 0::bigint AS good, 0::bigint AS rejected FROM unit_count_events WHERE account_id = $1 AND production_unit_id = u.id AND at < u.lb ORDER BY at DESC LIMIT 1)
         UNION ALL
         (SELECT at, good, rejected FROM unit_count_events WHERE account_id = $1 AND production_unit_id = u.id AND at >= u.lb AND at < u.ub)) x`,
      p,
    ),
    q.query<{ id: string; at: string; total: number; rejected: number }>(
      `SELECT u.id, x.at, x.total, x.rejected FROM ${units} CROSS JOIN LATERAL (
         (SELECT at, total, rejected, event_id FROM unit_counter_readings WHERE account_id = $1 AND production_unit_id = u.id AND at < u.lb ORDER BY at DESC, event_id DESC LIMIT 1)
         UNION ALL
         (SELECT at, total, rejected, event_id FROM unit_counter_readings WHERE account_id = $1 AND production_unit_id = u.id AND at >= u.lb AND at < u.ub)
         ORDER BY at, event_id) x`,
      p,
    ),
    q.query<{ id: string; at: string; product_id: string }>(
      `SELECT u.id, x.at, x.product_id FROM ${units} CROSS JOIN LATERAL (
         (SELECT at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = u.id AND at <= u.lb ORDER BY at DESC, event_id DESC LIMIT 1)
         UNION ALL
         (SELECT at, product_id, event_id FROM product_run_events WHERE account_id = $1 AND production_unit_id = u.id AND at > u.lb AND at < u.ub)
         ORDER BY at, event_id) x`,
      p,
    ),
    // OFFSET 0 keeps the subquery a walk of each unit's index: flattened into a join, PostgreSQL hashed
    // the units and scanned the whole table once there were a few hundred (80 ms against 1 ms).
    q.query<{ id: string; from_at: string; to_at: string; downtime_reason_id: string; event_id: string; person: boolean }>(
      `SELECT u.id, x.from_at, x.to_at, x.downtime_reason_id, x.event_id, x.person FROM ${units} CROSS JOIN LATERAL (
         SELECT from_at, to_at, downtime_reason_id, event_id, person_downtime_start IS NOT NULL AS person FROM downtime_justifications
          WHERE account_id = $1 AND production_unit_id = u.id AND to_at > u.lb AND (from_at + interval '0 s') < u.ub
          OFFSET 0) x`,
      p,
    ),
  ]);
  const out = new Map<string, UnitFacts>();
  for (const s of spans) {
    const unitCounts = countEvents.filter((c) => c.id === s.unitId).map((c) => ({ at: ms(c.at), good: Number(c.good), rejected: Number(c.rejected) }));
    const counts = unitCounts.filter((c) => c.good + c.rejected > 0);
    const unitReadings = readings.filter((r) => r.id === s.unitId).map((r) => ({ at: ms(r.at), total: Number(r.total), rejected: Number(r.rejected) }));
    counts.push(...counterIncrements(unitReadings).filter((c) => c.at >= s.lb));
    counts.sort((a, b) => a.at - b.at);
    out.set(s.unitId, {
      origin: s.origin,
      marks: marksOf([...unitCounts, ...unitReadings].map((c) => c.at)),
      states: states.filter((x) => x.id === s.unitId).map((x) => ({ at: ms(x.at), running: x.running })),
      counts,
      products: products.filter((x) => x.id === s.unitId).map((x) => ({ at: ms(x.at), productId: x.product_id })),
      justifications: justifications
        .filter((x) => x.id === s.unitId)
        .map((j) => ({ from: ms(j.from_at), to: ms(j.to_at), reasonId: j.downtime_reason_id, eventId: j.event_id, ...(j.person ? { person: true } : {}) })),
    });
  }
  return out;
}
