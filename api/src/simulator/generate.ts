/**
 * The demo-history simulator: a pure function (configuration + seed + [from, to) → raw facts).
 *
 * Everything random is drawn from generators seeded by (seed, unit, instant, purpose), one work-shift
 * occurrence at a time, so a window of the history is exactly the same whether it is generated alone
 * or inside a longer one: the first start generates 400+ days, the live loop then generates
 * [last generated instant, now) with the same function and both agree fact for fact.
 *
 * An event belongs to the window holding its emission instant: `at` for states, counts, counter
 * readings and products; the end of the stop for a justification (an operator justifies a stop once
 * it is over). Nothing at or after `to` is emitted, so the live loop never writes the future.
 */
import { DateTime } from 'luxon';
import type { WeekDay } from '@linepulse/contracts';
import { hash32, rngFor, type Rng } from './prng.ts';

export interface SimUnit {
  id: string;
  key: string;
  /** Set: the unit has no state events, its stops are count gaps longer than the delay (docs/domain.md §4). */
  downtimeDelaySeconds: number | null;
  /** Cumulative counter readings (reset at every UTC month start) instead of count increments. */
  counters: boolean;
}

export interface SimShift {
  key: string;
  /** Local HH:mm; end ≤ start crosses midnight. */
  start: string;
  end: string;
  days: WeekDay[];
  unitIds: string[];
}

export interface SimProduct {
  id: string;
  sku: string;
  /** Ideal units per hour per unit id. */
  rates: Record<string, number>;
}

export interface SimReason {
  id: string;
  key: string;
  isPlanned: boolean;
  targetSeconds: number | null;
}

export interface SimFactory {
  accountId: string;
  id: string;
  key: string;
  timezone: string;
  units: SimUnit[];
  shifts: SimShift[];
  products: SimProduct[];
  reasons: SimReason[];
}

export interface SimConfig {
  seed: string;
  /** Instant the history starts (ms): the first shift from here on sets each unit's product. */
  historyStart: number;
  factories: SimFactory[];
}

interface FactBase {
  accountId: string;
  factoryId: string;
  unitId: string;
  eventId: string;
}
export interface StateFact extends FactBase {
  at: number;
  running: boolean;
}
export interface CountFact extends FactBase {
  at: number;
  good: number;
  rejected: number;
}
export interface CounterFact extends FactBase {
  at: number;
  total: number;
  rejected: number;
}
export interface JustificationFact extends FactBase {
  from: number;
  to: number;
  reasonId: string;
}
export interface ProductFact extends FactBase {
  at: number;
  productId: string;
}

export interface Facts {
  states: StateFact[];
  counts: CountFact[];
  counters: CounterFact[];
  justifications: JustificationFact[];
  products: ProductFact[];
}

export const emptyFacts = (): Facts => ({ states: [], counts: [], counters: [], justifications: [], products: [] });

