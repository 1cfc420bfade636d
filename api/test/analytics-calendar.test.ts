import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { downtimesInfoInterval, kpisByGroups } from '../src/analytics/engine.ts';
import { build, call, Cleanup, DEMO, demoFactoryId } from './helper.ts';
import { alignBucketKeys, bucketKeyOf, type FactoryCalendar } from '@linepulse/contracts';
import { count, HOUR, makeFactory, makeShift, makeUnit, MIN, state } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

type Group = { start_time: string; end_time: string; total: Record<string, number | null>; intervals: Record<string, number | string | null>[]; preceding_periods: Record<string, number | string | null>[] };

describe('analytics engine: calendars, buckets and validation', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  const group = async (accountId: string, factoryId: string, units: string[], body: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Group> =>
    (await kpisByGroups(app.db, accountId, { ...body, groups: [{ name: 'g', factory_id: factoryId, production_unit_ids: units, ...extra }] })).groups[0] as unknown as Group;

  it('both daylight-saving days: 23 and 25 hours, 23 and 25 hour buckets (America/Toronto)', async () => {
    const f = await makeFactory(app.db, { timezone: 'America/Toronto' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-03-01T05:00:00Z', true);
    await count(f, unit, '2024-03-10T12:00:00Z', 10);
    const spring = await group(f.accountId, f.factoryId, [unit], { time_option: 'time_range', start_date: '2024-03-10', end_date: '2024-03-10', interval: 'hour' });
    assert.equal(spring.total.calendar_ms, 23 * HOUR);
    assert.equal(spring.total.scheduled_ms, 23 * HOUR);
    assert.equal(spring.intervals.length, 23);
    assert.equal(spring.start_time, '2024-03-10T05:00:00.000Z');
    assert.equal(spring.end_time, '2024-03-11T04:00:00.000Z');
    assert.equal(spring.intervals.reduce((s, i) => s + Number(i.good), 0), 10);
    const fall = await group(f.accountId, f.factoryId, [unit], { time_option: 'time_range', start_date: '2024-11-03', end_date: '2024-11-03', interval: 'hour' });
    assert.equal(fall.total.calendar_ms, 25 * HOUR);
    assert.equal(fall.total.scheduled_ms, 25 * HOUR);
    assert.equal(fall.intervals.length, 25);
    const week = await group(f.accountId, f.factoryId, [unit], { time_option: 'time_range', start_date: '2024-11-01', end_date: '2024-11-05', interval: 'day' });
    assert.deepEqual(week.intervals.map((i) => Number(i.calendar_ms) / HOUR), [24, 24, 25, 24, 24]);
  });

  it('a production day starting at an odd minute (06:07, Europe/Paris)', async () => {
    const f = await makeFactory(app.db, { timezone: 'Europe/Paris', dayStartMinutes: 6 * 60 + 7 });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-01T00:00:00Z', true);
    await state(f, unit, '2024-05-06T04:00:00Z', false); // 06:00 local
    await state(f, unit, '2024-05-06T04:30:00Z', true); // 06:30 local
    const r = await group(f.accountId, f.factoryId, [unit], { time_option: 'time_range', start_date: '2024-05-05', end_date: '2024-05-06', interval: 'day' });
    assert.equal(r.start_time, '2024-05-05T04:07:00.000Z');
    assert.equal(r.end_time, '2024-05-07T04:07:00.000Z');
    assert.deepEqual(r.intervals.map((i) => [i.start_time, Number(i.unjustified_downtime_ms) / MIN, i.downtime_occurrences]), [
      ['2024-05-05T04:07:00.000Z', 7, 1],
      ['2024-05-06T04:07:00.000Z', 23, 0],
    ]);
  });

  it('groups of factories in different zones: each one’s hours on its own wall clock, keyed as the chart lines them up (decision 0038)', async () => {
    const lyon = await makeFactory(app.db, { timezone: 'Europe/Paris', dayStartMinutes: 300 });
    const montreal = await makeFactory(app.db, { timezone: 'America/Toronto', dayStartMinutes: 360 });
    const [lyonUnit, montrealUnit] = [await makeUnit(lyon), await makeUnit(montreal)];
    await state(lyon, lyonUnit, '2024-05-01T00:00:00Z', true);
    await state(montreal, montrealUnit, '2024-05-01T00:00:00Z', true);
    await count(lyon, lyonUnit, '2024-05-06T04:30:00Z', 3); // 06:30 in Lyon
    await count(montreal, montrealUnit, '2024-05-06T10:30:00Z', 4); // 06:30 in Montréal
    const r = await kpisByGroups(app.db, lyon.accountId, {
      time_option: 'time_range', start_date: '2024-05-06', end_date: '2024-05-06', interval: 'hour',
      groups: [
        { name: 'Lyon', factory_id: lyon.factoryId, production_unit_ids: [lyonUnit] },
        { name: 'Montréal', factory_id: montreal.factoryId, production_unit_ids: [montrealUnit] },
      ],
    });
    const [a, b] = r.groups as unknown as Group[];
    const calendar = (timezone: string, minutes: number): FactoryCalendar => ({ timezone, production_day_minutes_from_midnight: minutes, week_first_day: 'monday', year_first_month: 'january' });
    const keys = (g: Group, cal: FactoryCalendar) => g.intervals.map((i) => bucketKeyOf('hour', Date.parse(String(i.start_time)), cal));
    const [lyonKeys, montrealKeys] = [keys(a!, calendar('Europe/Paris', 300)), keys(b!, calendar('America/Toronto', 360))];
    assert.deepEqual([a!.intervals[0]!.start_time, b!.intervals[0]!.start_time], ['2024-05-06T03:00:00.000Z', '2024-05-06T10:00:00.000Z']);
    assert.deepEqual([lyonKeys[0], montrealKeys[0]], ['2024-05-06T05:00', '2024-05-06T06:00']);
    assert.deepEqual([lyonKeys.length, montrealKeys.length], [24, 24]);
    // Both factories' 06:00 local: the same place on the chart, each with its own count.
    const aligned = alignBucketKeys([lyonKeys, montrealKeys]);
    const at = aligned.keys.indexOf('2024-05-06T06:00');
    assert.equal(a!.intervals[aligned.positions[0]!.indexOf(at)]!.good, 3);
    assert.equal(b!.intervals[aligned.positions[1]!.indexOf(at)]!.good, 4);
  });

  it('a window ending in the hour a fall-back adds before a 06:00 day start has no bucket past its end (America/Toronto)', async () => {
    const f = await makeFactory(app.db, { timezone: 'America/Toronto', dayStartMinutes: 360 });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-10-01T00:00:00Z', true);
    // 1 November 2026 05:30 EST, after the change at 02:00 and before the day's 06:00 start: still 31 October.
    const r = await group(f.accountId, f.factoryId, [unit], { start: '2026-10-30T10:00:00Z', end: '2026-11-01T10:30:00Z', interval: 'day' });
    assert.deepEqual(r.intervals.map((i) => [i.start_time, i.end_time]), [
      ['2026-10-30T10:00:00.000Z', '2026-10-31T10:00:00.000Z'],
      ['2026-10-31T10:00:00.000Z', '2026-11-01T10:30:00.000Z'],
    ]);
  });

  it('a week starting on Sunday', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC', weekFirstDay: 'sunday' });
    const unit = await makeUnit(f);
    await state(f, unit, '2024-05-01T00:00:00Z', true);
    await count(f, unit, '2024-05-11T23:59:00Z', 1); // Saturday: first week
    await count(f, unit, '2024-05-12T00:01:00Z', 2); // Sunday: made since 23:59, one minute in each week
    const r = await group(f.accountId, f.factoryId, [unit], { time_option: 'time_range', start_date: '2024-05-05', end_date: '2024-05-18', interval: 'week' });
    assert.deepEqual(r.intervals.map((i) => [i.start_time, i.good]), [['2024-05-05T00:00:00.000Z', 1 + 1], ['2024-05-12T00:00:00.000Z', 1]]);
  });

  it('a fiscal year starting in April, with its 11 preceding years, and month buckets', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC', yearFirstMonth: 'april' });
    const unit = await makeUnit(f);
    const now = Date.now();
    const thisYear = new Date(now).getUTCMonth() >= 3 ? new Date(now).getUTCFullYear() : new Date(now).getUTCFullYear() - 1;
    await state(f, unit, `${thisYear}-03-31T00:00:00Z`, true);
    await count(f, unit, `${thisYear}-03-31T12:00:00Z`, 7);
    // Made since the previous count, running all along: 12 of its 24 hours in the previous year.
    await count(f, unit, `${thisYear}-04-01T12:00:00Z`, 4);
    const r = await (async () => {
      const body = { time_option: 'year', preceding_periods: true } as const;
      return (await kpisByGroups(app.db, f.accountId, { ...body, groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: [unit] }] }, now)).groups[0] as unknown as Group;
    })();
    assert.equal(r.start_time, `${thisYear}-04-01T00:00:00.000Z`);
    assert.equal(r.total.good, 2);
    assert.equal(r.preceding_periods.length, 11);
    const last = r.preceding_periods.at(-1)!;
    assert.equal(last.start_time, `${thisYear - 1}-04-01T00:00:00.000Z`);
    assert.equal(last.end_time, `${thisYear}-04-01T00:00:00.000Z`);
    assert.equal(last.good, 7 + 2);
    assert.equal(r.preceding_periods[0]!.start_time, `${thisYear - 11}-04-01T00:00:00.000Z`);
    const months = await group(f.accountId, f.factoryId, [unit], { time_option: 'time_range', start_date: `${thisYear}-03-01`, end_date: `${thisYear}-04-30`, interval: 'month' });
    assert.deepEqual(months.intervals.map((i) => [i.start_time, i.good]), [[`${thisYear}-03-01T00:00:00.000Z`, 7 + 2], [`${thisYear}-04-01T00:00:00.000Z`, 2]]);
  });

  it('a shift crossing midnight belongs to the day it starts; unscheduled time does not count', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const night = await makeShift(f, { start: '22:00', end: '06:00', days: ['friday'], units: [unit] });
    await state(f, unit, '2024-05-01T00:00:00Z', true);
    await state(f, unit, '2024-05-11T01:00:00Z', false); // Saturday 01:00
    await state(f, unit, '2024-05-11T02:00:00Z', true);
    await state(f, unit, '2024-05-11T10:00:00Z', false); // outside any shift
    await state(f, unit, '2024-05-11T11:00:00Z', true);
    const sat = await group(f.accountId, f.factoryId, [unit], { start: '2024-05-11T00:00:00Z', end: '2024-05-12T00:00:00Z' });
    assert.equal(sat.total.scheduled_ms, 6 * HOUR);
    assert.equal(sat.total.unjustified_downtime_ms, 1 * HOUR);
    assert.equal(sat.total.downtime_occurrences, 1);
    const fri = await group(f.accountId, f.factoryId, [unit], { start: '2024-05-10T00:00:00Z', end: '2024-05-11T00:00:00Z' });
    assert.equal(fri.total.scheduled_ms, 2 * HOUR);
    const filtered = await group(f.accountId, f.factoryId, [unit], { start: '2024-05-10T00:00:00Z', end: '2024-05-12T00:00:00Z' }, { work_shift_ids: [night] });
    assert.equal(filtered.total.scheduled_ms, 8 * HOUR);
    assert.equal(filtered.total.unjustified_downtime_ms, 1 * HOUR);
    const series = await downtimesInfoInterval(app.db, f.accountId, { start: '2024-05-10T00:00:00Z', end: '2024-05-12T00:00:00Z', production_unit_ids: [unit], interval: 'day' });
    assert.deepEqual(series[0]!.downtimes_per_interval.map((i) => i.in_production / HOUR), [2, 6]);
  });

  it('validates windows, intervals and units with stable codes', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const post = (url: string, payload: Record<string, unknown>, user: string = DEMO.operation) => call(app, user, { method: 'POST', url, payload });
    const codeOf = (r: { body: { errors: { code: string }[] } }) => r.body.errors[0]!.code;
    const info = '/api/production-units/downtimes-info';
    let r = await post(info, { time_option: 'last7days', production_unit_ids: [] });
    assert.equal(r.status, 400);
    assert.equal(codeOf(r), 'ANL_UNITS_REQUIRED');
    r = await post(info, { start: '2024-05-02T00:00:00Z', end: '2024-05-01T00:00:00Z', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_START_NOT_BEFORE_END');
    r = await post(info, { start: '2019-08-31T00:00:00Z', end: '2019-09-02T00:00:00Z', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_BEFORE_DATA_START');
    r = await post(info, { time_option: 'time_range', start_date: '2024-13-01', end_date: '2024-05-01', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_DATE_INVALID');
    r = await post(info, { production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_WINDOW_REQUIRED');
    const interval = '/api/production-units/downtimes-info-interval';
    r = await post(interval, { time_option: 'time_range', start_date: '2024-01-01', end_date: '2024-01-20', interval: 'hour', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_INTERVAL_TOO_LONG');
    r = await post(interval, { time_option: 'time_range', start_date: '2024-01-01', end_date: '2024-01-05', interval: 'week', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_INTERVAL_TOO_SHORT');
    r = await post(interval, { time_option: 'time_range', start_date: '2023-01-01', end_date: '2023-12-31', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_INTERVAL_NOT_ALLOWED');
    r = await post(interval, { start: '2024-01-01T00:00:00Z', end: '2024-01-01T00:30:00Z', interval: 'hour', production_unit_ids: [unit] });
    assert.equal(codeOf(r), 'ANL_INTERVAL_TOO_SHORT');
    r = await post(interval, { time_option: 'time_range', start_date: '2024-01-01', end_date: '2024-01-03', production_unit_ids: [unit] });
    assert.equal(r.status, 200);
    assert.equal(r.body[0].downtimes_per_interval.length, 72, 'default interval under 7 days is hour');
    // Another account's unit is not found; a user not enabled is refused.
    const hamilton = await demoFactoryId(app, 'other.linepulse.test', 'Hamilton');
    const foreign = await app.db.query<{ id: string }>('SELECT id FROM production_units WHERE factory_id = $1 LIMIT 1', [hamilton]);
    if (foreign[0]) {
      r = await post(info, { time_option: 'last7days', production_unit_ids: [foreign[0].id] });
      assert.equal(r.status, 404);
      assert.equal(codeOf(r), 'ANL_UNIT_404');
    }
    r = await post(info, { time_option: 'last7days', production_unit_ids: [unit] }, DEMO.noaccess);
    assert.equal(r.status, 403);
    r = await post('/api/kpis/by-groups', { time_option: 'last7days', groups: [] });
    assert.equal(codeOf(r), 'ANL_GROUPS_REQUIRED');
  });
});
