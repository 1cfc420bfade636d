import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO } from './helper.ts';
import { justify, makeFactory, makeProduct, makeReason, makeShift, makeUnit, MIN, product, state } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

describe('analytics: opportunities', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('finds shift changes, line starts, product changes and planned downtime above target, with gains', async () => {
    const f = await makeFactory(app.db, { timezone: 'UTC', currency: 'EUR' });
    const unit = await makeUnit(f, { costPerHour: 100 });
    await makeShift(f, { start: '06:00', end: '14:00', units: [unit], sortOrder: 1 });
    await makeShift(f, { start: '14:00', end: '22:00', units: [unit], sortOrder: 2 });
    const p1 = await makeProduct(f, { [unit]: 600 });
    const p2 = await makeProduct(f, { [unit]: 1200 });
    const cleaning = await makeReason(f, { planned: true, name: 'Cleaning', targetSeconds: 600 });
    const jam = await makeReason(f, { planned: false, name: 'Jam' });
    const d = (hm: string) => `2024-05-06T${hm}:00Z`;
    await product(f, unit, d('05:00'), p1);
    await product(f, unit, d('10:00'), p2);
    for (const [hm, running] of [['05:00', true], ['05:55', false], ['06:10', true], ['09:58', false], ['10:05', true], ['11:00', false], ['11:25', true], ['13:50', false], ['14:20', true]] as const) {
      await state(f, unit, d(hm), running);
    }
    await justify(f, unit, d('09:58'), d('10:05'), jam);
    await justify(f, unit, d('11:00'), d('11:25'), cleaning);
    const payload = { factory_id: f.factoryId, start: d('00:00'), end: '2024-05-07T00:00:00Z' };
    // Targets of zero: the whole loss is the gain (the default target, the unit's median, is tested in
    // opportunity-pages.test.ts).
    for (const kind of ['shift_changes', 'line_starts', 'product_changes']) {
      const set = await call(app, DEMO.admin, { method: 'PUT', url: '/api/opportunities/targets', payload: { factory_id: f.factoryId, production_unit_id: unit, kind, target_seconds: 0 } });
      assert.equal(set.status, 204, JSON.stringify(set.body));
    }
    const res = await call(app, DEMO.admin, { method: 'POST', url: '/api/opportunities', payload });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const b = res.body;
    assert.equal(b.shift_changes.occurrences.length, 1);
    assert.equal(b.shift_changes.occurrences[0].at, '2024-05-06T14:00:00.000Z');
    assert.equal(b.shift_changes.occurrences[0].lost_ms, 30 * MIN);
    assert.equal(b.shift_changes.occurrences[0].gain_hours, 0.5);
    assert.equal(b.shift_changes.occurrences[0].gain_units, 600);
    assert.deepEqual(b.shift_changes.occurrences[0].gain_currency, [{ amount: 50, currency: 'EUR' }]);
    assert.equal(b.line_starts.occurrences.length, 1);
    assert.equal(b.line_starts.occurrences[0].at, '2024-05-06T06:00:00.000Z');
    assert.equal(b.line_starts.occurrences[0].lost_ms, 10 * MIN, 'only the scheduled part of the downtime');
    assert.equal(b.product_changes.occurrences.length, 1);
    assert.equal(b.product_changes.occurrences[0].lost_ms, 7 * MIN);
    assert.equal(b.product_changes.occurrences[0].gain_units, 70);
    assert.equal(b.planned_downtime_above_target.occurrences.length, 1);
    assert.equal(b.planned_downtime_above_target.occurrences[0].lost_ms, 25 * MIN, 'the reason’s whole time on the downtime');
    assert.equal(b.planned_downtime_above_target.occurrences[0].excess_ms, 15 * MIN, 'beyond its 10-minute target');
    assert.equal(b.planned_downtime_above_target.occurrences[0].gain_hours, 0.25);
    assert.equal(b.shift_changes.per_factory[0].gain_hours, 0.5);
    assert.deepEqual(b.shift_changes.company.gain_currency, [{ currency: 'EUR', amount: 50 }]);
    // Users without financial access get no currency.
    const plain = await call(app, DEMO.operation, { method: 'POST', url: '/api/opportunities', payload });
    assert.equal(plain.status, 200);
    assert.equal(plain.body.shift_changes.occurrences[0].gain_currency, undefined);
    assert.equal(plain.body.shift_changes.company.gain_currency, undefined);
    const missing = await call(app, DEMO.operation, { method: 'POST', url: '/api/opportunities', payload: { start: payload.start, end: payload.end } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].code, 'ANL_SCOPE_REQUIRED');
  });
});
