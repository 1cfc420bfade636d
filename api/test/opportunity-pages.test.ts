import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@linepulse/contracts';
import { build, call, Cleanup, DEMO, tokenFor } from './helper.ts';
import { justify, makeFactory, makeProduct, makeReason, makeShift, makeUnit, MIN, product, state, type TestFactory } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

/**
 * The performance-manager calls (issue 14) on one unit with three shift changes losing 10, 20 and 60
 * minutes, one product change, and a planned reason with a 10-minute target used twice.
 */
describe('opportunity pages: unit, occurrences, targets', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  let f: TestFactory;
  let unit: string;
  let otherUnit: string;
  let cleaning: string;
  let jam: string;
  let p1: string;
  let p2: string;
  let day: string;
  let evening: string;
  const window = { start: '2024-05-06T00:00:00Z', end: '2024-05-09T00:00:00Z' };
  const at = (date: string, hm: string) => `2024-05-${date}T${hm}:00Z`;
  const unitBody = (extra: Record<string, unknown> = {}) => ({ ...window, factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', ...extra });
  const post = (email: string, url: string, payload: Record<string, unknown>) => call(app, email, { method: 'POST', url, payload });
  const putTarget = (email: string, payload: Record<string, unknown>) => call(app, email, { method: 'PUT', url: '/api/opportunities/targets', payload });
  const overviewGain = async (email: string, kind: string) => {
    const res = await post(email, '/api/opportunities', { ...window, factory_id: f.factoryId, limit: 0 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body[kind].per_unit.find((u: { production_unit_id: string }) => u.production_unit_id === unit);
  };

  before(async () => {
    // No shared answer between calls: a target changed is seen by the overview's next call.
    ({ app } = await build(cleanup, { OPPORTUNITIES_CACHE_SECONDS: '0' }));
    f = await makeFactory(app.db, { timezone: 'UTC', currency: 'EUR' });
    unit = await makeUnit(f, { costPerHour: 100 });
    otherUnit = await makeUnit(await makeFactory(app.db), {});
    day = await makeShift(f, { start: '06:00', end: '14:00', units: [unit], sortOrder: 1, name: 'Day' });
    evening = await makeShift(f, { start: '14:00', end: '22:00', units: [unit], sortOrder: 2, name: 'Evening' });
    p1 = await makeProduct(f, { [unit]: 600 });
    p2 = await makeProduct(f, { [unit]: 1200 });
    cleaning = await makeReason(f, { planned: true, name: 'Cleaning', targetSeconds: 600 });
    jam = await makeReason(f, { planned: false, name: 'Jam' });
    await product(f, unit, at('06', '05:00'), p1);
    await product(f, unit, at('06', '10:00'), p2);
    const stops: [string, string, string][] = [
      ['06', '09:58', '10:05'], ['06', '11:00', '11:25'], ['06', '13:55', '14:05'],
      ['07', '11:00', '11:05'], ['07', '13:50', '14:10'],
      ['08', '13:30', '14:30'],
    ];
    await state(f, unit, at('06', '05:00'), true);
    for (const [date, from, to] of stops) {
      await state(f, unit, at(date, from), false);
      await state(f, unit, at(date, to), true);
    }
    await justify(f, unit, at('06', '09:58'), at('06', '10:05'), jam);
    await justify(f, unit, at('06', '11:00'), at('06', '11:25'), cleaning);
    await justify(f, unit, at('07', '11:00'), at('07', '11:05'), cleaning);
  });
  after(() => cleanup.run());

  it('summarises shift changes against the unit’s median and agrees with the overview’s potential gain', async () => {
    const res = await post(DEMO.admin, '/api/opportunities/unit', unitBody());
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const s = res.body.summary;
    assert.equal(s.occurrences, 3);
    assert.equal(s.lost_ms, 90 * MIN);
    assert.equal(s.mean_ms, 30 * MIN);
    assert.equal(s.median_ms, 20 * MIN);
    assert.equal(s.p90_ms, 60 * MIN);
    assert.equal(s.p95_ms, 60 * MIN);
    assert.equal(s.target_ms, 20 * MIN);
    assert.equal(s.target_source, 'median');
    assert.equal(s.above_target, 1);
    assert.equal(s.excess_ms, 40 * MIN);
    assert.equal(s.gain_hours, 40 / 60);
    assert.equal(Math.round(s.gain_units), 800, 'while product 2 runs at 1 200 an hour');
    assert.deepEqual(s.gain_currency, [{ amount: (40 / 60) * 100, currency: 'EUR' }]);
    const overview = await overviewGain(DEMO.admin, 'shift_changes');
    assert.equal(overview.gain_hours, s.gain_hours);
    assert.equal(overview.gain_units, s.gain_units);
    assert.deepEqual(overview.gain_currency, s.gain_currency);
    // Distribution, trend (11 periods of three days before, then the window), breakdown by pair of shifts.
    assert.equal(res.body.distribution.reduce((n: number, b: { count: number }) => n + b.count, 0), 3);
    assert.equal(res.body.trend.length, 12);
    assert.equal(res.body.trend[11].start_time, '2024-05-06T00:00:00.000Z');
    assert.equal(res.body.trend[11].lost_ms, 90 * MIN);
    assert.equal(res.body.trend[10].end_time, '2024-05-06T00:00:00.000Z');
    assert.equal(res.body.trend[10].occurrences, 0);
    assert.deepEqual(res.body.breakdowns, [{ by: 'shift_pair', rows: [{ keys: [day, evening], occurrences: 3, lost_ms: 90 * MIN, mean_ms: 30 * MIN, excess_ms: 40 * MIN }] }]);
    assert.equal(res.body.names.shifts[day], 'Day');
    assert.equal(res.body.timezone, 'UTC');
  });

  it('lists occurrences sorted and paged, with their downtimes, excess and money for financial users only', async () => {
    const res = await post(DEMO.admin, '/api/opportunities/occurrences', unitBody({ sort: 'lost', direction: 'desc', limit: 2 }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.occurrences_total, 3);
    assert.equal(res.body.next_offset, 2);
    const [first, second] = res.body.occurrences;
    assert.equal(first.at, '2024-05-08T14:00:00.000Z');
    assert.equal(first.lost_ms, 60 * MIN);
    assert.equal(first.excess_ms, 40 * MIN);
    assert.equal(first.work_shift_id, evening);
    assert.equal(first.from_work_shift_id, day);
    assert.deepEqual(first.downtimes.map((d: { start_time: string; end_time: string }) => [d.start_time, d.end_time]), [['2024-05-08T13:30:00.000Z', '2024-05-08T14:30:00.000Z']]);
    assert.equal(first.lost_units, 1200);
    assert.deepEqual(first.lost_currency, [{ amount: 100, currency: 'EUR' }]);
    assert.equal(second.lost_ms, 20 * MIN);
    const last = await post(DEMO.admin, '/api/opportunities/occurrences', unitBody({ sort: 'lost', direction: 'desc', limit: 2, offset: 2 }));
    assert.equal(last.body.occurrences.length, 1);
    assert.equal(last.body.next_offset, null);
    // Without financial access: no money anywhere.
    const plain = await post(DEMO.operation, '/api/opportunities/occurrences', unitBody());
    assert.equal(plain.status, 200);
    assert.equal(plain.body.occurrences[0].at, '2024-05-06T14:00:00.000Z', 'by time by default');
    assert.ok(plain.body.occurrences.every((o: Record<string, unknown>) => !('lost_currency' in o)));
    const plainUnit = await post(DEMO.operation, '/api/opportunities/unit', unitBody());
    assert.equal('gain_currency' in plainUnit.body.summary, false);
  });

  it('counts a shift change at the window’s very start, in the list as in the summary', async () => {
    // A production day starting when a shift does (Lyon's demo day and morning shift, both at 05:00):
    // the shift ending there is before the window, and was missing from the list's schedule.
    const fromChange = { start: '2024-05-06T14:00:00Z', end: '2024-05-09T00:00:00Z' };
    const body = { ...unitBody(), ...fromChange };
    const list = await post(DEMO.admin, '/api/opportunities/occurrences', body);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.occurrences[0].at, '2024-05-06T14:00:00.000Z');
    const summary = await post(DEMO.admin, '/api/opportunities/unit', body);
    assert.equal(list.body.occurrences_total, summary.body.summary.occurrences);
    assert.equal(list.body.occurrences_total, 3);
    // Nor is the evening shift there a line start: it follows the day shift.
    const starts = await post(DEMO.admin, '/api/opportunities/occurrences', { ...body, kind: 'line_starts' });
    assert.ok(starts.body.occurrences.every((o: { at: string }) => o.at !== '2024-05-06T14:00:00.000Z'));
  });

  it('names every reason its occurrences’ downtimes carry, unplanned ones included', async () => {
    // The product change at 10:00 on the 6th holds the stop of 09:58–10:05, justified with Jam (unplanned):
    // its id was answered without a name, and the page showed the id.
    const res = await post(DEMO.operation, '/api/opportunities/occurrences', unitBody({ kind: 'product_changes' }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.occurrences.map((o: { downtimes: { reason_ids: string[] }[] }) => o.downtimes.flatMap((d) => d.reason_ids)), [[jam]]);
    assert.equal(res.body.names.reasons[jam], 'Jam');
    assert.equal(res.body.names.reasons[cleaning], 'Cleaning');
    const unitAnswer = await post(DEMO.operation, '/api/opportunities/unit', unitBody({ kind: 'product_changes' }));
    assert.equal(unitAnswer.body.names.reasons[jam], 'Jam');
  });

  it('has no target, rather than a target of 0 s, when the window holds no occurrence to take a median from', async () => {
    // The day after the stops: no shift change loses anything, so there is no median; the three days
    // before it, among its trend's periods, have the stops.
    const empty = { start: '2024-05-09T00:00:00Z', end: '2024-05-10T00:00:00Z' };
    const res = await post(DEMO.admin, '/api/opportunities/unit', unitBody(empty));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.summary.occurrences, 0);
    assert.equal(res.body.summary.median_ms, null);
    assert.equal(res.body.summary.target_ms, null);
    assert.equal(res.body.summary.target_source, 'median');
    assert.equal(res.body.summary.gain_hours, 0);
    // The trend's earlier periods are not measured against a made-up target of 0 either.
    assert.equal(res.body.trend.reduce((n: number, p: { occurrences: number }) => n + p.occurrences, 0), 3);
    assert.ok(res.body.trend.every((p: { excess_ms: number }) => p.excess_ms === 0));
    // A target set for the line applies with or without occurrences.
    assert.equal((await putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', target_seconds: 450 })).status, 204);
    const set = await post(DEMO.admin, '/api/opportunities/unit', unitBody(empty));
    assert.equal(set.body.summary.target_ms, 450_000, '7 min 30 s, as entered');
    assert.equal(set.body.summary.target_source, 'unit');
    assert.equal((await putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', target_seconds: null })).status, 204);
  });

  it('lets admins and directors set a unit’s target, which moves the page’s and the overview’s gain alike', async () => {
    const forbidden = await putTarget(DEMO.operation, { factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', target_seconds: 300 });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.errors[0].code, 'OPP_TARGET_FORBIDDEN');
    const set = await putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', target_seconds: 300 });
    assert.equal(set.status, 204);
    const targets = await call(app, DEMO.operation, { method: 'GET', url: `/api/opportunities/targets?factory_id=${f.factoryId}` });
    assert.equal(targets.status, 200);
    assert.deepEqual(targets.body.targets, [{ production_unit_id: unit, kind: 'shift_changes', target_seconds: 300 }]);
    assert.deepEqual(targets.body.planned_reasons, [{ id: cleaning, name: 'Cleaning', target_seconds: 600 }]);
    assert.equal(targets.body.can_edit, false);
    const page = await post(DEMO.admin, '/api/opportunities/unit', unitBody());
    assert.equal(page.body.summary.target_ms, 5 * MIN);
    assert.equal(page.body.summary.target_source, 'unit');
    assert.equal(page.body.summary.excess_ms, (5 + 15 + 55) * MIN);
    assert.equal((await overviewGain(DEMO.admin, 'shift_changes')).gain_hours, page.body.summary.gain_hours);
    // null: back to the median.
    assert.equal((await putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', target_seconds: null })).status, 204);
    assert.equal((await post(DEMO.admin, '/api/opportunities/unit', unitBody())).body.summary.target_source, 'median');
  });

  it('measures planned downtime against its reason’s target, and product changes by pair of products', async () => {
    const planned = await post(DEMO.admin, '/api/opportunities/unit', unitBody({ kind: 'planned_downtime_above_target', downtime_reason_id: cleaning }));
    assert.equal(planned.status, 200, JSON.stringify(planned.body));
    assert.equal(planned.body.summary.occurrences, 2);
    assert.equal(planned.body.summary.above_target, 1);
    assert.equal(planned.body.summary.target_ms, 10 * MIN);
    assert.equal(planned.body.summary.target_source, 'reason');
    assert.equal(planned.body.summary.gain_hours, 0.25);
    assert.deepEqual(planned.body.breakdowns.map((b: { by: string }) => b.by), ['reason', 'shift']);
    const overview = await post(DEMO.admin, '/api/opportunities', { ...window, factory_id: f.factoryId, limit: 0 });
    const perReason = overview.body.planned_downtime_above_target.per_reason.find((r: { downtime_reason_id: string }) => r.downtime_reason_id === cleaning);
    assert.equal(perReason.gain_hours, planned.body.summary.gain_hours);
    const changes = await post(DEMO.admin, '/api/opportunities/unit', unitBody({ kind: 'product_changes' }));
    assert.deepEqual(changes.body.breakdowns, [{ by: 'product_pair', rows: [{ keys: [p1, p2], occurrences: 1, lost_ms: 7 * MIN, mean_ms: 7 * MIN, excess_ms: 0 }] }]);
    const starts = await post(DEMO.admin, '/api/opportunities/unit', unitBody({ kind: 'line_starts' }));
    assert.equal(starts.status, 200);
    assert.deepEqual(starts.body.breakdowns.map((b: { by: string }) => b.by), ['weekday', 'shift']);
  });

  it('refuses bad input and another account’s ids, changing nothing', async () => {
    const code = async (res: Promise<{ status: number; body: { errors: { code: string }[] } }>) => {
      const r = await res;
      return `${r.status} ${r.body.errors?.[0]?.code}`;
    };
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/unit', unitBody({ kind: 'coffee_breaks' }))), '400 GEN_VALIDATION');
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/unit', unitBody({ downtime_reason_id: cleaning }))), '400 OPP_REASON_ONLY_PLANNED');
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/unit', unitBody({ kind: 'planned_downtime_above_target', downtime_reason_id: jam }))), '404 OPP_REASON_404');
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/unit', unitBody({ production_unit_id: otherUnit }))), '404 ANL_UNIT_404');
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/unit', unitBody({ start: '2022-01-01T00:00:00Z', end: '2024-01-01T00:00:00Z' }))), '400 ANL_WINDOW_TOO_LONG');
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/occurrences', unitBody({ limit: 500 }))), '400 GEN_VALIDATION');
    assert.equal(await code(post(DEMO.admin, '/api/opportunities/occurrences', unitBody({ sort: 'name' }))), '400 GEN_VALIDATION');
    // Another account's user sees none of these ids (Other Co. has no insights: one of its admins with them).
    const token = await tokenFor(app, DEMO.otherAdmin, { claims: { insights_enabled: true } });
    const other = (options: Parameters<typeof call>[2]) => call(app, null, { ...options, token });
    assert.equal(await code(other({ method: 'POST', url: '/api/opportunities/unit', payload: unitBody() })), `404 ${ERROR_CODES.factoryNotFound}`);
    assert.equal((await other({ method: 'POST', url: '/api/opportunities/occurrences', payload: unitBody() })).status, 404);
    assert.equal((await other({ method: 'GET', url: `/api/opportunities/targets?factory_id=${f.factoryId}` })).status, 404);
    assert.equal((await other({ method: 'PUT', url: '/api/opportunities/targets', payload: { factory_id: f.factoryId, production_unit_id: unit, kind: 'shift_changes', target_seconds: 60 } })).status, 404);
    // Targets: a kind without a per-unit target, out of range, a unit of another factory.
    assert.equal(await code(putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: unit, kind: 'planned_downtime_above_target', target_seconds: 60 })), '400 GEN_VALIDATION');
    assert.equal(await code(putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: unit, kind: 'line_starts', target_seconds: 86_401 })), '400 GEN_VALIDATION');
    assert.equal(await code(putTarget(DEMO.admin, { factory_id: f.factoryId, production_unit_id: otherUnit, kind: 'line_starts', target_seconds: 60 })), '404 ANL_UNIT_404');
    const targets = await call(app, DEMO.admin, { method: 'GET', url: `/api/opportunities/targets?factory_id=${f.factoryId}` });
    assert.deepEqual(targets.body.targets, [], 'nothing stored by the refused calls');
    assert.equal(targets.body.can_edit, true);
  });
});
