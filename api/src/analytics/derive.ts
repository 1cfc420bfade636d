/**
 * Pure derivation of one production unit's timeline (docs/domain.md §4 facts, §5 times within a window):
 * raw facts in, slices and whole downtimes out. No database here; rollups.ts loads the facts and
 * stores what this returns, and the read path runs it on the fly for window edges.
 *
 * Rules fixed here (and mirrored by the reference implementation of the property test):
 * - The unit's timeline starts at its first fact (`origin`); nothing is scheduled or counted before.
 * - State mode (no downtime delay): the state is the latest state event at or before the instant;
 *   before the first state event the unit is stopped. A downtime is a maximal stopped interval.
 * - Delay mode: positive counts (count events, counter increments) are the signals, plus the origin;
 *   a gap longer than the delay between two signals is a downtime [previous signal, next signal);
 *   after the last signal, a downtime [last signal, horizon) once the horizon is more than the delay away.
 * - Justifications: at each instant of a downtime, the justification covering it with the latest
 *   `from` (then the greatest event id) gives the reason. A person's part (decision 50) applies only
 *   inside the downtime its `from` falls in, and wins over the machine's justifications it overlaps.
 * - Scheduled time: union of the unit's shifts; a unit with no shift is always scheduled.
 * - Counts (docs/domain.md §4): a count is production over the time since the unit's previous count
 *   mark. Marks are the instants of every count event (empty ones included: "nothing made since") and
 *   every counter reading (the baseline included). The positive counts carried by one instant are
 *   summed, then spread over the running time (not inside a downtime) in [previous mark, instant): the
 *   part up to x gets floor(n × running(previous, x) / running(previous, instant)) units, so any
 *   partition of the span (slices, hours, minutes) gives the same whole numbers, and each part is
 *   booked with the product running there. With no previous mark (a unit's first count) or no running
 *   time in between, the count is booked at its own instant, with the product running then (a product
 *   event at the same instant counts as already running).
 */
import { DateTime, type Zone } from 'luxon';
import {
  addDateDays,
  localHourStart,
  productionDayOf,
  productionDayStart,
  WEEK_DAYS,
  type FactoryCalendar,
} from '@linepulse/contracts';

export interface ShiftDef {
  id: string;
  start_local: string;
  end_local: string;
  days: readonly string[];
}

export interface ReasonDef {
  is_planned: boolean;
}

export interface UnitSetup {
  calendar: FactoryCalendar;
  delayMs: number | null;
  shifts: readonly ShiftDef[];
  /** product id → ideal units per hour on this unit. */
  rates: ReadonlyMap<string, number>;
  reasons: ReadonlyMap<string, ReasonDef>;
}

export interface UnitFacts {
  /** First fact of the unit (ms), or null when it has none. */
  origin: number | null;
  /** Sorted by `at`; includes the latest event before the loaded range when there is one. */
  states: { at: number; running: boolean }[];
  /** Positive increments, sorted (count events and counter increments merged). */
  counts: { at: number; good: number; rejected: number }[];
  /**
   * Sorted instants of every count event and counter reading loaded (empty ones and baselines
   * included), with the latest of each before the loaded range: where each count's span begins.
   */
  marks: number[];
  /** Sorted; includes the latest product event before the loaded range. */
  products: { at: number; productId: string }[];
  /** `person`: given by a person on the justification page (decision 50). */
  justifications: { from: number; to: number; reasonId: string; eventId: string; person?: boolean }[];
}

export interface Slice {
  start: number;
  end: number;
  productionDay: string;
  hourStart: number;
  shiftId: string | null;
  productId: string | null;
  scheduled: boolean;
  calendar_ms: number;
  scheduled_ms: number;
  planned_ms: number;
  unplanned_ms: number;
  unjustified_ms: number;
  good: number;
  rejected: number;
  ideal_ms: number;
  occurrences: number;
  /** reason id → justified ms inside scheduled time. */
  reasons: Map<string, number>;
}

export type JustificationType = 'planned' | 'unplanned' | 'mixed' | 'partially_justified' | 'unjustified';

