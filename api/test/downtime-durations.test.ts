import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { durationStats, nearestRank } from '@linepulse/contracts';
import { build, call, Cleanup, DEMO } from './helper.ts';
import { MIN } from './analytics-helper.ts';
import { downtimeFixture } from './downtime-fixture.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

describe('POST /api/production-units/downtime-durations', () => {
  let app: FastifyInstance;
  let fx: Awaited<ReturnType<typeof downtimeFixture>>;
  const cleanup = new Cleanup();
  const day = { time_option: 'time_range', start_date: '2024-05-06', end_date: '2024-05-06' };
  const durations = (payload: Record<string, unknown>, email: string = DEMO.operation) =>
    call(app, email, { method: 'POST', url: '/api/production-units/downtime-durations', payload: { ...day, production_unit_ids: [fx.unit], ...payload } });
  before(async () => {
    ({ app } = await build(cleanup));
    fx = await downtimeFixture(app);
  });
  after(() => cleanup.run());

  it('answers count, total, mean, nearest-rank percentiles and nice bins up to the 99th percentile', async () => {
    const res = await durations({});
    assert.equal(res.status, 200, JSON.stringify(res.body));
    // 10, 10, 20, 30 and 47 minutes.
    assert.equal(res.body.count, 5);
    assert.equal(res.body.total_ms, 117 * MIN);
    assert.equal(res.body.mean_ms, (117 * MIN) / 5);
    assert.deepEqual([res.body.median_ms, res.body.p90_ms, res.body.p95_ms], [20 * MIN, 47 * MIN, 47 * MIN]);
    // 47 min in at most 20 bins: 5-minute bins, the last one open-ended up to the longest.
    assert.equal(res.body.bins.length, 10);
    assert.deepEqual(res.body.bins[0], { from_ms: 0, to_ms: 5 * MIN, count: 0 });
    assert.deepEqual(res.body.bins[2], { from_ms: 10 * MIN, to_ms: 15 * MIN, count: 2 });
    assert.deepEqual(res.body.bins[9], { from_ms: 45 * MIN, to_ms: 47 * MIN, count: 1 });
    assert.equal(res.body.bins.reduce((s: number, b: { count: number }) => s + b.count, 0), 5);
    // The same selection as the list, filters included.
    const unplanned = await durations({ types: ['unplanned'] });
    assert.deepEqual([unplanned.body.count, unplanned.body.total_ms], [2, 67 * MIN]);
    const none = await durations({ reason_ids: [fx.planned], types: ['unjustified'] });
    assert.deepEqual(none.body, { count: 0, total_ms: 0, mean_ms: null, median_ms: null, p90_ms: null, p95_ms: null, bins: [] });
  });

  it('follows the nearest-rank rule of the contracts', () => {
    assert.equal(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), 9);
    assert.equal(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95), 10);
    assert.equal(nearestRank([7], 50), 7);
    assert.equal(nearestRank([], 50), null);
    // A very long stop does not stretch the bins: they cover the 99th percentile.
    const values = [...Array.from({ length: 199 }, (_, i) => (i % 20) * 1000 + 500), 86_400_000];
    const stats = durationStats(values);
    assert.deepEqual([stats.bins.length, stats.bins[0]!.to_ms, stats.bins.at(-1)!.to_ms], [20, 1000, 86_400_000]);
  });

  it('refuses bad input and another account’s units', async () => {
    const bad = await durations({ types: 'planned' });
    assert.deepEqual([bad.status, bad.body.errors[0].code], [400, 'GEN_VALIDATION']);
    const window = await durations({ end_date: '2024-05-01' });
    assert.deepEqual([window.status, window.body.errors[0].code], [400, 'ANL_START_NOT_BEFORE_END']);
    const other = await durations({}, DEMO.otherAdmin);
    assert.deepEqual([other.status, other.body.errors[0].code], [404, 'ANL_UNIT_404']);
  });
});
