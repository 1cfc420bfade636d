/**
 * Property: on random facts (states or counts with a downtime delay, counters with resets,
 * justifications, shifts, products, late facts), the engine's answers equal a plain minute-by-minute
 * computation from the raw facts, written here without any of the engine's code: counts included,
 * each spread over the running minutes since the unit's previous count (docs/domain.md §4).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { kpisByGroups } from '../src/analytics/engine.ts';
import { build, Cleanup } from './helper.ts';
import { count, counter, justify, makeFactory, makeProduct, makeReason, makeShift, makeUnit, markDirty, product, state } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

const ZONE = 'Asia/Kolkata'; // local hours start at :30 UTC
const BASE = Date.parse('2024-05-05T18:30:00Z'); // 2024-05-06 00:00 local
const MIN = 60_000;
const SPAN = 2 * 24 * 60; // minutes of facts
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const at = (m: number) => new Date(BASE + m * MIN).toISOString();

interface Scenario {
  delayMinutes: number | null;
  shifts: { start: number; end: number; days: number[] }[];
  states: { m: number; running: boolean; late: boolean }[];
  counts: { m: number; good: number; rejected: number; late: boolean }[];
  counters: { m: number; total: number; rejected: number }[];
  products: { m: number; p: number }[];
  justifications: { from: number; len: number; reason: number; late: boolean }[];
  window: { from: number; len: number };
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const scenario: fc.Arbitrary<Scenario> = fc.record({
  delayMinutes: fc.option(fc.integer({ min: 2, max: 40 }), { nil: null }),
  shifts: fc.array(fc.record({ start: fc.integer({ min: 0, max: 95 }).map((q) => q * 15), end: fc.integer({ min: 0, max: 95 }).map((q) => q * 15), days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }) }), { maxLength: 2 }),
  states: fc.uniqueArray(fc.record({ m: fc.integer({ min: 0, max: SPAN - 1 }), running: fc.boolean(), late: fc.boolean() }), { selector: (s) => s.m, maxLength: 25 }),
  counts: fc.array(fc.record({ m: fc.integer({ min: 0, max: SPAN - 1 }), good: fc.integer({ min: 0, max: 40 }), rejected: fc.integer({ min: 0, max: 4 }), late: fc.boolean() }), { maxLength: 40 }),
  counters: fc.uniqueArray(fc.record({ m: fc.integer({ min: 0, max: SPAN - 1 }), total: fc.integer({ min: 0, max: 500 }), rejected: fc.integer({ min: 0, max: 30 }) }), { selector: (c) => c.m, maxLength: 8 }),
  products: fc.uniqueArray(fc.record({ m: fc.integer({ min: 0, max: SPAN - 1 }), p: fc.integer({ min: 0, max: 1 }) }), { selector: (p) => p.m, maxLength: 4 }),
  justifications: fc.array(fc.record({ from: fc.integer({ min: 0, max: SPAN - 1 }), len: fc.integer({ min: 1, max: 300 }), reason: fc.integer({ min: 0, max: 2 }), late: fc.boolean() }), { maxLength: 8 }),
  window: fc.record({ from: fc.integer({ min: 0, max: SPAN - 61 }), len: fc.integer({ min: 60, max: SPAN }) }),
});

interface Expected {
  scheduled: number;
  planned: number;
  unplanned: number;
  unjustified: number;
  good: number;
  rejected: number;
  ideal: number;
  occurrences: number;
  /** local hour start (ISO) → [scheduled, downtime, good] */
  hours: Map<string, [number, number, number]>;
}

const RATES = [3600, 1800];
const localHour = (t: number): string => new Date(DateTime.fromMillis(t, { zone: ZONE }).startOf('hour').toMillis()).toISOString();
const PLANNED = [true, false, false];

