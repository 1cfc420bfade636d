import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { downtimesInfo, kpisByGroups } from '../src/analytics/engine.ts';
import { rebuildUnits, sweep } from '../src/analytics/rollups.ts';
import { HISTORY_START, markHistoryDirty } from '../src/db/rollup-dirty.ts';
import { baseline, hourBuckets } from '../bench/baseline.ts';
import { build, call, Cleanup, DEMO } from './helper.ts';
import { count, counter, HOUR, justify, makeFactory, makeProduct, makeReason, makeShift, makeUnit, markDirty, MIN, product, state, type TestFactory } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

const near = (actual: number | null | undefined, expected: number, digits = 4): void => {
  assert.ok(actual !== null && actual !== undefined, `expected ${expected}, got ${String(actual)}`);
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `expected ${expected}, got ${actual}`);
};

async function kpis(app: FastifyInstance, f: TestFactory, units: string[], start: string, end: string, extra: Record<string, unknown> = {}) {
  const r = await kpisByGroups(app.db, f.accountId, { start, end, groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: units, ...extra }] });
  return r.groups[0] as unknown as { total: Record<string, number | null>; intervals?: Record<string, number | string | null>[] };
}

/** The same from the benchmark's plain query (bench/baseline.ts), which shares no code with the engine. */
async function plainHourly(app: FastifyInstance, f: TestFactory, unit: string, start: string, end: string): Promise<[string, unknown, unknown][]> {
  const r = await baseline(app.db, f.accountId, 'UTC', [unit], hourBuckets(Date.parse(start), Date.parse(end), 'UTC'));
  return r.rows.map((row) => [row.bucket_start.slice(11, 13), row.good, row.rejected]);
}

/** [local hour "HH", good, rejected] per hour of the window. */
async function hourly(app: FastifyInstance, f: TestFactory, unit: string, start: string, end: string): Promise<[string, unknown, unknown][]> {
  const r = await kpisByGroups(app.db, f.accountId, { start, end, interval: 'hour', groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: [unit] }] });
  const g = r.groups[0] as unknown as { intervals: Record<string, unknown>[] };
  return g.intervals.map((i) => [String(i.start_time).slice(11, 13), i.good, i.rejected]);
}