export interface Downtime {
  start: number;
  end: number;
  open: boolean;
  productionDay: string;
  inSchedule: boolean;
  shiftId: string | null;
  productId: string | null;
  scheduled_ms: number;
  planned_ms: number;
  unplanned_ms: number;
  unjustified_ms: number;
  justificationType: JustificationType;
  reasons: Map<string, number>;
}

export const HOUR_MS = 3_600_000;

/**
 * Start of the local hour holding t: the contracts' rule the interval buckets use (worked out from the
 * zone's offset without making a DateTime, luxon's own answer across a change of offset).
 */
export const floorHour = localHourStart;

/** The first local hour boundary at or after t. */
export function ceilHour(t: number, zone: string): number {
  const f = floorHour(t, zone);
  return f === t ? t : f + HOUR_MS;
}

const DAY_MS = 86_400_000;

/**
 * The UTC offset (minutes) in force at local midnight of one calendar day (`date`: that day's 00:00
 * UTC, as epoch ms), resolved as luxon resolves it when stepping day by day: a midnight that happens
 * twice (a fall-back at 01:00) is the first one, a midnight in a gap takes the offset after the gap.
 * Remembered per zone and day: every read of a unit walks the same days again, and luxon's offset
 * lookup (Intl, once per DateTime) was most of the cost of a trend's years of shifts.
 */
const midnightOffsets = new Map<string, Map<number, number>>();
function midnightOffset(tz: Zone, date: number): number {
  let days = midnightOffsets.get(tz.name);
  if (!days) midnightOffsets.set(tz.name, (days = new Map()));
  let offset = days.get(date);
  if (offset === undefined) {
    const before = tz.offset(date - DAY_MS);
    const after = tz.offset(date + DAY_MS);
    offset = tz.offset(date - before * 60_000) === before ? before : after;
    if (days.size > 100_000) days.clear(); // a bound, far above the ~4 000 days since the data's first day
    days.set(date, offset);
  }
  return offset;
}