/** The obviously-correct computation, minute by minute. */
function reference(s: Scenario, horizonMinutes: number): Expected {
  const w0 = s.window.from;
  const w1 = Math.min(SPAN, s.window.from + s.window.len);
  const machine = [...s.states.map((x) => x.m), ...s.counts.map((x) => x.m), ...s.counters.map((x) => x.m)];
  const origin = machine.length ? Math.min(...machine) : Infinity;
  const scheduled = (m: number): boolean => {
    if (s.shifts.length === 0) return true;
    const local = DateTime.fromMillis(BASE + m * MIN, { zone: ZONE });
    const lm = local.hour * 60 + local.minute;
    const today = local.weekday - 1;
    const yesterday = (today + 6) % 7;
    return s.shifts.some((sh) => {
      if (sh.end > sh.start) return sh.days.includes(today) && lm >= sh.start && lm < sh.end;
      return (sh.days.includes(today) && lm >= sh.start) || (sh.days.includes(yesterday) && lm < sh.end);
    });
  };
  // Counter increments.
  const counters = [...s.counters].sort((a, b) => a.m - b.m);
  const increments: { m: number; good: number; rejected: number }[] = [];
  for (let i = 1; i < counters.length; i += 1) {
    const p = counters[i - 1]!;
    const c = counters[i]!;
    const reset = c.total < p.total || c.rejected < p.rejected;
    const total = reset ? c.total : c.total - p.total;
    const rejected = reset ? c.rejected : c.rejected - p.rejected;
    if (total + rejected > 0) increments.push({ m: c.m, good: Math.max(0, total - rejected), rejected });
  }
  const allCounts = [...s.counts.filter((c) => c.good + c.rejected > 0), ...increments];
  // Downtime intervals [a, b) in minutes.
  const intervals: [number, number][] = [];
  if (s.delayMinutes === null) {
    const states = [...s.states].sort((a, b) => a.m - b.m);
    const stoppedAt = (m: number) => {
      let running = false;
      for (const st of states) if (st.m <= m) running = st.running;
      return !running;
    };
    let start: number | null = null;
    for (let m = origin; m < horizonMinutes && Number.isFinite(origin); m += 1) {
      const stopped = stoppedAt(m);
      if (stopped && start === null) start = m;
      if (!stopped && start !== null) {
        intervals.push([start, m]);
        start = null;
      }
      if (m > SPAN + 1 && start === null) break;
      if (m > SPAN + 1 && start !== null) {
        intervals.push([start, horizonMinutes]);
        start = null;
        break;
      }
    }
    if (start !== null) intervals.push([start, horizonMinutes]);
  } else if (Number.isFinite(origin)) {
    const signals = [...new Set([origin, ...allCounts.map((c) => c.m)])].sort((a, b) => a - b);
    const delay = s.delayMinutes;
    signals.forEach((a, i) => {
      const b = signals[i + 1] ?? horizonMinutes;
      if (b - a > delay) intervals.push([a, b]);
    });
  }
  const down = (m: number) => intervals.some(([a, b]) => a <= m && m < b);
  const isDown = (m: number) => m >= origin && down(m);
  const e: Expected = { scheduled: 0, planned: 0, unplanned: 0, unjustified: 0, good: 0, rejected: 0, ideal: 0, occurrences: 0, hours: new Map() };
  const hourKey = (m: number) => localHour(BASE + m * MIN);
  const bump = (m: number, i: 0 | 1 | 2, v: number) => {
    const k = hourKey(m);
    const h = e.hours.get(k) ?? [0, 0, 0];
    h[i] += v;
    e.hours.set(k, h);
  };
  const js = s.justifications.map((j, i) => ({ ...j, id: `j${String(i).padStart(3, '0')}` }));
  for (let m = w0; m < w1; m += 1) {
    bump(m, 0, 0);
    if (m < origin || !scheduled(m)) continue;
    e.scheduled += MIN;
    bump(m, 0, MIN);
    if (!isDown(m)) continue;
    bump(m, 1, MIN);
    if (intervals.some(([a]) => a === m)) e.occurrences += 1;
    let best: (typeof js)[number] | null = null;
    for (const j of js) if (j.from <= m && m < j.from + j.len && (!best || j.from > best.from || (j.from === best.from && j.id > best.id))) best = j;
    if (!best) e.unjustified += MIN;
    else if (PLANNED[best.reason]) e.planned += MIN;
    else e.unplanned += MIN;
  }
  const products = [...s.products].sort((a, b) => a.m - b.m);
  const book = (m: number, good: number, rejected: number) => {
    if (m < w0 || m >= w1) return;
    e.good += good;
    e.rejected += rejected;
    bump(m, 2, good + rejected);
    let p: number | null = null;
    for (const x of products) if (x.m <= m) p = x.p;
    if (p !== null) e.ideal += ((good + rejected) * 3_600_000) / RATES[p]!;
  };
  // A count is production since the previous mark (any count event, empty ones too, or counter
  // reading), spread minute by minute over the running minutes in between: after the k-th running
  // minute of R, floor(n × k / R) units are booked. No previous mark or no running minute: at its minute.
  const marks = [...s.counts.map((c) => c.m), ...s.counters.map((c) => c.m)];
  const atMinute = new Map<number, { good: number; rejected: number }>();
  for (const c of allCounts) {
    const x = atMinute.get(c.m) ?? { good: 0, rejected: 0 };
    x.good += c.good;
    x.rejected += c.rejected;
    atMinute.set(c.m, x);
  }
  for (const [m, c] of atMinute) {
    const previous = Math.max(-Infinity, ...marks.filter((x) => x < m));
    const runningMinutes: number[] = [];
    for (let k = previous; Number.isFinite(previous) && k < m; k += 1) if (!isDown(k)) runningMinutes.push(k);
    if (runningMinutes.length === 0) {
      book(m, c.good, c.rejected);
      continue;
    }
    const R = runningMinutes.length;
    runningMinutes.forEach((k, i) => {
      const part = (n: number) => Math.floor((n * (i + 1)) / R) - Math.floor((n * i) / R);
      book(k, part(c.good), part(c.rejected));
    });
  }
  return e;
}