describe('analytics engine: domain rules (docs/domain.md)', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('reproduces the textbook OEE example (A 88.81 %, P 86.11 %, Q 97.80 %, OEE 74.80 %)', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await makeShift(f, { start: '06:00', end: '14:00', units: [unit] });
    const planned = await makeReason(f, { planned: true, name: 'Break' });
    const unplanned = await makeReason(f, { planned: false, name: 'Jam' });
    const p = await makeProduct(f, { [unit]: 3600 });
    await product(f, unit, '2024-05-06T05:00:00Z', p);
    const d = '2024-05-06T';
    for (const [at, running] of [['06:00', true], ['09:00', false], ['09:30', true], ['11:00', false], ['11:30', true], ['12:00', false], ['12:47', true], ['14:00', false]] as const) {
      await state(f, unit, `${d}${at}:00Z`, running);
    }
    await justify(f, unit, `${d}09:00:00Z`, `${d}09:30:00Z`, planned);
    await justify(f, unit, `${d}11:00:00Z`, `${d}11:30:00Z`, planned);
    await justify(f, unit, `${d}12:00:00Z`, `${d}12:47:00Z`, unplanned);
    await count(f, unit, `${d}13:00:00Z`, 19271 - 423, 423);
    const g = await kpis(app, f, [unit], '2024-05-06T00:00:00Z', '2024-05-07T00:00:00Z');
    assert.equal(g.total.scheduled_ms, 480 * MIN);
    assert.equal(g.total.planned_downtime_ms, 60 * MIN);
    assert.equal(g.total.unplanned_downtime_ms, 47 * MIN);
    assert.equal(g.total.unjustified_downtime_ms, 0);
    assert.equal(g.total.uptime_ms, 373 * MIN);
    assert.equal(g.total.calendar_ms, 24 * HOUR);
    assert.equal(g.total.downtime_occurrences, 3);
    near(g.total.availability, 0.8881);
    near(g.total.performance, 0.8611);
    near(g.total.quality, 0.978);
    near(g.total.oee, 0.748);
    // The same through HTTP with time_range dates, and downtimes-info.
    const res = await call(app, DEMO.operation, {
      method: 'POST', url: '/api/kpis/by-groups',
      payload: { time_option: 'time_range', start_date: '2024-05-06', end_date: '2024-05-06', groups: [{ name: 'Line', factory_id: f.factoryId, production_unit_ids: [unit] }] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    near(res.body.groups[0].total.oee, 0.748);
    const info = await call(app, DEMO.operation, {
      method: 'POST', url: '/api/production-units/downtimes-info',
      payload: { start: '2024-05-06T00:00:00Z', end: '2024-05-07T00:00:00Z', production_unit_ids: [unit] },
    });
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.deepEqual({ ...info.body[0], availability_rate: Math.round(info.body[0].availability_rate * 100) / 100 }, {
      production_unit_id: unit, production_unit_name: info.body[0].production_unit_name, availability_rate: 88.81, downtime_occurrences: 3,
      total: 107 * MIN, planned: 60 * MIN, unplanned: 47 * MIN, unjustified: 0, in_production: 480 * MIN, uptime: 373 * MIN,
    });
  });

  it('edges inside an hour and windows not on hours are exact (on-the-fly derivation)', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-06T06:00:00Z', true);
    await state(f, unit, '2024-05-06T06:10:00Z', false);
    await state(f, unit, '2024-05-06T08:20:00Z', true);
    const g = await kpis(app, f, [unit], '2024-05-06T06:05:00Z', '2024-05-06T08:25:00Z');
    assert.equal(g.total.scheduled_ms, 140 * MIN);
    assert.equal(g.total.unjustified_downtime_ms, 130 * MIN);
    assert.equal(g.total.downtime_occurrences, 1);
    const g2 = await kpis(app, f, [unit], '2024-05-06T06:15:00Z', '2024-05-06T06:45:00Z');
    assert.equal(g2.total.unjustified_downtime_ms, 30 * MIN);
    assert.equal(g2.total.downtime_occurrences, 0);
  });

  it('N/D: no scheduled time gives null ratios, never 0', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await makeShift(f, { start: '06:00', end: '14:00', days: ['monday'], units: [unit] });
    await state(f, unit, '2024-05-01T00:00:00Z', true);
    // 2024-05-05 is a Sunday: nothing scheduled, nothing counted.
    const g = await kpis(app, f, [unit], '2024-05-05T00:00:00Z', '2024-05-06T00:00:00Z');
    assert.equal(g.total.scheduled_ms, 0);
    assert.equal(g.total.availability, null);
    assert.equal(g.total.performance, null);
    assert.equal(g.total.quality, null);
    assert.equal(g.total.oee, null);
    assert.equal(g.total.teep, null);
    const info = await downtimesInfo(app.db, f.accountId, { start: '2024-05-05T00:00:00Z', end: '2024-05-06T00:00:00Z', production_unit_ids: [unit] });
    assert.equal(info[0]!.availability_rate, null);
  });

  it('roll-ups sum times and counts first, then divide (never average percentages)', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const a = await makeUnit(f);
    const b = await makeUnit(f);
    await state(f, a, '2024-05-06T00:00:00Z', true);
    await state(f, a, '2024-05-06T23:00:00Z', false); // a: 1 h down of 24 h
    await state(f, b, '2024-05-06T12:00:00Z', true); // b: from its first fact 12:00, running 12 h
    await state(f, b, '2024-05-06T18:00:00Z', false); // then 6 h down
    await count(f, a, '2024-05-06T10:00:00Z', 90, 10);
    await count(f, b, '2024-05-06T13:00:00Z', 1, 0);
    const g = await kpis(app, f, [a, b], '2024-05-06T00:00:00Z', '2024-05-07T00:00:00Z');
    assert.equal(g.total.scheduled_ms, 36 * HOUR);
    assert.equal(g.total.uptime_ms, 29 * HOUR);
    near(g.total.availability, 29 / 36, 9);
    near(g.total.quality, 91 / 101, 9);
    assert.notEqual(Math.round(g.total.availability! * 1e6), Math.round(((23 / 24 + 6 / 12) / 2) * 1e6));
  });

  it('downtime-delay detection: a gap longer than the delay is a downtime from the last count', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f, { delaySeconds: 300 });
    const t0 = Date.parse('2024-05-06T08:00:00Z');
    // counts every minute 08:00–09:00, then a 4-minute gap (a short stop: running), then counts to 09:30,
    // then nothing until 10:00 (a 30-minute downtime from 09:30), then counts to 11:00.
    const at = (m: number) => new Date(t0 + m * MIN).toISOString();
    for (let m = 0; m <= 60; m += 1) await count(f, unit, at(m), 1);
    for (let m = 64; m <= 90; m += 1) await count(f, unit, at(m), 1);
    for (let m = 120; m <= 180; m += 1) await count(f, unit, at(m), 1);
    const g = await kpis(app, f, [unit], '2024-05-06T08:00:00Z', '2024-05-06T11:00:00Z');
    assert.equal(g.total.unjustified_downtime_ms, 30 * MIN);
    assert.equal(g.total.downtime_occurrences, 1);
    assert.equal(g.total.scheduled_ms, 180 * MIN);
  });

  it('counter readings: first is the baseline, a drop is a reset counting from 0', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-06T08:00:00Z', true);
    await counter(f, unit, '2024-05-06T08:00:00Z', 1000, 10); // baseline
    await counter(f, unit, '2024-05-06T09:00:00Z', 1100, 15); // +100 total, +5 rejected
    await counter(f, unit, '2024-05-06T10:00:00Z', 30, 2); // reset: +30, +2
    await counter(f, unit, '2024-05-06T11:00:00Z', 50, 2); // +20
    const g = await kpis(app, f, [unit], '2024-05-06T08:00:00Z', '2024-05-06T12:00:00Z');
    assert.equal(g.total.good, 95 + 28 + 20);
    assert.equal(g.total.rejected, 7);
  });

  it('a counter read just after a shift ends counts for the shift that made it', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const morning = await makeShift(f, { start: '06:00', end: '14:00', units: [unit], name: 'Morning' });
    const afternoon = await makeShift(f, { start: '14:00', end: '22:00', units: [unit], name: 'Afternoon' });
    const p = await makeProduct(f, { [unit]: 3600 }); // 1 unit a second
    await product(f, unit, '2024-05-06T05:00:00Z', p);
    await state(f, unit, '2024-05-06T06:00:00Z', true);
    await state(f, unit, '2024-05-06T14:10:00Z', false);
    // Polled every 4 hours, 2 minutes late: 60 units a minute throughout.
    await counter(f, unit, '2024-05-06T06:00:00Z', 0); // baseline
    await counter(f, unit, '2024-05-06T10:02:00Z', 242 * 60);
    await counter(f, unit, '2024-05-06T14:02:00Z', 482 * 60);
    const w = ['2024-05-06T00:00:00Z', '2024-05-07T00:00:00Z'] as const;
    const m = await kpis(app, f, [unit], ...w, { work_shift_ids: [morning] });
    assert.equal(m.total.good, 480 * 60);
    near(m.total.performance, 1, 9);
    const a = await kpis(app, f, [unit], ...w, { work_shift_ids: [afternoon] });
    assert.equal(a.total.good, 2 * 60);
    const all = await kpis(app, f, [unit], ...w);
    assert.equal(all.total.good, 482 * 60);
  });

  it('a 15-minute reading splits across two hours in proportion to the running time in each', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-06T08:00:00Z', true);
    await counter(f, unit, '2024-05-06T09:50:00Z', 1000, 10);
    await counter(f, unit, '2024-05-06T10:05:00Z', 1150, 13); // 150 made, 3 of them rejected
    const byHour = await hourly(app, f, unit, '2024-05-06T08:00:00Z', '2024-05-06T12:00:00Z');
    // 10 of 15 minutes in hour 9: floor(147 × 10/15) = 98 good, floor(3 × 10/15) = 2 rejected.
    assert.deepEqual(byHour, [['08', 0, 0], ['09', 98, 2], ['10', 49, 1], ['11', 0, 0]]);
    assert.deepEqual(await plainHourly(app, f, unit, '2024-05-06T08:00:00Z', '2024-05-06T12:00:00Z'), byHour);
    // The same from an hour window (read on the fly) and from a window cut inside the hours.
    const h9 = await kpis(app, f, [unit], '2024-05-06T09:00:00Z', '2024-05-06T10:00:00Z');
    assert.equal(h9.total.good, 98);
    const cut = await kpis(app, f, [unit], '2024-05-06T09:55:00Z', '2024-05-06T10:02:00Z');
    // floor(147 × 12/15) − floor(147 × 5/15) = 117 − 49.
    assert.equal(cut.total.good, 117 - 49);
  });

  it('counts across a downtime are spread over the running time only; a first count stays at its instant', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-06T08:00:00Z', true);
    await state(f, unit, '2024-05-06T09:00:00Z', false);
    await state(f, unit, '2024-05-06T11:00:00Z', true);
    await count(f, unit, '2024-05-06T08:30:00Z', 10); // the unit's first count: no span before it
    await count(f, unit, '2024-05-06T12:00:00Z', 270, 30); // made in 08:30–09:00 and 11:00–12:00
    await count(f, unit, '2024-05-06T12:00:00Z', 0); // an empty count marks without adding
    await count(f, unit, '2024-05-06T12:30:00Z', 0);
    // No running time since the previous mark (12:30 → 13:00 is all down): at its own instant.
    await state(f, unit, '2024-05-06T12:30:00Z', false);
    await count(f, unit, '2024-05-06T13:00:00Z', 7);
    const byHour = await hourly(app, f, unit, '2024-05-06T08:00:00Z', '2024-05-06T14:00:00Z');
    assert.deepEqual(byHour, [['08', 10 + 90, 10], ['09', 0, 0], ['10', 0, 0], ['11', 180, 20], ['12', 0, 0], ['13', 7, 0]]);
    assert.deepEqual(await plainHourly(app, f, unit, '2024-05-06T08:00:00Z', '2024-05-06T14:00:00Z'), byHour);
  });

  it('a late count re-derives the stored spans it shortens, and a count after the stored hours reaches back into them', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-06T08:00:00Z', true);
    await count(f, unit, '2024-05-06T08:00:00Z', 0);
    await count(f, unit, '2024-05-06T12:00:00Z', 400);
    const hours = async (now: number) => {
      const r = await kpisByGroups(app.db, f.accountId, { start: '2024-05-06T08:00:00Z', end: '2024-05-06T13:00:00Z', interval: 'hour', groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: [unit] }] }, now);
      return (r.groups[0] as unknown as { intervals: Record<string, number>[] }).intervals.map((i) => i.good);
    };
    const at = Date.parse('2024-05-06T12:30:00Z');
    assert.deepEqual(await hours(at), [100, 100, 100, 100, 0]);
    const stored = await app.db.query<{ good: number }>('SELECT sum(good) AS good FROM rollup_unit_hours WHERE production_unit_id = $1', [unit]);
    assert.equal(Number(stored[0]!.good), 400);
    // Late: 100 made in 08:00–10:00; the 400 of 12:00 were then made in 10:00–12:00.
    await count(f, unit, '2024-05-06T10:00:00Z', 100);
    await markDirty(f, unit, '2024-05-06T10:00:00Z', '2024-05-06T10:00:01Z');
    assert.deepEqual(await hours(at), [50, 50, 200, 200, 0]);
    // Live: hours up to 13:00 are stored; a count arriving at 13:10 (after them, marked as ingestion
    // does) was made since 12:00: 60 of its 70 minutes belong to the stored hour 12.
    const later = Date.parse('2024-05-06T13:30:00Z');
    assert.deepEqual(await hours(later), [50, 50, 200, 200, 0]);
    await count(f, unit, '2024-05-06T13:10:00Z', 50);
    await markDirty(f, unit, '2024-05-06T13:10:00Z', '2024-05-07T13:30:00Z');
    assert.deepEqual(await hours(later), [50, 50, 200, 200, 42]); // floor(50 × 60/70)
  });

  it('justification types: planned, unplanned, mixed, partially justified, unjustified', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const pl = await makeReason(f, { planned: true, category: 'Breaks' });
    const un = await makeReason(f, { planned: false, category: 'Mechanical' });
    await state(f, unit, '2024-05-06T00:00:00Z', true);
    const down = async (h: number) => {
      await state(f, unit, `2024-05-06T${String(h).padStart(2, '0')}:00:00Z`, false);
      await state(f, unit, `2024-05-06T${String(h).padStart(2, '0')}:30:00Z`, true);
    };
    const span = (h: number, m1: number, m2: number) => [`2024-05-06T${String(h).padStart(2, '0')}:${String(m1).padStart(2, '0')}:00Z`, `2024-05-06T${String(h).padStart(2, '0')}:${String(m2).padStart(2, '0')}:00Z`] as const;
    await down(1);
    await justify(f, unit, ...span(1, 0, 30), pl); // planned
    await down(2);
    await justify(f, unit, ...span(2, 0, 30), un); // unplanned
    await down(3);
    await justify(f, unit, ...span(3, 0, 10), pl);
    await justify(f, unit, ...span(3, 10, 30), un); // mixed
    await down(4);
    await justify(f, unit, ...span(4, 0, 10), un); // partially justified
    await down(5); // unjustified
    const res = await call(app, DEMO.operation, {
      method: 'POST', url: '/api/v2/production-units/downtimes-summary',
      payload: { start: '2024-05-06T00:00:00Z', end: '2024-05-06T12:00:00Z', production_unit_ids: [unit] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.justification_type_count_summary, { planned: 1, unplanned: 1, mixed: 1, partially_justified: 1, unjustified: 1 });
    assert.equal(res.body.top_unplanned_downtimes[0].total_downtime_duration_seconds, (30 + 20 + 10) * 60);
    assert.deepEqual(res.body.top_downtime_categories.map((c: { category: string }) => c.category), ['Mechanical', 'Breaks']);
    const top = await call(app, DEMO.operation, {
      method: 'POST', url: '/api/top-downtime-reasons',
      payload: { start: '2024-05-06T00:00:00Z', end: '2024-05-06T12:00:00Z', production_unit_ids: [unit] },
    });
    assert.equal(top.status, 200, JSON.stringify(top.body));
    assert.deepEqual(top.body.map((r: { is_planned: boolean; total_downtime_duration_seconds: number }) => [r.is_planned, r.total_downtime_duration_seconds]), [[true, 40 * 60], [false, 60 * 60]]);
  });

  it('late facts re-derive the stored rollups they touch', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const reason = await makeReason(f, { planned: false });
    await state(f, unit, '2024-05-06T00:00:00Z', true);
    await state(f, unit, '2024-05-06T10:00:00Z', false);
    await state(f, unit, '2024-05-06T20:00:00Z', true);
    const w = ['2024-05-06T00:00:00Z', '2024-05-07T00:00:00Z'] as const;
    let g = await kpis(app, f, [unit], ...w);
    assert.equal(g.total.unjustified_downtime_ms, 10 * HOUR);
    // A late "running" event splits the downtime; a late justification covers part of the second one.
    await state(f, unit, '2024-05-06T12:00:00Z', true);
    await state(f, unit, '2024-05-06T13:00:00Z', false);
    await markDirty(f, unit, '2024-05-06T12:00:00Z', '2024-05-06T13:00:01Z');
    await justify(f, unit, '2024-05-06T15:00:00Z', '2024-05-06T16:00:00Z', reason);
    await markDirty(f, unit, '2024-05-06T15:00:00Z', '2024-05-06T16:00:00Z');
    // A late count in the past day.
    await count(f, unit, '2024-05-06T03:00:00Z', 5, 1);
    await markDirty(f, unit, '2024-05-06T03:00:00Z', '2024-05-06T03:00:01Z');
    g = await kpis(app, f, [unit], ...w);
    assert.equal(g.total.unjustified_downtime_ms, 8 * HOUR);
    assert.equal(g.total.unplanned_downtime_ms, 1 * HOUR);
    assert.equal(g.total.downtime_occurrences, 2);
    assert.equal(g.total.good, 5);
    const dirty = await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit]);
    assert.equal(dirty.length, 0);
  });

  it('rebuildUnits (bulk loaders) and concurrent reads give the same answers, derived once', async () => {
    const f = await makeFactory(app.db, { timezone: 'Europe/Paris' });
    const a = await makeUnit(f);
    const b = await makeUnit(f);
    for (const unit of [a, b]) {
      for (let d = 1; d <= 9; d += 1) {
        await state(f, unit, `2024-03-0${d}T08:00:00Z`, true);
        await count(f, unit, `2024-03-0${d}T09:00:00Z`, 10, 1);
        await state(f, unit, `2024-03-0${d}T12:00:00Z`, false);
      }
    }
    await rebuildUnits(app.db, f.accountId, [a], '2024-03-01T00:00:00Z', '2024-03-10T00:00:00Z');
    const stored = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_slices WHERE production_unit_id = $1', [a]);
    assert.ok(Number(stored[0]!.n) > 9 * 20);
    const w = ['2024-03-02T00:00:00Z', '2024-03-09T00:00:00Z'] as const;
    const [x, y, z] = await Promise.all([kpis(app, f, [a], ...w), kpis(app, f, [b], ...w), kpis(app, f, [a, b], ...w)]);
    assert.deepEqual(x.total, y.total);
    assert.equal(z.total.good, 2 * 7 * 10);
    assert.equal(z.total.unjustified_downtime_ms, 2 * 7 * 20 * HOUR);
    const slices = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM (SELECT production_unit_id, slice_start FROM rollup_slices WHERE production_unit_id = ANY($1::uuid[]) GROUP BY 1, 2 HAVING count(*) > 1) d', [[a, b]]);
    assert.equal(Number(slices[0]!.n), 0);
  });

  it('a read re-derives only its own window of a whole-history mark; the older part waits for the background pass', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await makeShift(f, { start: '06:00', end: '14:00', units: [unit] });
    const p = await makeProduct(f, { [unit]: 3600 });
    await product(f, unit, '2024-03-01T05:00:00Z', p);
    for (let d = 1; d <= 30; d += 1) {
      const day = `2024-03-${String(d).padStart(2, '0')}`;
      await state(f, unit, `${day}T06:00:00Z`, true);
      await count(f, unit, `${day}T13:00:00Z`, 14_400);
      await state(f, unit, `${day}T14:00:00Z`, false);
    }
    await rebuildUnits(app.db, f.accountId, [unit], '2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z');
    const window = ['2024-03-20T00:00:00Z', '2024-03-26T00:00:00Z'] as const;
    const early = ['2024-03-05T00:00:00Z', '2024-03-08T00:00:00Z'] as const;
    near((await kpis(app, f, [unit], ...window)).total.performance, 0.5);

    // The ideal rate halves, as a configuration change would: the whole history is marked.
    await app.db.query('UPDATE product_unit_rates SET ideal_rate_per_hour = 1800 WHERE production_unit_id = $1', [unit]);
    assert.equal(await markHistoryDirty(app.db, f.accountId, f.factoryId, [unit]), 1);
    // The read follows the new rate at once in its window…
    near((await kpis(app, f, [unit], ...window)).total.performance, 1);
    // …and leaves the rest of the history (up to a day before the window) marked for the background pass.
    const left = await app.db.query<{ from_at: string; to_at: string }>('SELECT from_at, to_at FROM rollup_dirty WHERE production_unit_id = $1', [unit]);
    assert.deepEqual(left.map((r) => [new Date(r.from_at).toISOString(), new Date(r.to_at).toISOString()]), [[HISTORY_START.replace('Z', '.000Z'), '2024-03-19T00:00:00.000Z']]);
    // A read of a later window finds nothing of its own to redo; an earlier one re-derives what it needs.
    near((await kpis(app, f, [unit], '2024-03-22T00:00:00Z', '2024-03-23T00:00:00Z')).total.performance, 1);
    near((await kpis(app, f, [unit], ...early)).total.performance, 1);

    await sweep(app.db);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
    near((await kpis(app, f, [unit], '2024-03-01T00:00:00Z', '2024-03-31T00:00:00Z')).total.performance, 1);
    const days = await app.db.query<{ ideal_ms: number }>('SELECT sum(ideal_ms)::float8 AS ideal_ms FROM rollup_unit_days WHERE production_unit_id = $1', [unit]);
    assert.equal(Number(days[0]!.ideal_ms), 30 * 8 * HOUR);
  });

  it('the background sweep processes dirty ranges', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-06-03T00:00:00Z', true);
    await rebuildUnits(app.db, f.accountId, [unit], '2024-06-03T00:00:00Z', '2024-06-04T00:00:00Z');
    await state(f, unit, '2024-06-03T05:00:00Z', false);
    await state(f, unit, '2024-06-03T06:00:00Z', true);
    await markDirty(f, unit, '2024-06-03T05:00:00Z', '2024-06-03T06:00:01Z');
    await sweep(app.db);
    const dirty = await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit]);
    assert.equal(dirty.length, 0);
    const rows = await app.db.query<{ ms: number }>('SELECT sum(unjustified_ms) AS ms FROM rollup_unit_days WHERE production_unit_id = $1', [unit]);
    assert.equal(Number(rows[0]!.ms), HOUR);
  });
});
