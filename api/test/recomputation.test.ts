import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO } from './helper.ts';

// The background pass is on but its next tick an hour away: only a change's own start can recompute.
process.env.ROLLUP_REFRESH_SECONDS = '3600';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

describe('recomputation after a change', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  async function untilRecomputed(factory: string): Promise<void> {
    const started = Date.now();
    for (;;) {
      const progress = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/recomputation` });
      assert.equal(progress.status, 200);
      if (progress.body.pending_units === 0) return;
      assert.ok(Date.now() - started < 90_000, `still ${progress.body.pending_units} pending after 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('starts the background pass as soon as a configuration or calendar change marks history', async () => {
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Recompute Now', timezone: 'Europe/Madrid' } });
    const factory = created.body.id;
    const declaration = (rate: number) => ({
      production_units: [{ key: 'L1', name: 'Line 1' }],
      work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1'], start: '06:00', end: '14:00', days: WEEKDAYS }],
      products: [{ sku: 'SKU-A', name: 'Bottle', ideal_rate_per_hour: { L1: rate } }],
      downtime_reasons: [],
    });
    const first = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration(1200) });
    assert.equal(first.status, 200);
    const unit = first.body.production_units[0].id;
    const account = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id;
    await app.db.query(
      `INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running)
       VALUES ($1, $2, $3, 's1', date_trunc('hour', now()) - interval '30 hours', true), ($1, $2, $3, 's2', date_trunc('hour', now()) - interval '26 hours', false)`,
      [account, factory, unit],
    );

    const rate = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration(1500) });
    assert.equal(rate.status, 200);
    await untilRecomputed(factory);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
    const derived = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_unit_days WHERE production_unit_id = $1', [unit]);
    assert.ok(derived[0]!.n > 0, 'the unit’s days were derived');

    const calendar = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${factory}`,
      payload: {
        name: 'Recompute Now',
        primary_language: 'es',
        timezone: 'Europe/Madrid',
        year_first_month: 'january',
        week_first_day: 'monday',
        currency: 'EUR',
        production_day_minutes_from_midnight: 360,
        is_calendar_day_business_day: true,
        objectives: [
          { objective_type: 'availability', value: 90 },
          { objective_type: 'performance', value: 90 },
          { objective_type: 'quality', value: 90 },
        ],
      },
    });
    assert.equal(calendar.status, 200, JSON.stringify(calendar.body));
    await untilRecomputed(factory);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
  });
});