export function factCount(facts: Facts): number {
  return facts.states.length + facts.counts.length + facts.counters.length + facts.justifications.length + facts.products.length;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEKDAYS: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** One occurrence of a work shift for one unit. */
export interface ShiftInstance {
  start: number;
  end: number;
  shiftKey: string;
  /** Local production date the shift starts on (yyyy-LL-dd). */
  date: string;
}

/** Every occurrence of the factory's shifts starting on local dates [fromDate, toDate], per unit id. */
export function shiftInstances(factory: SimFactory, from: number, to: number): Map<string, ShiftInstance[]> {
  const zone = factory.timezone;
  const byUnit = new Map<string, ShiftInstance[]>(factory.units.map((u) => [u.id, []]));
  let day = DateTime.fromMillis(from, { zone }).startOf('day');
  const last = DateTime.fromMillis(to, { zone }).startOf('day');
  while (day <= last) {
    const weekday = WEEKDAYS[day.weekday - 1]!;
    const date = day.toFormat('yyyy-LL-dd');
    for (const shift of factory.shifts) {
      if (!shift.days.includes(weekday)) continue;
      const [sh, sm] = shift.start.split(':').map(Number) as [number, number];
      const [eh, em] = shift.end.split(':').map(Number) as [number, number];
      const start = day.set({ hour: sh, minute: sm });
      let end = day.set({ hour: eh, minute: em });
      if (eh * 60 + em <= sh * 60 + sm) end = day.plus({ days: 1 }).set({ hour: eh, minute: em });
      const instance = { start: start.toMillis(), end: end.toMillis(), shiftKey: shift.key, date };
      for (const unitId of shift.unitIds) byUnit.get(unitId)?.push(instance);
    }
    day = day.plus({ days: 1 });
  }
  for (const [unitId, list] of byUnit) {
    list.sort((a, b) => a.start - b.start);
    // Overlapping shifts of one unit are clipped so the schedule is a sequence of disjoint spans.
    const clean: ShiftInstance[] = [];
    for (const inst of list) {
      const prev = clean[clean.length - 1];
      if (prev && inst.start < prev.end) {
        if (inst.end <= prev.end) continue;
        clean.push({ ...inst, start: prev.end });
      } else clean.push(inst);
    }
    byUnit.set(unitId, clean);
  }
  return byUnit;
}

interface Roles {
  break: SimReason | null;
  changeover: SimReason | null;
  cleaning: SimReason | null;
  unplanned: SimReason[];
}

/** Planned reasons by target (shortest: breaks, then changeovers, then cleaning); unplanned by key. */
export function reasonRoles(factory: SimFactory): Roles {
  const planned = factory.reasons.filter((r) => r.isPlanned).sort((a, b) => (a.targetSeconds ?? 1e9) - (b.targetSeconds ?? 1e9) || a.key.localeCompare(b.key));
  const unplanned = factory.reasons.filter((r) => !r.isPlanned).sort((a, b) => a.key.localeCompare(b.key));
  return { break: planned[0] ?? null, changeover: planned[1] ?? null, cleaning: planned[2] ?? null, unplanned };
}

type JustifyMode = 'full' | 'partial' | 'target' | 'none';

interface Stop {
  from: number;
  to: number;
  reason: SimReason | null;
  mode: JustifyMode;
  /** For 'partial': fraction of the stop justified from its start. */
  fraction?: number;
}

interface UnitCtx {
  seed: string;
  factory: SimFactory;
  unit: SimUnit;
  roles: Roles;
  /** Unplanned reasons in this unit's Pareto order and their weights. */
  pareto: SimReason[];
  paretoWeights: number[];
  allowed: SimProduct[];
  delayMs: number | null;
}

/** The product set on a unit for a local date: one pick per pair of days. */
function productFor(ctx: UnitCtx, date: string): SimProduct | null {
  if (ctx.allowed.length === 0) return null;
  const epochDay = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
  return ctx.allowed[hash32(`${ctx.seed}|${ctx.unit.key}|product|${Math.floor(epochDay / 2)}`) % ctx.allowed.length]!;
}

function unplannedStop(ctx: UnitCtx, rng: Rng, from: number, to: number, justifiedShare = 0.7): Stop {
  const reason = ctx.pareto.length ? ctx.pareto[rng.weighted(ctx.paretoWeights)]! : null;
  const r = rng.next();
  if (!reason || r >= justifiedShare + 0.15) return { from, to, reason: null, mode: 'none' };
  if (r < justifiedShare) return { from, to, reason, mode: 'full' };
  return { from, to, reason, mode: 'partial', fraction: rng.uniform(0.3, 0.8) };
}

/** A stop around a shift change at `boundary`, owned by the shift that starts there (or null). */
function shiftChangeStop(ctx: UnitCtx, boundary: number): Stop | null {
  const rng = rngFor(ctx.seed, ctx.unit.key, 'shift-change', boundary);
  if (!rng.chance(0.45)) return null;
  const before = rng.uniform(0, 6) * MINUTE;
  let after = rng.uniform(2, 14) * MINUTE;
  if (ctx.delayMs !== null) after = Math.max(after, ctx.delayMs + 2 * MINUTE);
  return unplannedStop(ctx, rng, Math.round(boundary - before), Math.round(boundary + after), 0.45);
}

/**
 * Simulates one shift occurrence of one unit and pushes its facts to `out` (all of them: the caller
 * filters by window). `cum` carries the counter unit's cumulative readings.
 */
function simulateInstance(
  ctx: UnitCtx,
  inst: ShiftInstance,
  prev: ShiftInstance | undefined,
  next: ShiftInstance | undefined,
  historyStart: number,
  out: Facts,
  counterState: { month: number; total: number; rejected: number },
  emitCounters: (at: number) => boolean,
): void {
  const { unit, factory, roles } = ctx;
  const rng = rngFor(ctx.seed, unit.key, 'shift', inst.start);
  const prevContig = prev !== undefined && prev.end === inst.start;
  const nextContig = next !== undefined && next.end > inst.end && next.start === inst.end;
  const accountId = factory.accountId;
  const factoryId = factory.id;
  const unitId = unit.id;
  const stateUnit = ctx.delayMs === null;
  const len = inst.end - inst.start;

  const stops: Stop[] = [];
  let runStart = inst.start;
  let headStop: Stop | null = null;
  if (prevContig) {
    headStop = shiftChangeStop(ctx, inst.start);
  } else {
    // Line start after unscheduled time: often a slow start.
    if (rng.chance(0.65)) {
      const dur = rng.uniform(3, 20) * MINUTE + (ctx.delayMs ?? 0);
      headStop = unplannedStop(ctx, rng, inst.start, Math.round(inst.start + dur), 0.5);
    }
  }
  let runEnd = inst.end;
  if (nextContig) {
    const tail = shiftChangeStop(ctx, inst.end);
    if (tail) runEnd = tail.from;
  } else if ((!next || next.start >= inst.end + HOUR) && rng.chance(0.05)) {
    runEnd = inst.end + Math.round(rng.uniform(10, 40) * MINUTE); // overtime: production outside ST
  }
  if (headStop) {
    stops.push(headStop);
    runStart = headStop.to;
  }

  // Planned stops at fixed places: the break mid-shift, a product changeover, sometimes cleaning.
  const fixed: Stop[] = [];
  if (roles.break && len >= 6 * HOUR) {
    const target = (roles.break.targetSeconds ?? 1800) * 1000;
    const over = rng.chance(0.2);
    const dur = target * (over ? rng.uniform(1.1, 1.6) : rng.uniform(0.75, 1.0));
    const at = inst.start + len / 2 + rng.uniform(-20, 20) * MINUTE;
    const mode: JustifyMode = over && rng.chance(0.4) ? 'target' : 'full';
    fixed.push({ from: Math.round(at), to: Math.round(at + dur), reason: roles.break, mode });
  }
  const product = productFor(ctx, inst.date);
  let startProduct = product;
  let productChange: { at: number; product: SimProduct } | null = null;
  const firstOfDay = !prev || prev.date !== inst.date;
  if (product && firstOfDay && prev && inst.start > historyStart) {
    const before = productFor(ctx, prev.date);
    if (before && before.id !== product.id) {
      startProduct = before;
      const target = (roles.changeover?.targetSeconds ?? 1800) * 1000;
      const dur = target * (rng.chance(0.25) ? rng.uniform(1.1, 1.8) : rng.uniform(0.6, 1.0));
      const at = inst.start + len * rng.uniform(0.15, 0.35);
      const stop: Stop = { from: Math.round(at), to: Math.round(at + dur), reason: roles.changeover, mode: roles.changeover && rng.chance(0.9) ? 'full' : 'none' };
      fixed.push(stop);
      productChange = { at: Math.round(stop.from + (stop.to - stop.from) * 0.25), product };
    }
  }
  if (roles.cleaning && rng.chance(0.3)) {
    const target = roles.cleaning.targetSeconds! * 1000;
    const dur = Math.min(target * rng.uniform(0.7, 1.35), len / 3);
    const at = inst.end - dur - rng.uniform(5, 40) * MINUTE;
    fixed.push({ from: Math.round(at), to: Math.round(at + dur), reason: roles.cleaning, mode: 'full' });
  }
  fixed.sort((a, b) => a.from - b.from);
  const planned: Stop[] = [];
  for (const stop of fixed) {
    const last = planned[planned.length - 1];
    if (stop.from < runStart + 5 * MINUTE || stop.to > runEnd - 5 * MINUTE) continue;
    if (last && stop.from < last.to + 5 * MINUTE) continue;
    planned.push(stop);
  }
  if (productChange && !planned.some((s) => s.reason === roles.changeover && s.from <= productChange!.at && productChange!.at < s.to)) {
    productChange = null; // the changeover did not fit: no product change this time
    startProduct = product;
  }

  // Unplanned stops and micro-stops in the running gaps between the planned ones.
  const gaps: [number, number][] = [];
  let cursor = runStart;
  for (const stop of planned) {
    gaps.push([cursor, stop.from]);
    cursor = stop.to;
  }
  gaps.push([cursor, runEnd]);
  const minRun = MINUTE;
  for (const [a, b] of gaps) {
    let t = a;
    while (true) {
      const dtU = rng.exp(95 * MINUTE);
      const dtM = stateUnit ? rng.exp(70 * MINUTE) : Infinity;
      const micro = dtM < dtU;
      const s = Math.round(t + Math.max(minRun, micro ? dtM : dtU));
      let dur: number;
      if (micro) dur = rng.uniform(20, 150) * 1000;
      else dur = Math.min(rng.exp(11 * MINUTE) + 2 * MINUTE + (ctx.delayMs ?? 0), 100 * MINUTE);
      const e = Math.min(Math.round(s + dur), b - minRun);
      if (e - s < 15_000) break;
      stops.push(micro ? { from: s, to: e, reason: null, mode: 'none' } : unplannedStop(ctx, rng, s, e));
      t = e;
    }
  }
  stops.push(...planned);
  stops.sort((x, y) => x.from - y.from);

  // States (state units only) and justifications.
  const delay = ctx.delayMs;
  const firstCountAfter = 20_000;
  for (const stop of stops) {
    const isHead = stop === headStop;
    if (stateUnit) {
      if (!(isHead && !prevContig)) out.states.push({ accountId, factoryId, unitId, eventId: `s:${unit.key}:${stop.from.toString(36)}`, at: stop.from, running: false });
      out.states.push({ accountId, factoryId, unitId, eventId: `s:${unit.key}:${stop.to.toString(36)}`, at: stop.to, running: true });
    }
    if (stop.reason && stop.mode !== 'none') {
      // Count-based units: the derived downtime lasts until the first count after the restart.
      const end = stateUnit ? stop.to : stop.to + firstCountAfter;
      let to = end;
      if (stop.mode === 'partial') to = Math.round(stop.from + (end - stop.from) * (stop.fraction ?? 0.5));
      if (stop.mode === 'target' && stop.reason.targetSeconds) to = Math.min(end, stop.from + stop.reason.targetSeconds * 1000);
      if (to > stop.from) {
        out.justifications.push({ accountId, factoryId, unitId, eventId: `j:${unit.key}:${stop.from.toString(36)}`, from: stop.from, to, reasonId: stop.reason.id, emitAt: end } as JustificationFact & { emitAt: number });
      }
    }
  }
  if (stateUnit) {
    if (!prevContig && !headStop) out.states.push({ accountId, factoryId, unitId, eventId: `s:${unit.key}:${runStart.toString(36)}`, at: runStart, running: true });
    if (!nextContig) out.states.push({ accountId, factoryId, unitId, eventId: `s:${unit.key}:${runEnd.toString(36)}`, at: runEnd, running: false });
  }

  // Products: the first shift of the history sets it; a changeover switches it.
  if (startProduct && !prev) {
    out.products.push({ accountId, factoryId, unitId, eventId: `p:${unit.key}:${inst.start.toString(36)}`, at: inst.start, productId: startProduct.id });
  }
  if (productChange) out.products.push({ accountId, factoryId, unitId, eventId: `p:${unit.key}:${productChange.at.toString(36)}`, at: productChange.at, productId: productChange.product.id });

  const perf = rng.chance(0.1) ? rng.uniform(0.6, 0.8) : rng.uniform(0.84, 0.97);
  const rejectRate = rng.chance(0.05) ? rng.uniform(0.05, 0.1) : rng.uniform(0.004, 0.03);
  let seg = runStart;
  const segments: [number, number][] = [];
  for (const stop of stops) {
    if (stop === headStop) continue;
    if (stop.from > seg) segments.push([seg, stop.from]);
    seg = Math.max(seg, stop.to);
  }
  if (runEnd > seg) segments.push([seg, runEnd]);
  const emit = (at: number, produced: number): void => {
    const units = Math.max(0, Math.round(produced));
    const rejected = Math.min(units, Math.round(units * rejectRate * rng.uniform(0.5, 1.5)));
    if (unit.counters) {
      if (!emitCounters(at)) return;
      const d = new Date(at);
      const month = d.getUTCFullYear() * 12 + d.getUTCMonth();
      if (month !== counterState.month) {
        counterState.month = month;
        counterState.total = 0;
        counterState.rejected = 0;
      }
      counterState.total += units;
      counterState.rejected += rejected;
      out.counters.push({ accountId, factoryId, unitId, eventId: `k:${unit.key}:${at.toString(36)}`, at, total: counterState.total, rejected: counterState.rejected });
    } else if (units > 0) {
      out.counts.push({ accountId, factoryId, unitId, eventId: `c:${unit.key}:${at.toString(36)}`, at, good: units - rejected, rejected });
    }
  };
  const rateAt = (at: number): number => {
    const running = productChange && at >= productChange.at ? productChange.product : startProduct;
    return ((running?.rates[unit.id] ?? 1000) * perf) / HOUR;
  };
  if (stateUnit) {
    // A count every 15–22 minutes of running time, carried across stops; the rest at the run's end.
    let pending = 0;
    let nextIn = rng.uniform(15, 22) * MINUTE;
    let lastEnd = runStart;
    for (const [a, b] of segments) {
      let t = a;
      while (t < b) {
        const step = Math.min(nextIn, b - t);
        pending += rateAt(t) * step * rng.uniform(0.9, 1.1);
        t += step;
        nextIn -= step;
        if (nextIn <= 0) {
          emit(Math.round(t), pending);
          pending = 0;
          nextIn = rng.uniform(15, 22) * MINUTE;
        }
      }
      lastEnd = b;
    }
    if (pending >= 0.5) emit(Math.round(lastEnd), pending);
    return;
  }
  // Count-based units: counts well inside the delay while running, one at each stop (the last
  // count before a gap starts the derived downtime) and the first 20 s after each restart.
  for (const [a, b] of segments) {
    let prevTick = a;
    let t = a + firstCountAfter;
    while (true) {
      const at = Math.round(Math.min(t, b));
      emit(at, rateAt(at) * (at - prevTick) * rng.uniform(0.9, 1.1));
      prevTick = at;
      if (at >= b) break;
      t = at + rng.uniform(0.55, 0.8) * (delay ?? 600_000);
      if (b - t < 30_000) t = b;
    }
  }
}

function unitContext(seed: string, factory: SimFactory, unit: SimUnit, index: number, roles: Roles): UnitCtx {
  // Steeply skewed so a few causes dominate (a Pareto); every other unit swaps the top two so lines differ.
  const pareto = [...roles.unplanned];
  if (index % 2 === 1 && pareto.length >= 2) [pareto[0], pareto[1]] = [pareto[1]!, pareto[0]!];
  return {
    seed,
    factory,
    unit,
    roles,
    pareto,
    paretoWeights: pareto.map((_, i) => 1 / Math.pow(i + 1, 1.6)),
    allowed: factory.products.filter((p) => p.rates[unit.id] !== undefined).sort((a, b) => a.sku.localeCompare(b.sku)),
    delayMs: unit.downtimeDelaySeconds === null ? null : unit.downtimeDelaySeconds * 1000,
  };
}

/** Start of the UTC month holding `at`: counter readings are cumulative from there. */
function monthStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function emitted<T extends { eventId: string }>(list: T[], at: (f: T) => number, from: number, to: number, into: T[]): void {
  for (const fact of list) {
    const t = at(fact);
    if (t >= from && t < to) into.push(fact);
  }
}

/** The facts of one factory emitted in [from, to). */
export function generateFactory(seed: string, historyStart: number, factory: SimFactory, from: number, to: number): Facts {
  const result = emptyFacts();
  if (to <= from) return result;
  const roles = reasonRoles(factory);
  const anyCounters = factory.units.some((u) => u.counters);
  // A week back: every instance that can emit in the window then has its true predecessor (a unit
  // idle over a weekend has its previous shift days before), so a window's facts do not depend on
  // where the window starts.
  const simFrom = (anyCounters ? monthStart(from) : from) - 8 * DAY;
  const instances = shiftInstances(factory, simFrom, to + DAY);
  factory.units.forEach((unit, index) => {
    const ctx = unitContext(seed, factory, unit, index, roles);
    const list = instances.get(unit.id) ?? [];
    const all = emptyFacts();
    const counterState = { month: -1, total: 0, rejected: 0 };
    const counterFrom = monthStart(from);
    for (let i = 0; i < list.length; i++) {
      const inst = list[i]!;
      // A shift emits a little before it starts (the stop around a shift change is owned by the
      // shift that starts there): simulate those starting just after the window too.
      if (inst.start >= to + HOUR) break;
      // Nothing before the history: its first shifts start as line starts, with a product set.
      if (inst.start < historyStart) continue;
      if (!unit.counters && inst.end + 2 * HOUR < from) continue;
      const prev = list[i - 1] && list[i - 1]!.start >= historyStart ? list[i - 1] : undefined;
      simulateInstance(ctx, inst, prev, list[i + 1], historyStart, all, counterState, (at) => at >= counterFrom);
    }
    const lower = Math.max(from, historyStart);
    emitted(all.states, (f) => f.at, lower, to, result.states);
    emitted(all.counts, (f) => f.at, lower, to, result.counts);
    emitted(all.counters, (f) => f.at, lower, to, result.counters);
    emitted(all.products, (f) => f.at, lower, to, result.products);
    emitted(all.justifications, (f) => (f as JustificationFact & { emitAt: number }).emitAt, lower, to, result.justifications);
  });
  for (const j of result.justifications) delete (j as Partial<JustificationFact & { emitAt: number }>).emitAt;
  return result;
}

/**
 * The facts of every factory emitted in [from, to): a pure function of (config, from, to).
 * Times are epoch milliseconds.
 */
export function generateFacts(config: SimConfig, from: number, to: number): Facts {
  const result = emptyFacts();
  for (const factory of config.factories) {
    const facts = generateFactory(config.seed, config.historyStart, factory, from, to);
    appendFacts(result, facts);
  }
  return result;
}

/** Appends b's facts to a (in place; no argument spreading, lists can be millions long). */
export function appendFacts(a: Facts, b: Facts): void {
  for (const key of ['states', 'counts', 'counters', 'justifications', 'products'] as const) {
    const target = a[key] as unknown[];
    for (const fact of b[key]) target.push(fact);
  }
}