describe('analytics engine: property test against a minute-by-minute reference', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('equals the reference on random facts (50 runs)', async () => {
    const horizonMinutes = Math.floor((Date.now() - BASE) / MIN);
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const f = await makeFactory(app.db, { timezone: ZONE });
        const unit = await makeUnit(f, { delaySeconds: s.delayMinutes === null ? null : s.delayMinutes * 60 });
        for (const sh of s.shifts) await makeShift(f, { start: hhmm(sh.start), end: hhmm(sh.end), days: sh.days.map((d) => DAYS[d]!), units: [unit] });
        const products = [await makeProduct(f, { [unit]: RATES[0]! }), await makeProduct(f, { [unit]: RATES[1]! })];
        const reasons: string[] = [];
        for (const planned of PLANNED) reasons.push(await makeReason(f, { planned }));
        const write = async (late: boolean) => {
          for (const x of s.states.filter((y) => y.late === late)) await state(f, unit, at(x.m), x.running);
          for (const x of s.counts.filter((y) => y.late === late)) await count(f, unit, at(x.m), x.good, x.rejected);
          for (const [i, j] of s.justifications.entries()) if (j.late === late) await justify(f, unit, at(j.from), at(j.from + j.len), reasons[j.reason]!, `j${String(i).padStart(3, '0')}`);
          if (!late) {
            for (const x of s.counters) await counter(f, unit, at(x.m), x.total, x.rejected);
            for (const x of s.products) await product(f, unit, at(x.m), products[x.p]!);
          }
        };
        const windowEnd = Math.min(SPAN, s.window.from + s.window.len);
        const ask = async () => (await kpisByGroups(app.db, f.accountId, {
          start: at(s.window.from), end: at(windowEnd), interval: 'hour',
          groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: [unit] }],
        })).groups[0] as unknown as { total: Record<string, number | null>; intervals: Record<string, number | string | null>[] };
        await write(false);
        // Derive everything once (the whole span), then add the late facts and mark them dirty.
        await kpisByGroups(app.db, f.accountId, { start: at(0), end: at(SPAN), groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: [unit] }] });
        await write(true);
        // As ingestion marks them: a late state or count changes everything after it (until the next
        // one, which the engine finds), so its row reaches past now; a justification its own span.
        const untilTomorrow = new Date(Date.now() + 86_400_000).toISOString();
        for (const x of s.states.filter((y) => y.late)) await markDirty(f, unit, at(x.m), untilTomorrow);
        for (const x of s.counts.filter((y) => y.late)) await markDirty(f, unit, at(x.m), untilTomorrow);
        for (const j of s.justifications.filter((y) => y.late)) await markDirty(f, unit, at(j.from), at(j.from + j.len));
        const got = await ask();
        const e = reference(s, horizonMinutes);
        const t = got.total;
        const summary = { scheduled: t.scheduled_ms, planned: t.planned_downtime_ms, unplanned: t.unplanned_downtime_ms, unjustified: t.unjustified_downtime_ms, good: t.good, rejected: t.rejected, occurrences: t.downtime_occurrences };
        assert.deepEqual(summary, { scheduled: e.scheduled, planned: e.planned, unplanned: e.unplanned, unjustified: e.unjustified, good: e.good, rejected: e.rejected, occurrences: e.occurrences });
        const uptime = e.scheduled - e.planned - e.unplanned - e.unjustified;
        if (uptime > 0) assert.ok(Math.abs((t.performance as number) - e.ideal / uptime) < 1e-9, `performance ${t.performance} vs ${e.ideal / uptime}`);
        else assert.equal(t.performance, null);
        for (const i of got.intervals) {
          const h = e.hours.get(localHour(Date.parse(String(i.start_time)))) ?? [0, 0, 0];
          const downtime = Number(i.planned_downtime_ms) + Number(i.unplanned_downtime_ms) + Number(i.unjustified_downtime_ms);
          assert.deepEqual([i.start_time, i.scheduled_ms, downtime, Number(i.good) + Number(i.rejected)], [i.start_time, h[0], h[1], h[2]]);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 50), seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
  });
});