/** Scheduled intervals [start, end, shiftId] of a unit over [from, to), sorted by start (may overlap across shifts). */
export function shiftIntervals(setup: UnitSetup, from: number, to: number): { start: number; end: number; shiftId: string }[] {
  const out: { start: number; end: number; shiftId: string }[] = [];
  if (setup.shifts.length === 0) return out;
  const zone = setup.calendar.timezone;
  // Calendar days as their 00:00 UTC (plain arithmetic, no DateTime per day), from two days before
  // `from`'s local day (a shift starting then may still run) to the day after `to`'s.
  const localDate = (t: number): number => {
    const l = DateTime.fromMillis(t, { zone });
    return Date.UTC(l.year, l.month - 1, l.day);
  };
  const first = localDate(from) - 2 * DAY_MS;
  const last = localDate(to) + DAY_MS;
  const tz = DateTime.fromMillis(from, { zone }).zone;
  // Wall-clock times as instants, the way luxon's `set` resolves them (its offset fix, gaps and
  // overlaps included), without building a DateTime per shift: years of shifts (a trend's periods)
  // took a second in `set` alone.
  const at = (date: number, minutes: number): number => {
    const wall = date + minutes * 60_000;
    const o = midnightOffset(tz, date);
    let utc = wall - o * 60_000;
    // The same offset at this midnight and the next: no change of offset in between.
    if (midnightOffset(tz, date + DAY_MS) === o) return utc;
    const o2 = tz.offset(utc);
    if (o === o2) return utc;
    utc -= (o2 - o) * 60_000;
    const o3 = tz.offset(utc);
    return o2 === o3 ? utc : wall - Math.min(o2, o3) * 60_000;
  };
  const parsed = setup.shifts.map((shift) => {
    const [sh, sm] = shift.start_local.split(':').map(Number) as [number, number];
    const [eh, em] = shift.end_local.split(':').map(Number) as [number, number];
    return { shift, startMin: sh * 60 + sm, endMin: eh * 60 + em, crosses: eh * 60 + em <= sh * 60 + sm };
  });
  for (let date = first; date <= last; date += DAY_MS) {
    const weekday = WEEK_DAYS[(new Date(date).getUTCDay() + 6) % 7]!; // Monday first, as luxon's weekday
    for (const { shift, startMin, endMin, crosses } of parsed) {
      if (!shift.days.includes(weekday)) continue;
      const start = at(date, startMin);
      const end = crosses ? at(date + DAY_MS, endMin) : at(date, endMin);
      if (end > from && start < to && end > start) out.push({ start, end, shiftId: shift.id });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Merged union of intervals. */
function union(intervals: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const i of sorted) {
    const lastI = out[out.length - 1];
    if (lastI && i.start <= lastI.end) lastI.end = Math.max(lastI.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** Downtime intervals over [lb, ub) (whole where the facts allow), given facts loaded over that span. */
export function downtimeIntervals(setup: UnitSetup, facts: UnitFacts, lb: number, ub: number, horizon: number): { start: number; end: number; open: boolean }[] {
  const origin = facts.origin;
  if (origin === null) return [];
  const begin = Math.max(lb, origin);
  const out: { start: number; end: number; open: boolean }[] = [];
  if (setup.delayMs === null) {
    // State mode.
    let running = false;
    let downStart: number | null = null;
    const before = facts.states.filter((s) => s.at <= begin);
    if (before.length) running = before[before.length - 1]!.running;
    // The loader starts lb at the start of a downtime in progress (or where the unit runs).
    if (!running) downStart = begin;
    for (const s of facts.states) {
      if (s.at <= begin || s.at >= ub) continue;
      if (s.running && !running) {
        out.push({ start: downStart!, end: s.at, open: false });
        downStart = null;
      } else if (!s.running && running) {
        downStart = s.at;
      }
      running = s.running;
    }
    if (!running && downStart !== null) out.push({ start: downStart, end: ub, open: ub >= horizon });
    return out;
  }
  const delay = setup.delayMs;
  const signals = [...(lb <= origin ? [origin] : []), ...facts.counts.map((c) => c.at).filter((t) => t >= lb)];
  const uniq = [...new Set(signals)].sort((a, b) => a - b);
  for (let i = 0; i < uniq.length; i += 1) {
    const a = uniq[i]!;
    const next = uniq[i + 1];
    if (next !== undefined) {
      if (next - a > delay) out.push({ start: a, end: next, open: false });
    } else if (ub >= horizon && horizon - a > delay) {
      out.push({ start: a, end: horizon, open: true });
    }
  }
  return out;
}

interface Segment {
  start: number;
  end: number;
  reasonId: string | null;
  downtime: number;
}

/** Downtime segments split by the effective justification. */
function justifiedSegments(downtimes: { start: number; end: number }[], facts: UnitFacts): Segment[] {
  const out: Segment[] = [];
  const js = [...facts.justifications].sort((a, b) => a.from - b.from);
  // Downtimes are sorted and disjoint: keep the justifications that started before the downtime's end
  // and drop those that ended before its start (they cannot cover any later downtime).
  let next = 0;
  let active: typeof js = [];
  downtimes.forEach((d, index) => {
    while (next < js.length && js[next]!.from < d.end) active.push(js[next++]!);
    // A person's part belongs to the downtime its `from` falls in: one of an earlier downtime is done.
    active = active.filter((j) => j.to > d.start && !(j.person && j.from < d.start));
    const covering = active.filter((j) => j.from < d.end);
    const cuts = new Set<number>([d.start, d.end]);
    for (const j of covering) {
      if (j.from > d.start && j.from < d.end) cuts.add(j.from);
      if (j.to > d.start && j.to < d.end) cuts.add(j.to);
    }
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i += 1) {
      const a = points[i]!;
      const b = points[i + 1]!;
      let best: (typeof covering)[number] | null = null;
      for (const j of covering) {
        if (j.from <= a && j.to >= b) {
          const rank = Number(!!j.person) - Number(!!best?.person);
          if (!best || rank > 0 || (rank === 0 && (j.from > best.from || (j.from === best.from && j.eventId > best.eventId)))) best = j;
        }
      }
      const previous = out[out.length - 1];
      const reasonId = best ? best.reasonId : null;
      if (previous && previous.downtime === index && previous.reasonId === reasonId && previous.end === a) previous.end = b;
      else out.push({ start: a, end: b, reasonId, downtime: index });
    }
  });
  return out;
}

export interface Derived {
  slices: Slice[];
  downtimes: Downtime[];
}

/**
 * Slices over [from, to) and the downtimes starting in [from, to), whole. `facts` must cover
 * [lb, ub) ⊇ [from, to) with enough context (see facts.ts deriveSpan); `horizon` is "now".
 * With `downtimesFrom` (≥ lb), the downtimes starting in [downtimesFrom, from) come out too, still
 * whole: a rebuild that starts inside a long downtime rewrites that downtime's record without
 * re-deriving the slices of its past (rollups.ts rebuildRange).
 */
export function deriveUnit(
  setup: UnitSetup, facts: UnitFacts, from: number, to: number, lb: number, ub: number, horizon: number, downtimesFrom: number = from,
): Derived {
  const origin = facts.origin;
  if (origin === null || to <= origin) return { slices: [], downtimes: [] };
  const begin = Math.max(from, origin);
  if (begin >= to) return { slices: [], downtimes: [] };
  const zone = setup.calendar.timezone;
  const cal = setup.calendar;
  const dts = downtimeIntervals(setup, facts, lb, ub, horizon);
  const spanStart = Math.min(begin, ...dts.map((d) => d.start));
  const spanEnd = Math.max(to, ...dts.map((d) => d.end));
  const shifts = shiftIntervals(setup, spanStart, spanEnd);
  const noShifts = setup.shifts.length === 0;
  const sched = noShifts ? [{ start: spanStart - 1, end: spanEnd + 1 }] : union(shifts);
  /** Index of the last interval whose start is ≤ t (intervals sorted by start), or -1. */
  const lastStartingBy = (list: readonly { start: number }[], t: number): number => {
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.start <= t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const scheduledOverlap = (a: number, b: number): number => {
    let total = 0;
    for (let i = Math.max(0, lastStartingBy(sched, a)); i < sched.length; i += 1) {
      const s = sched[i]!;
      if (s.start >= b) break;
      const lo = Math.max(a, s.start);
      const hi = Math.min(b, s.end);
      if (hi > lo) total += hi - lo;
    }
    return total;
  };
  const isScheduled = (t: number): boolean => {
    const i = lastStartingBy(sched, t);
    return i >= 0 && sched[i]!.end > t;
  };
  // Shifts may overlap one another: the first (in configuration order) containing t wins; a shift
  // lasts at most a day, so only intervals starting within the last 48 hours can contain t.
  const shiftOrder = new Map(setup.shifts.map((sh, i) => [sh.id, i]));
  const shiftAt = (t: number): string | null => {
    let best: { shiftId: string; order: number } | null = null;
    for (let i = lastStartingBy(shifts, t); i >= 0; i -= 1) {
      const s = shifts[i]!;
      if (s.start < t - 2 * 86_400_000) break;
      if (s.end > t) {
        const order = shiftOrder.get(s.shiftId) ?? 0;
        if (!best || order < best.order) best = { shiftId: s.shiftId, order };
      }
    }
    return best ? best.shiftId : null;
  };
  const products = facts.products;
  const productStarts = products.map((p) => ({ start: p.at, productId: p.productId }));
  const productAt = (t: number): string | null => {
    const i = lastStartingBy(productStarts, t);
    return i >= 0 ? productStarts[i]!.productId : null;
  };

  // Cut points.
  const cuts = new Set<number>([begin, to]);
  let h = ceilHour(begin, zone);
  while (h < to) {
    cuts.add(h);
    h += HOUR_MS;
  }
  let day = productionDayOf(DateTime.fromMillis(begin, { zone }), cal);
  // Production-day starts in (begin, to), with the day each one starts.
  const dayMarks: { start: number; day: string }[] = [{ start: -Infinity, day }];
  for (;;) {
    const next = addDateDays(day, 1);
    const startNext = productionDayStart(next, cal).toMillis();
    if (startNext >= to) break;
    day = next;
    if (startNext > begin) {
      cuts.add(startNext);
      dayMarks.push({ start: startNext, day });
    } else dayMarks[0] = { start: -Infinity, day };
  }
  const dayOf = (t: number): string => dayMarks[Math.max(0, lastStartingBy(dayMarks, t))]!.day;
  const firstHour = floorHour(begin, zone);
  const hourOf = (t: number): number => firstHour + Math.floor((t - firstHour) / HOUR_MS) * HOUR_MS;
  for (const s of shifts) {
    if (s.start > begin && s.start < to) cuts.add(s.start);
    if (s.end > begin && s.end < to) cuts.add(s.end);
  }
  for (const p of products) if (p.at > begin && p.at < to) cuts.add(p.at);
  const points = [...cuts].sort((a, b) => a - b);

  const segments = justifiedSegments(dts, facts);
  let si = 0;
  let di = 0;
  const slices: Slice[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const shiftId = shiftAt(start);
    const scheduled = noShifts || shiftId !== null || isScheduled(start);
    const productId = productAt(start);
    const slice: Slice = {
      start, end,
      productionDay: dayOf(start),
      hourStart: hourOf(start),
      shiftId, productId, scheduled,
      calendar_ms: end - start,
      scheduled_ms: scheduled ? end - start : 0,
      planned_ms: 0, unplanned_ms: 0, unjustified_ms: 0,
      good: 0, rejected: 0, ideal_ms: 0, occurrences: 0,
      reasons: new Map(),
    };
    while (si < segments.length && segments[si]!.end <= start) si += 1;
    if (scheduled) {
      for (let k = si; k < segments.length && segments[k]!.start < end; k += 1) {
        const seg = segments[k]!;
        const ms = Math.min(end, seg.end) - Math.max(start, seg.start);
        if (ms <= 0) continue;
        if (seg.reasonId === null) slice.unjustified_ms += ms;
        else {
          const reason = setup.reasons.get(seg.reasonId);
          if (reason?.is_planned) slice.planned_ms += ms;
          else slice.unplanned_ms += ms;
          slice.reasons.set(seg.reasonId, (slice.reasons.get(seg.reasonId) ?? 0) + ms);
        }
      }
    }
    while (di < dts.length && dts[di]!.start < start) di += 1;
    if (scheduled) for (let k = di; k < dts.length && dts[k]!.start < end; k += 1) slice.occurrences += 1;
    slices.push(slice);
  }
  spreadCounts(setup, facts, dts, slices, begin, to);

  const downtimes: Downtime[] = [];
  const segmentsOf = new Map<number, Segment[]>();
  for (const seg of segments) {
    if (!segmentsOf.has(seg.downtime)) segmentsOf.set(seg.downtime, []);
    segmentsOf.get(seg.downtime)!.push(seg);
  }
  dts.forEach((d, index) => {
    if (d.start < Math.min(begin, downtimesFrom) || d.start >= to) return;
    const dt: Downtime = {
      start: d.start, end: d.end, open: d.open,
      // dayOf knows the production days from `begin` on only.
      productionDay: d.start < begin ? productionDayOf(DateTime.fromMillis(d.start, { zone }), cal) : dayOf(d.start),
      inSchedule: noShifts || isScheduled(d.start),
      shiftId: shiftAt(d.start),
      productId: productAt(d.start),
      scheduled_ms: 0, planned_ms: 0, unplanned_ms: 0, unjustified_ms: 0,
      justificationType: 'unjustified',
      reasons: new Map(),
    };
    for (const seg of segmentsOf.get(index) ?? []) {
      const ms = noShifts ? seg.end - seg.start : scheduledOverlap(seg.start, seg.end);
      if (ms <= 0) continue;
      dt.scheduled_ms += ms;
      if (seg.reasonId === null) dt.unjustified_ms += ms;
      else {
        if (setup.reasons.get(seg.reasonId)?.is_planned) dt.planned_ms += ms;
        else dt.unplanned_ms += ms;
        dt.reasons.set(seg.reasonId, (dt.reasons.get(seg.reasonId) ?? 0) + ms);
      }
    }
    dt.justificationType = justificationType(dt.planned_ms, dt.unplanned_ms, dt.unjustified_ms);
    downtimes.push(dt);
  });
  return { slices, downtimes };
}

/** Index of the last item whose `key` is ≤ t (items sorted by key), or -1. */
function lastAtOrBefore<T>(list: readonly T[], t: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid]!) <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** floor(n × part / whole) exactly, for whole numbers (0 ≤ part ≤ whole, whole > 0). */
export function shareOf(n: number, part: number, whole: number): number {
  if (part >= whole) return n;
  if (n * whole <= Number.MAX_SAFE_INTEGER) {
    const a = n * part;
    return (a - (a % whole)) / whole;
  }
  return Number((BigInt(n) * BigInt(part)) / BigInt(whole));
}

/**
 * Books the counts into the slices (sorted, contiguous over [begin, to)): each instant's counts over
 * the running time since the previous mark, or at the instant itself (see the rules at the top).
 */
function spreadCounts(setup: UnitSetup, facts: UnitFacts, dts: readonly { start: number; end: number }[], slices: Slice[], begin: number, to: number): void {
  if (slices.length === 0) return;
  const marks = facts.marks;
  /** Running ms in [a, b): its length minus the downtime inside (downtimes sorted and disjoint). */
  const running = (a: number, b: number): number => {
    if (b <= a) return 0;
    let down = 0;
    for (let i = Math.max(0, lastAtOrBefore(dts, a, (d) => d.start)); i < dts.length; i += 1) {
      const d = dts[i]!;
      if (d.start >= b) break;
      const lo = Math.max(a, d.start);
      const hi = Math.min(b, d.end);
      if (hi > lo) down += hi - lo;
    }
    return b - a - down;
  };
  const book = (slice: Slice, good: number, rejected: number): void => {
    if (good + rejected === 0) return;
    slice.good += good;
    slice.rejected += rejected;
    const rate = slice.productId ? setup.rates.get(slice.productId) : undefined;
    if (rate) slice.ideal_ms += ((good + rejected) * HOUR_MS) / rate;
  };
  const counts = facts.counts;
  for (let i = 0; i < counts.length;) {
    // Every positive count of one instant is one production since the previous mark.
    const at = counts[i]!.at;
    let good = 0;
    let rejected = 0;
    for (; i < counts.length && counts[i]!.at === at; i += 1) {
      good += counts[i]!.good;
      rejected += counts[i]!.rejected;
    }
    if (at < begin) continue;
    const pi = lastAtOrBefore(marks, at - 1, (m) => m);
    const previous = pi >= 0 ? marks[pi]! : null;
    if (previous !== null && previous >= to) break;
    const whole = previous === null ? 0 : running(previous, at);
    if (whole <= 0) {
      if (at < to) book(slices[lastAtOrBefore(slices, at, (s) => s.start)]!, good, rejected);
      continue;
    }
    const from = Math.max(previous!, begin);
    let k = Math.max(0, lastAtOrBefore(slices, from, (s) => s.start));
    let done = running(previous!, from);
    let bookedGood = shareOf(good, done, whole);
    let bookedRejected = shareOf(rejected, done, whole);
    for (; k < slices.length && slices[k]!.start < at; k += 1) {
      const s = slices[k]!;
      done += running(Math.max(s.start, from), Math.min(s.end, at));
      const g = shareOf(good, done, whole);
      const r = shareOf(rejected, done, whole);
      book(s, g - bookedGood, r - bookedRejected);
      bookedGood = g;
      bookedRejected = r;
    }
  }
}

export function justificationType(planned: number, unplanned: number, unjustified: number): JustificationType {
  if (planned + unplanned === 0) return 'unjustified';
  if (unjustified > 0) return 'partially_justified';
  if (planned > 0 && unplanned > 0) return 'mixed';
  return planned > 0 ? 'planned' : 'unplanned';
}
