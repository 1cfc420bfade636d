/**
 * A report's figures are the screens' figures for the same lines (issue 22's matrix found the report
 * preview's OEE below the dashboard's over every window longer than a day): a report naming every shift
 * of its factory takes the whole day, production outside the shifts included, as the dashboard does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { kpisByGroups } from '../src/analytics/engine.ts';
import { reportFigures, type RenderableReport } from '../src/reports/render.ts';
import { build, Cleanup } from './helper.ts';
import { count, makeFactory, makeShift, makeUnit, markDirty, state } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

const DAY = 86_400_000;
const iso = (t: number): string => new Date(t).toISOString();

describe('report figures', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('a report naming every shift counts what the dashboard counts, production outside the shifts included; one naming some shifts keeps to them as the screens’ shift filter does', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const morning = await makeShift(f, { start: '06:00', end: '14:00', units: [unit] });
    const evening = await makeShift(f, { start: '14:00', end: '22:00', units: [unit] });
    const day = Math.floor(now / DAY) * DAY - 2 * DAY;
    await state(f, unit, iso(day), true);
    await count(f, unit, iso(day + 3 * 3_600_000), 100); // 03:00, outside every shift
    await count(f, unit, iso(day + 8 * 3_600_000), 50); // 08:00, the morning
    await count(f, unit, iso(day + 15 * 3_600_000), 20); // 15:00, the evening
    await markDirty(f, unit, iso(day), iso(now + DAY));
    const window = { start: day, end: day + DAY };
    const report = (shifts: string[]): RenderableReport => ({
      account_id: f.accountId,
      factory_id: f.factoryId,
      id: null,
      title: 'Figures',
      template: 'overview',
      schedule_type: 'last',
      duration: 1,
      time_unit: 'day',
      production_unit_ids: [unit],
      work_shift_ids: shifts,
      language: 'en',
      timezone: 'UTC',
    } as RenderableReport);
    const dashboard = await kpisByGroups(app.db, f.accountId, { start: iso(window.start), end: iso(window.end), groups: [{ name: 'all', factory_id: f.factoryId, production_unit_ids: [unit] }] }, now);
    const dashboardGood = (dashboard.groups[0] as { total: { good: number } }).total.good;
    assert.equal(dashboardGood, 170);

    const every = await reportFigures(app.db, report([morning, evening]), window, now);
    assert.equal(every.template, 'overview');
    if (every.template === 'overview') assert.equal(every.total.good, dashboardGood);
    // Some shifts: the screens' shift filter, the counts spread over the time they were made in.
    const filtered = await kpisByGroups(app.db, f.accountId, { start: iso(window.start), end: iso(window.end), groups: [{ name: 'm', factory_id: f.factoryId, production_unit_ids: [unit], work_shift_ids: [morning] }] }, now);
    const some = await reportFigures(app.db, report([morning]), window, now);
    if (some.template === 'overview') assert.equal(some.total.good, (filtered.groups[0] as { total: { good: number } }).total.good);
    if (some.template === 'overview') assert.ok(some.total.good < dashboardGood);
  });
});
