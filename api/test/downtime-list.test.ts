import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO } from './helper.ts';
import { MIN } from './analytics-helper.ts';
import { downtimeFixture } from './downtime-fixture.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

describe('POST /api/production-units/downtimes', () => {
  let app: FastifyInstance;
  let fx: Awaited<ReturnType<typeof downtimeFixture>>;
  const cleanup = new Cleanup();
  const day = { time_option: 'time_range', start_date: '2024-05-06', end_date: '2024-05-06' };
  const list = (payload: Record<string, unknown>, email: string = DEMO.operation) =>
    call(app, email, { method: 'POST', url: '/api/production-units/downtimes', payload: { ...day, production_unit_ids: [fx.unit], ...payload } });
  before(async () => {
    ({ app } = await build(cleanup));
    fx = await downtimeFixture(app);
  });
  after(() => cleanup.run());

  it('lists every downtime with time inside scheduled time, newest first, in the factory’s offset', async () => {
    const res = await list({});
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.total, 5);
    assert.deepEqual([res.body.offset, res.body.limit], [0, 100]);
    assert.deepEqual(res.body.items.map((d: { start_time: string }) => d.start_time), [
      '2024-05-06T13:50:00.000+02:00', '2024-05-06T11:00:00.000+02:00', '2024-05-06T10:00:00.000+02:00', '2024-05-06T09:00:00.000+02:00', '2024-05-06T08:00:00.000+02:00',
    ]);
    const [late, mixed, jam, , brk] = res.body.items;
    // The stop running past the end of the shift counts its 10 minutes inside it.
    assert.equal(late.end_time, '2024-05-06T14:20:00.000+02:00');
    assert.equal(late.duration_ms, 10 * MIN);
    assert.deepEqual([late.type, late.justification_type, late.category, late.reasons], ['unjustified', 'unjustified', null, []]);
    assert.deepEqual([mixed.type, mixed.justification_type, mixed.duration_ms], ['unplanned', 'mixed', 20 * MIN]);
    assert.deepEqual(mixed.reasons.map((r: { name: string }) => r.name), ['Jam', 'Break'], 'longest reason first');
    assert.deepEqual([jam.type, jam.category, jam.shift_name, jam.production_unit_name], ['unplanned', 'Mechanical', 'Day', 'Line A']);
    assert.deepEqual([brk.type, brk.duration_ms, brk.reasons[0].is_planned], ['planned', 30 * MIN, true]);
    assert.deepEqual(res.body.reasons.map((r: { name: string }) => r.name), ['Break', 'Jam']);
    // The durations add up to what downtimes-info reports for the same window.
    const info = await call(app, DEMO.operation, { method: 'POST', url: '/api/production-units/downtimes-info', payload: { ...day, production_unit_ids: [fx.unit] } });
    assert.equal(res.body.items.reduce((s: number, d: { duration_ms: number }) => s + d.duration_ms, 0), info.body[0].total);
    assert.equal(info.body[0].total, 117 * MIN);
  });

  it('counts more downtimes than the occurrences and the summary when one began before the window, as the page says (issue 22)', async () => {
    // From 08:10: the break of 08:00–08:30 is in progress at the start.
    const window = { start: '2024-05-06T06:10:00.000Z', end: '2024-05-06T12:00:00.000Z', production_unit_ids: [fx.unit] };
    const post = (url: string, payload: Record<string, unknown>) => call(app, DEMO.operation, { method: 'POST', url, payload });
    const info = await post('/api/production-units/downtimes-info', window);
    const summary = await post('/api/v2/production-units/downtimes-summary', window);
    const listed = await post('/api/production-units/downtimes', window);
    const durations = await post('/api/production-units/downtime-durations', window);
    assert.deepEqual([info.status, summary.status, listed.status, durations.status], [200, 200, 200, 200]);
    const occurrences = info.body[0].downtime_occurrences;
    const counted = Object.values(summary.body.justification_type_count_summary as Record<string, number>).reduce((a, b) => a + b, 0);
    // The occurrences and the summary's justification counts agree: downtimes that began inside the window and a shift.
    assert.deepEqual([occurrences, counted], [4, 4]);
    // The list and the durations also hold the one that began before the window.
    assert.deepEqual([listed.body.total, durations.body.count], [occurrences + 1, occurrences + 1]);
    assert.equal(listed.body.items.at(-1).start_time, '2024-05-06T08:00:00.000+02:00');
  });

  it('filters by type and reason (the reasons facet ignores both), sorts and pages', async () => {
    const planned = await list({ types: ['planned'] });
    assert.deepEqual(planned.body.items.map((d: { duration_ms: number }) => d.duration_ms), [30 * MIN]);
    assert.equal(planned.body.reasons.length, 2);
    const jam = await list({ reason_ids: [fx.unplanned], sort: { by: 'start', direction: 'asc' } });
    assert.deepEqual(jam.body.items.map((d: { start_time: string }) => d.start_time.slice(11, 16)), ['10:00', '11:00']);
    const byDuration = await list({ sort: { by: 'duration', direction: 'asc' } });
    assert.deepEqual(byDuration.body.items.map((d: { duration_ms: number }) => d.duration_ms / MIN), [10, 10, 20, 30, 47]);
    const byReason = await list({ sort: { by: 'reason', direction: 'asc' } });
    assert.deepEqual(byReason.body.items.map((d: { reasons: { name: string }[] }) => d.reasons[0]?.name ?? null), ['Break', 'Jam', 'Jam', null, null]);
    const byCategory = await list({ sort: { by: 'category', direction: 'desc' } });
    assert.deepEqual(byCategory.body.items.map((d: { category: string | null }) => d.category), ['Mechanical', 'Mechanical', 'Breaks', null, null]);
    // The main reason kept beside each downtime (migration 026): most time first, ties by id, as the rows list them.
    const [main] = await app.db.query<{ id: string }>(
      `SELECT downtime_main_reason('{"bbbbbbbb-0000-4000-8000-000000000000": 5, "aaaaaaaa-0000-4000-8000-000000000000": 5, "cccccccc-0000-4000-8000-000000000000": 3}'::jsonb)::text AS id`,
    );
    assert.equal(main!.id, 'aaaaaaaa-0000-4000-8000-000000000000');
    const page = await list({ offset: 4, limit: 2 });
    assert.deepEqual([page.body.total, page.body.items.length, page.body.items[0].start_time.slice(11, 16)], [5, 1, '08:00']);
    const past = await list({ offset: 10 });
    assert.deepEqual([past.body.total, past.body.items], [5, []]);
    const shiftless = await list({ work_shift_ids: [fx.planned] });
    assert.equal(shiftless.body.total, 0);
  });

  it('refuses bad input and another account’s units and reasons', async () => {
    for (const payload of [{ limit: 5001 }, { limit: 0 }, { offset: -1 }, { sort: { by: 'colour', direction: 'asc' } }, { types: ['mixed'] }, { reason_ids: ['nope'] }]) {
      const res = await list(payload);
      assert.equal(res.status, 400, JSON.stringify(payload));
      assert.equal(res.body.errors[0].code, 'GEN_VALIDATION');
    }
    // The largest page a file asks for is accepted.
    assert.equal((await list({ limit: 5000 })).status, 200);
    const noUnits = await call(app, DEMO.operation, { method: 'POST', url: '/api/production-units/downtimes', payload: day });
    assert.deepEqual([noUnits.status, noUnits.body.errors[0].code], [400, 'ANL_UNITS_REQUIRED']);
    const other = await list({}, DEMO.otherAdmin);
    assert.deepEqual([other.status, other.body.errors[0].code], [404, 'ANL_UNIT_404']);
    const [foreign] = await app.db.query<{ id: string }>("SELECT r.id FROM downtime_reasons r JOIN accounts a ON a.id = r.account_id WHERE a.domain_name = 'other.linepulse.test' LIMIT 1");
    const reason = await list({ reason_ids: [foreign!.id] });
    assert.deepEqual([reason.status, reason.body.errors[0].code, reason.body.errors[0].arguments.id], [404, 'DTL_REASON_404', foreign!.id]);
    const early = await list({ start_date: '2019-08-31' });
    assert.deepEqual([early.status, early.body.errors[0].code], [400, 'ANL_BEFORE_DATA_START']);
  });
});
