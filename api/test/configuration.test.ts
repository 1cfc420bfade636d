import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sweep } from '../src/analytics/rollups.ts';
import { build, call, Cleanup, DEMO, demoFactoryId } from './helper.ts';

// The tests below look at the marks a change leaves and sweep themselves: no background pass.
process.env.ROLLUP_REFRESH_SECONDS = '0';

const DEMO_DOMAIN = 'demo.linepulse.test';

/** A small plant: two lines, a night shift crossing midnight, two products, three reasons. */
function declaration(): Record<string, unknown[]> {
  return {
    production_units: [
      { key: 'L1', name: 'Line 1', converted_unit_name: 'cases', packages: 12, cost_per_hour: 450.5, downtime_delay_seconds: 120 },
      { key: 'L2', name: 'Line 2' },
    ],
    work_shifts: [
      { key: 'day', name: 'Day', production_units: ['L1', 'L2'], start: '06:00', end: '14:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
      { key: 'night', name: 'Night', production_units: ['L1'], start: '22:00', end: '06:00', days: ['sunday', 'monday'] },
    ],
    products: [
      { sku: 'SKU-B', name: 'Bottle 1 L', ideal_rate_per_hour: { L1: 1200 } },
      { sku: 'SKU-A', name: 'Bottle 500 mL', ideal_rate_per_hour: { L1: 2400, L2: 1800.25 } },
    ],
    downtime_reasons: [
      { key: 'break', name: 'Break', category: 'Planned', is_planned: true, target_seconds: 900 },
      { key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false },
      { key: 'changeover', name: 'Changeover', category: 'Planned', is_planned: true, target_seconds: null },
    ],
  };
}

async function dirtyRows(app: FastifyInstance, factoryId: string): Promise<{ production_unit_id: string; from_at: string; to_at: string }[]> {
  return app.db.query('SELECT production_unit_id, from_at, to_at FROM rollup_dirty WHERE factory_id = $1 ORDER BY id', [factoryId]);
}

describe('factory creation and configuration', () => {
  let app: FastifyInstance;
  let lyon: string;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
    lyon = await demoFactoryId(app, DEMO_DOMAIN, 'Lyon');
  });
  after(() => cleanup.run());

  async function newFactory(name: string): Promise<string> {
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name, timezone: 'Europe/Paris' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id;
  }

  it('creates a factory with the product §3 defaults, refuses duplicates and bad settings', async () => {
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Usine Nord', timezone: 'Europe/Paris' } });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^[0-9a-f-]{36}$/);
    assert.ok(Date.now() - Date.parse(created.body.updated_at) < 60_000, created.body.updated_at);
    assert.deepEqual(
      { ...created.body, id: undefined, updated_at: undefined },
      {
        id: undefined,
        updated_at: undefined,
        name: 'Usine Nord',
        timezone: 'Europe/Paris',
        primary_language: 'en',
        year_first_month: 'january',
        week_first_day: 'monday',
        currency: 'CAD',
        production_day_minutes_from_midnight: 0,
        is_calendar_day_business_day: true,
        production_units: [],
        objectives: [],
        oee_target: null,
        alert_capability: false,
        forms_workspace_id: null,
      },
    );
    const listed = await call(app, DEMO.operation, { method: 'GET', url: '/api/user/factories' });
    assert.ok(listed.body.some((f: { id: string }) => f.id === created.body.id));

    const full = await call(app, DEMO.admin, {
      method: 'POST',
      url: '/api/factories',
      payload: {
        name: 'Usine Sud',
        timezone: 'America/Toronto',
        primary_language: 'fr',
        currency: 'EUR',
        year_first_month: 'april',
        week_first_day: 'sunday',
        production_day_minutes_from_midnight: 367,
        objectives: [
          { objective_type: 'availability', value: 90 },
          { objective_type: 'performance', value: 90 },
          { objective_type: 'quality', value: 100 },
        ],
      },
    });
    assert.equal(full.status, 201);
    assert.equal(full.body.oee_target, 81);
    assert.equal(full.body.week_first_day, 'sunday');
    assert.equal(full.body.production_day_minutes_from_midnight, 367);

    const duplicate = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'usine nord', timezone: 'UTC' } });
    assert.equal(duplicate.status, 409);
    assert.deepEqual(duplicate.body.errors[0], {
      code: 'CS_FAC_PUT_20001',
      arguments: { name: 'usine nord' },
      message: 'A factory with the same name already exists (usine nord)',
    });

    const bad = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Bad/Name', timezone: 'Mars/Base', currency: 'XXX' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: { code: string }) => e.code).sort(), ['CS_FAC_CURRENCY_INVALID', 'CS_FAC_NAME_INVALID', 'CS_FAC_TIMEZONE_INVALID']);

    const operator = await call(app, DEMO.operation, { method: 'POST', url: '/api/factories', payload: { name: 'Nope', timezone: 'UTC' } });
    assert.equal(operator.status, 403);
    assert.equal(operator.body.errors[0].code, 'AUTH_ADMIN_REQUIRED');
  });

  it('declares a configuration idempotently and returns it with ids', async () => {
    const factory = await newFactory('Config Round Trip');
    const put = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const got = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/configuration` });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, put.body);

    const strip = (list: Record<string, unknown>[]) => list.map(({ id, ...rest }) => (assert.match(String(id), /^[0-9a-f-]{36}$/), rest));
    assert.deepEqual(strip(got.body.production_units), [
      { key: 'L1', name: 'Line 1', converted_unit_name: 'cases', packages: 12, cost_per_hour: 450.5, downtime_delay_seconds: 120 },
      { key: 'L2', name: 'Line 2', converted_unit_name: null, packages: null, cost_per_hour: null, downtime_delay_seconds: null },
    ]);
    assert.deepEqual(strip(got.body.work_shifts), [
      { key: 'day', name: 'Day', production_units: ['L1', 'L2'], start: '06:00', end: '14:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
      { key: 'night', name: 'Night', production_units: ['L1'], start: '22:00', end: '06:00', days: ['monday', 'sunday'] },
    ]);
    assert.deepEqual(strip(got.body.products), [
      { sku: 'SKU-A', name: 'Bottle 500 mL', ideal_rate_per_hour: { L1: 2400, L2: 1800.25 } },
      { sku: 'SKU-B', name: 'Bottle 1 L', ideal_rate_per_hour: { L1: 1200 } },
    ]);
    assert.deepEqual(strip(got.body.downtime_reasons), [
      { key: 'break', name: 'Break', category: 'Planned', is_planned: true, target_seconds: 900 },
      { key: 'changeover', name: 'Changeover', category: 'Planned', is_planned: true, target_seconds: null },
      { key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false, target_seconds: null },
    ]);
    // The existing read endpoints see the declared configuration.
    const products = await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${factory}/products` });
    // With their ids, which every enabled user's filters narrow by (issue 22).
    assert.deepEqual(products.body, [
      { id: got.body.products[0].id, sku: 'SKU-A', name: 'Bottle 500 mL' },
      { id: got.body.products[1].id, sku: 'SKU-B', name: 'Bottle 1 L' },
    ]);
    const shifts = await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${factory}/assigned-work-shift-names` });
    assert.deepEqual(shifts.body.map((u: { work_shift: { name: string }[] }) => u.work_shift.map((s) => s.name)), [['Day', 'Night'], ['Day']]);

    // Same declaration again: same ids, nothing marked, version unchanged.
    const version = async () => (await app.db.query<{ v: number }>('SELECT config_version AS v FROM factories WHERE id = $1', [factory]))[0]!.v;
    const v1 = await version();
    const again = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    assert.deepEqual(again.body, got.body);
    assert.equal(await version(), v1);
    assert.deepEqual(await dirtyRows(app, factory), []);
  });

  it('marks the history of affected units dirty when shifts, rates, reasons or time settings change', async () => {
    const factory = await newFactory('Config Dirty');
    const first = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    const unitId = Object.fromEntries(first.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id]));
    assert.deepEqual(await dirtyRows(app, factory), [], 'new units have no history to re-derive');

    // A shift of L1 only changes: only L1's history.
    const shiftChange = declaration();
    (shiftChange.work_shifts![1] as { end: string }).end = '05:30';
    await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: shiftChange });
    let rows = await dirtyRows(app, factory);
    assert.deepEqual(rows.map((r) => r.production_unit_id), [unitId.L1]);
    assert.equal(rows[0]!.from_at, '2019-08-31T10:00:00.000Z');
    assert.ok(Date.parse(rows[0]!.to_at) > Date.now() + 23 * 3_600_000);

    // A rate of L2 changes: L2.
    const rateChange = structuredClone(shiftChange);
    (rateChange.products![1] as { ideal_rate_per_hour: Record<string, number> }).ideal_rate_per_hour.L2 = 1900;
    await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: rateChange });
    rows = await dirtyRows(app, factory);
    assert.deepEqual(rows.slice(1).map((r) => r.production_unit_id), [unitId.L2]);

    // A renamed product or unit re-derives nothing.
    const rename = structuredClone(rateChange);
    (rename.products![0] as { name: string }).name = 'Bottle 1 litre';
    (rename.production_units![1] as { name: string }).name = 'Line two';
    await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: rename });
    assert.equal((await dirtyRows(app, factory)).length, 2);

    // A reason becomes planned: every unit.
    const reasonChange = structuredClone(rename);
    (reasonChange.downtime_reasons![1] as { is_planned: boolean }).is_planned = true;
    await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: reasonChange });
    rows = await dirtyRows(app, factory);
    assert.deepEqual(rows.slice(2).map((r) => r.production_unit_id).sort(), [unitId.L1, unitId.L2].sort());

    // The factory's production-day start changes through PUT /factories/:id: every unit.
    const current = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === factory);
    const settings = {
      name: current.name,
      timezone: current.timezone,
      year_first_month: current.year_first_month,
      week_first_day: current.week_first_day,
      currency: current.currency,
      production_day_minutes_from_midnight: 360,
      is_calendar_day_business_day: true,
      objectives: [
        { objective_type: 'availability', value: 90 },
        { objective_type: 'performance', value: 95 },
        { objective_type: 'quality', value: 99 },
      ],
    };
    const updated = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}`, payload: settings });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    rows = await dirtyRows(app, factory);
    assert.equal(rows.length, 6);
    // Objectives only: nothing more.
    await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}`, payload: { ...settings, objectives: settings.objectives.map((o) => ({ ...o, value: 80 })) } });
    assert.equal((await dirtyRows(app, factory)).length, 6);
  });

  it('lists every problem of an invalid declaration and changes nothing', async () => {
    const factory = await newFactory('Config Invalid');
    const good = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    const bad = declaration();
    bad.production_units!.push({ key: 'L1', name: 'Again' });
    bad.work_shifts!.push({ key: 'late', name: 'Late', production_units: ['L3', 'L2', 'L2'], start: '25:00', end: '7:00', days: ['funday', 'monday', 'monday'] });
    (bad.products![0] as { ideal_rate_per_hour: Record<string, number> }).ideal_rate_per_hour.LX = 10;
    bad.downtime_reasons!.push({ key: 'bad key!', name: 'Bad', category: 'X', is_planned: false });
    const response = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: bad });
    assert.equal(response.status, 400);
    const problems = response.body.errors.map((e: { code: string; arguments: { field: string } }) => `${e.code} ${e.arguments.field}`).sort();
    assert.deepEqual(problems, [
      'CFG_DAY_INVALID work_shifts.2.days.0',
      'CFG_DAY_INVALID work_shifts.2.days.2',
      'CFG_KEY_DUPLICATE production_units.2.key',
      'CFG_KEY_DUPLICATE work_shifts.2.production_units.2',
      'CFG_KEY_INVALID downtime_reasons.3.key',
      'CFG_TIME_INVALID work_shifts.2.end',
      'CFG_TIME_INVALID work_shifts.2.start',
      'CFG_UNIT_UNKNOWN products.0.ideal_rate_per_hour.LX',
      'CFG_UNIT_UNKNOWN work_shifts.2.production_units.0',
    ]);

    // Overlapping shifts on a shared unit (Sunday night into Monday morning included); adjacent ones are fine.
    const overlapping = declaration();
    overlapping.work_shifts!.push(
      { key: 'early', name: 'Early', production_units: ['L2', 'L1'], start: '05:00', end: '07:00', days: ['monday'] },
      { key: 'evening', name: 'Evening', production_units: ['L1'], start: '14:00', end: '22:00', days: ['monday'] },
      { key: 'l2-night', name: 'L2 night', production_units: ['L2'], start: '22:00', end: '06:00', days: ['monday'] },
    );
    const overlap = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: overlapping });
    assert.equal(overlap.status, 400);
    assert.deepEqual(
      overlap.body.errors.map((e: { code: string; arguments: Record<string, string> }) => `${e.code} ${e.arguments.field} ${e.arguments.key}/${e.arguments.other} ${e.arguments.unit}`),
      ['CFG_SHIFT_OVERLAP work_shifts.2 early/day L2', 'CFG_SHIFT_OVERLAP work_shifts.2 early/night L1'],
    );

    const shape = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${factory}/configuration`,
      payload: { production_units: [{ key: 'L1', name: '', packages: 0 }], work_shifts: [], products: 'none', extra: 1 },
    });
    assert.equal(shape.status, 400);
    const fields = shape.body.errors.map((e: { code: string; arguments: { field: string } }) => e.arguments.field);
    for (const field of ['production_units.0.name', 'production_units.0.packages', 'products', 'downtime_reasons', 'extra']) {
      assert.ok(fields.includes(field), `${field} in ${fields.join(', ')}`);
    }
    const after = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/configuration` });
    assert.deepEqual(after.body, good.body);
  });

  it('removes what is no longer declared, but refuses to drop units, products and reasons that facts use', async () => {
    const factory = await newFactory('Config Removal');
    const first = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    const ids = (section: string) => Object.fromEntries(first.body[section].map((x: { key?: string; sku?: string; id: string }) => [x.key ?? x.sku, x.id]));
    const account = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id;
    await app.db.query(
      `INSERT INTO product_run_events (account_id, factory_id, production_unit_id, event_id, at, product_id) VALUES ($1, $2, $3, 'p1', now(), $4)`,
      [account, factory, ids('production_units').L1, ids('products')['SKU-A']],
    );
    await app.db.query(
      `INSERT INTO downtime_justifications (account_id, factory_id, production_unit_id, event_id, from_at, to_at, downtime_reason_id)
       VALUES ($1, $2, $3, 'j1', now() - interval '1 hour', now(), $4)`,
      [account, factory, ids('production_units').L1, ids('downtime_reasons').jam],
    );

    const smaller = { production_units: [declaration().production_units![1]], work_shifts: [], products: [], downtime_reasons: [] };
    const refused = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: smaller });
    assert.equal(refused.status, 409);
    assert.deepEqual(
      refused.body.errors.map((e: { code: string; arguments: { field: string; key: string } }) => `${e.code} ${e.arguments.field} ${e.arguments.key}`).sort(),
      ['CFG_IN_USE downtime_reasons jam', 'CFG_IN_USE production_units L1', 'CFG_IN_USE products SKU-A'],
    );
    assert.deepEqual((await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/configuration` })).body, first.body);

    // Keep what facts use; drop the rest.
    const base = declaration();
    const kept = {
      production_units: [base.production_units![0]],
      work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1'], start: '06:00', end: '14:00', days: ['monday'] }],
      products: [{ sku: 'SKU-A', name: 'Bottle 500 mL', ideal_rate_per_hour: { L1: 2400 } }],
      downtime_reasons: [base.downtime_reasons![1]],
    };
    const ok = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: kept });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.production_units.map((u: { id: string }) => u.id), [ids('production_units').L1]);
    assert.deepEqual(ok.body.products.map((p: { id: string }) => p.id), [ids('products')['SKU-A']]);
    assert.deepEqual(ok.body.work_shifts.map((s: { key: string; production_units: string[] }) => [s.key, s.production_units]), [['day', ['L1']]]);
    assert.equal(ok.body.downtime_reasons.length, 1);
  });

  it('shows the recomputation a change asks for, unit by unit, until the background pass has re-derived them', async () => {
    const factory = await newFactory('Config Progress');
    const first = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    const unitId = Object.fromEntries(first.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id]));
    const account = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id;
    // A little history on both lines: the last two days running, stopped for an hour yesterday.
    for (const [key, unit] of Object.entries(unitId)) {
      await app.db.query(
        `INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running)
         VALUES ($1, $2, $3, $4 || '-a', date_trunc('hour', now()) - interval '48 hours', true),
                ($1, $2, $3, $4 || '-b', date_trunc('hour', now()) - interval '20 hours', false),
                ($1, $2, $3, $4 || '-c', date_trunc('hour', now()) - interval '19 hours', true)`,
        [account, factory, unit, key],
      );
    }
    await sweep(app.db);
    const url = `/api/factories/${factory}/recomputation`;
    const progress = async () => {
      const response = await call(app, DEMO.admin, { method: 'GET', url });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    assert.deepEqual(await progress(), {
      pending_units: 0,
      total_units: 2,
      oldest_pending_since: null,
      units: [
        { id: unitId.L1, key: 'L1', name: 'Line 1', pending: false },
        { id: unitId.L2, key: 'L2', name: 'Line 2', pending: false },
      ],
    });

    // A shift of L1 changes: L1 is pending since the change.
    const saved = Date.now();
    const shiftChange = declaration();
    (shiftChange.work_shifts![1] as { end: string }).end = '05:30';
    assert.equal((await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: shiftChange })).status, 200);
    let body = await progress();
    assert.equal(body.pending_units, 1);
    assert.equal(body.total_units, 2);
    assert.deepEqual(body.units.map((u: { key: string; pending: boolean }) => [u.key, u.pending]), [['L1', true], ['L2', false]]);
    assert.ok(Math.abs(Date.parse(body.oldest_pending_since) - saved) < 60_000, body.oldest_pending_since);
    const since = body.oldest_pending_since;

    // A new calendar: both lines; the oldest change waiting is still the first.
    const current = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === factory);
    const settings = {
      name: current.name,
      timezone: current.timezone,
      year_first_month: current.year_first_month,
      week_first_day: current.week_first_day,
      currency: current.currency,
      production_day_minutes_from_midnight: 300,
      is_calendar_day_business_day: true,
      objectives: [
        { objective_type: 'availability', value: 90 },
        { objective_type: 'performance', value: 95 },
        { objective_type: 'quality', value: 99 },
      ],
    };
    assert.equal((await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}`, payload: settings })).status, 200);
    body = await progress();
    assert.equal(body.pending_units, 2);
    assert.equal(body.oldest_pending_since, since);

    // The background pass re-derives them (the new production-day start shows in the stored days).
    await sweep(app.db);
    body = await progress();
    assert.equal(body.pending_units, 0);
    assert.equal(body.oldest_pending_since, null);
    assert.ok(body.units.every((u: { pending: boolean }) => !u.pending));
    const days = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rollup_unit_days WHERE production_unit_id = $1`,
      [unitId.L1],
    );
    assert.ok(days[0]!.n >= 2, `${days[0]!.n} production days derived`);

    // Late facts mark a short span on every batch; the next pass clears it and the wizard shows no recomputation.
    await app.db.query(
      `INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at) VALUES ($1, $2, $3, now() - interval '1 hour', now() + interval '1 day')`,
      [account, factory, unitId.L2],
    );
    assert.equal((await progress()).pending_units, 0);
  });

  it('shows the recomputation to administrators of the factory’s own account only', async () => {
    const url = `/api/factories/${lyon}/recomputation`;
    for (const who of [DEMO.operation, DEMO.display]) {
      const refused = await call(app, who, { method: 'GET', url });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.errors[0].code, 'AUTH_ADMIN_REQUIRED');
    }
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url });
    assert.equal(other.status, 404);
    assert.equal(other.body.errors[0].code, 'CS_FAC_404');
    const unknown = await call(app, DEMO.admin, { method: 'GET', url: '/api/factories/00000000-0000-4000-8000-000000000000/recomputation' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.errors[0].code, 'CS_FAC_404');
    const badId = await call(app, DEMO.admin, { method: 'GET', url: '/api/factories/not-a-uuid/recomputation' });
    assert.equal(badId.status, 400);
    assert.equal(badId.body.errors[0].arguments.field, 'id');
    assert.equal((await call(app, null, { method: 'GET', url })).status, 401);

    const own = await call(app, DEMO.admin, { method: 'GET', url });
    assert.equal(own.status, 200);
    assert.equal(own.body.total_units, 4);
    assert.equal(own.body.units.length, 4);
  });

  it('is for administrators of the factory’s own account only', async () => {
    const url = `/api/factories/${lyon}/configuration`;
    const operator = await call(app, DEMO.operation, { method: 'GET', url });
    assert.equal(operator.status, 403);
    assert.equal(operator.body.errors[0].code, 'AUTH_ADMIN_REQUIRED');
    const operatorPut = await call(app, DEMO.operation, { method: 'PUT', url, payload: declaration() });
    assert.equal(operatorPut.status, 403);
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url });
    assert.equal(other.status, 404);
    assert.equal(other.body.errors[0].code, 'CS_FAC_404');
    const otherPut = await call(app, DEMO.otherAdmin, { method: 'PUT', url, payload: declaration() });
    assert.equal(otherPut.status, 404);
    assert.equal(otherPut.body.errors[0].code, 'CS_FAC_404');
    const anonymous = await call(app, null, { method: 'GET', url });
    assert.equal(anonymous.status, 401);

    // The seeded demo configuration reads back whole (shift across midnight included).
    const own = await call(app, DEMO.admin, { method: 'GET', url });
    assert.equal(own.status, 200);
    assert.equal(own.body.production_units.length, 4);
    assert.ok(own.body.work_shifts.some((s: { start: string; end: string }) => s.end <= s.start));
  });
});
