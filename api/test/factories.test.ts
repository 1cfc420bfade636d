import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO, demoFactoryId } from './helper.ts';

const DEMO_DOMAIN = 'demo.linepulse.test';
const OTHER_DOMAIN = 'other.linepulse.test';

function settingsOf(factory: Record<string, unknown>): Record<string, unknown> {
  const keys = ['name', 'timezone', 'year_first_month', 'week_first_day', 'currency', 'production_day_minutes_from_midnight', 'is_calendar_day_business_day', 'objectives'];
  return Object.fromEntries(keys.map((k) => [k, factory[k]]));
}

describe('factories, shifts, products and account scoping', () => {
  let app: FastifyInstance;
  let lyon: string;
  let montreal: string;
  let hamilton: string;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
    lyon = await demoFactoryId(app, DEMO_DOMAIN, 'Lyon');
    montreal = await demoFactoryId(app, DEMO_DOMAIN, 'Montréal');
    hamilton = await demoFactoryId(app, OTHER_DOMAIN, 'Hamilton');
  });
  after(() => cleanup.run());

  it("lists only the caller's account factories, with units, objectives and OEE target", async () => {
    const demo = await call(app, DEMO.operation, { method: 'GET', url: '/api/user/factories' });
    assert.equal(demo.status, 200);
    assert.deepEqual(demo.body.map((f: { name: string }) => f.name).sort(), ['Lyon', 'Monterrey', 'Montréal']);
    const mtl = demo.body.find((f: { id: string }) => f.id === montreal);
    assert.equal(mtl.timezone, 'America/Toronto');
    assert.equal(mtl.currency, 'CAD');
    assert.equal(mtl.primary_language, 'fr');
    assert.equal(mtl.year_first_month, 'january');
    assert.equal(mtl.week_first_day, 'monday');
    assert.equal(mtl.is_calendar_day_business_day, true);
    assert.deepEqual(mtl.objectives, [
      { objective_type: 'availability', value: 90 },
      { objective_type: 'performance', value: 95 },
      { objective_type: 'quality', value: 99 },
    ]);
    assert.equal(mtl.oee_target, 84.65);
    assert.ok(mtl.production_units.length >= 4 && mtl.production_units.length <= 6);
    assert.deepEqual(Object.keys(mtl.production_units[0]).sort(), ['converted_unit_name', 'id', 'name', 'packages']);
    for (const f of demo.body) assert.ok(f.production_units.length >= 4, `${f.name} has 4–6 lines`);

    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url: '/api/user/factories' });
    assert.deepEqual(other.body.map((f: { id: string }) => f.id), [hamilton]);
  });

  it('gives each unit its work shift names, and products, of a factory', async () => {
    const shifts = await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${montreal}/assigned-work-shift-names` });
    assert.equal(shifts.status, 200);
    assert.equal(shifts.body.length, 5);
    const names = shifts.body.map((u: { work_shift: { name: string }[] }) => u.work_shift.map((s) => s.name).join('/'));
    assert.ok(names.includes('Jour/Soir/Nuit'), names.join(' | '));
    assert.ok(names.includes('Jour/Soir'), names.join(' | '));

    const products = await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${montreal}/products` });
    assert.equal(products.status, 200);
    assert.ok(products.body.length >= 3);
    assert.ok(products.body.every((p: { sku: string; name: string }) => p.sku && p.name));

    const all = await call(app, DEMO.display, { method: 'GET', url: '/api/user/work-shifts' });
    assert.equal(all.status, 200);
    assert.equal(new Set(all.body.map((u: { factory_id: string }) => u.factory_id)).size, 3);
    assert.equal(all.body.length, 15);
  });

  it('gives every enabled user of the account, not only administrators, the ids of shifts and products (product §6)', async () => {
    const configuration = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${montreal}/configuration` });
    assert.equal(configuration.status, 200);
    const shiftIds = new Map<string, string>(configuration.body.work_shifts.map((s: { id: string; name: string }) => [s.id, s.name]));
    const productIds = configuration.body.products.map((p: { id: string; sku: string; name: string }) => `${p.id} ${p.sku} ${p.name}`).sort();
    // A supervisor cannot read the configuration, yet reads the same ids through the calls of product §7.
    const refused = await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${montreal}/configuration` });
    assert.equal(refused.status, 403);
    for (const who of [DEMO.operation, DEMO.display, DEMO.admin]) {
      const units = await call(app, who, { method: 'GET', url: `/api/factories/${montreal}/assigned-work-shift-names` });
      assert.equal(units.status, 200, who);
      const seen = units.body.flatMap((u: { work_shift: { id: string; name: string }[] }) => u.work_shift);
      assert.ok(seen.length > 0);
      for (const shift of seen) assert.equal(shiftIds.get(shift.id), shift.name, `${who}: ${JSON.stringify(shift)}`);
      const products = await call(app, who, { method: 'GET', url: `/api/factories/${montreal}/products` });
      assert.equal(products.status, 200, who);
      assert.deepEqual(products.body.map((p: { id: string; sku: string; name: string }) => `${p.id} ${p.sku} ${p.name}`).sort(), productIds);
      const all = await call(app, who, { method: 'GET', url: '/api/user/work-shifts' });
      assert.equal(all.status, 200, who);
      const montrealShifts = all.body
        .filter((u: { factory_id: string }) => u.factory_id === montreal)
        .flatMap((u: { work_shift: { id: string }[] }) => u.work_shift.map((s) => s.id));
      assert.deepEqual([...new Set(montrealShifts)].sort(), [...new Set(seen.map((s: { id: string }) => s.id))].sort());
    }

    // The ids narrow a supervisor's figures.
    const unit = configuration.body.production_units[0].id;
    const shift = configuration.body.work_shifts.find((s: { production_units: string[] }) => s.production_units.includes(configuration.body.production_units[0].key)).id;
    const narrowed = await call(app, DEMO.operation, {
      method: 'POST',
      url: '/api/kpis/by-groups',
      payload: { time_option: 'last7days', groups: [{ name: 'g', factory_id: montreal, production_unit_ids: [unit], work_shift_ids: [shift], product_ids: [productIds[0]!.split(' ')[0]] }] },
    });
    assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));

    // Another account's user reads none of it; a user not enabled for the product is refused.
    for (const url of [`/api/factories/${montreal}/assigned-work-shift-names`, `/api/factories/${montreal}/products`]) {
      const foreign = await call(app, DEMO.otherAdmin, { method: 'GET', url });
      assert.equal(foreign.status, 404, url);
      assert.equal(foreign.body.errors[0].code, 'CS_FAC_404');
      const notEnabled = await call(app, DEMO.noaccess, { method: 'GET', url });
      assert.equal(notEnabled.status, 403, url);
    }
    const otherShifts = await call(app, DEMO.otherAdmin, { method: 'GET', url: '/api/user/work-shifts' });
    assert.equal(otherShifts.status, 200);
    assert.ok(otherShifts.body.length > 0);
    assert.ok(otherShifts.body.every((u: { factory_id: string; work_shift: { id: string }[] }) => u.factory_id === hamilton && u.work_shift.every((s) => !shiftIds.has(s.id))));
    assert.equal((await call(app, DEMO.noaccess, { method: 'GET', url: '/api/user/work-shifts' })).status, 403);
  });

  it('lists currencies and custom periods with inclusive day counts', async () => {
    const currencies = await call(app, DEMO.operation, { method: 'GET', url: '/api/currency-list' });
    assert.ok(['CAD', 'EUR', 'MXN', 'USD'].every((c) => currencies.body.includes(c)));
    const periods = await call(app, DEMO.operation, { method: 'GET', url: '/api/custom-periods' });
    assert.equal(periods.status, 200);
    assert.equal(periods.body.length, 3);
    for (const p of periods.body) {
      const days = (Date.parse(p.end_date) - Date.parse(p.start_date)) / 86_400_000 + 1;
      assert.equal(p.days, days);
      assert.ok(p.name.length <= 6);
    }
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url: '/api/custom-periods' });
    assert.equal(other.body.length, 1);
  });

  it("hides another account's factories and account behind 404", async () => {
    for (const url of [
      `/api/factories/${lyon}/products`,
      `/api/factories/${lyon}/assigned-work-shift-names`,
    ]) {
      const response = await call(app, DEMO.otherAdmin, { method: 'GET', url });
      assert.equal(response.status, 404, url);
      assert.equal(response.body.errors[0].code, 'CS_FAC_404');
    }
    const unknown = await call(app, DEMO.otherAdmin, { method: 'GET', url: '/api/factories/00000000-0000-4000-8000-000000000000/products' });
    assert.deepEqual(unknown.body.errors[0].code, 'CS_FAC_404');

    const lyonFactory = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === lyon);
    const put = await call(app, DEMO.otherAdmin, { method: 'PUT', url: `/api/factories/${lyon}`, payload: { ...settingsOf(lyonFactory), name: 'Stolen' } });
    assert.equal(put.status, 404);
    assert.equal(put.body.errors[0].code, 'CS_FAC_404');

    const demoAccount = (await app.db.query<{ id: string }>('SELECT id FROM accounts WHERE domain_name = $1', [DEMO_DOMAIN]))[0]!.id;
    const own = await call(app, DEMO.operation, { method: 'GET', url: `/dashboard-api/accounts/${demoAccount}` });
    assert.equal(own.status, 200);
    assert.deepEqual(own.body, { id: demoAccount, name: 'Demo Co.', insights_enabled: true, is_tilelytics: true, domain_name: DEMO_DOMAIN, integrated_ecosystem: true });
    const foreign = await call(app, DEMO.otherAdmin, { method: 'GET', url: `/dashboard-api/accounts/${demoAccount}` });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.errors[0].code, 'ACC_404');

    const badId = await call(app, DEMO.operation, { method: 'GET', url: '/api/factories/not-a-uuid/products' });
    assert.equal(badId.status, 400);
    assert.equal(badId.body.errors[0].code, 'GEN_VALIDATION');
    assert.equal(badId.body.errors[0].arguments.field, 'id');
  });

  it('lets only administrators update factory settings', async () => {
    const factories = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body;
    const mtl = factories.find((f: { id: string }) => f.id === montreal);
    const body = {
      ...settingsOf(mtl),
      name: 'Montréal-Est',
      week_first_day: 'sunday',
      currency: 'USD',
      production_day_minutes_from_midnight: 390,
      objectives: [
        { objective_type: 'availability', value: 80 },
        { objective_type: 'performance', value: 90 },
        { objective_type: 'quality', value: 100 },
      ],
    };
    for (const who of [DEMO.operation, DEMO.display]) {
      const refused = await call(app, who, { method: 'PUT', url: `/api/factories/${montreal}`, payload: body });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.errors[0].code, 'AUTH_ADMIN_REQUIRED');
    }
    const notEnabled = await call(app, DEMO.noaccess, { method: 'PUT', url: `/api/factories/${montreal}`, payload: body });
    assert.equal(notEnabled.status, 403);

    const ok = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: body });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.name, 'Montréal-Est');
    assert.equal(ok.body.week_first_day, 'sunday');
    assert.equal(ok.body.currency, 'USD');
    assert.equal(ok.body.production_day_minutes_from_midnight, 390);
    assert.equal(ok.body.oee_target, 72);
    assert.equal(ok.body.production_units.length, mtl.production_units.length);
    const again = (await call(app, DEMO.operation, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === montreal);
    assert.deepEqual(again, ok.body);

    // Put it back for the other tests.
    const restored = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: settingsOf(mtl) });
    assert.equal(restored.status, 200);
    // The same settings again; only the time of the last change moved.
    assert.deepEqual({ ...restored.body, updated_at: undefined }, { ...mtl, updated_at: undefined });
    assert.ok(restored.body.updated_at > mtl.updated_at, `${restored.body.updated_at} after ${mtl.updated_at}`);
  });

  it('saves the primary language, keeps it when omitted, and refuses another language with CS_FAC_LANGUAGE_INVALID', async () => {
    const factories = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body;
    const mtl = factories.find((f: { id: string }) => f.id === montreal);
    const other = mtl.primary_language === 'es' ? 'fr' : 'es';
    const saved = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: { ...settingsOf(mtl), primary_language: other } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.primary_language, other);
    const read = (await call(app, DEMO.operation, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === montreal);
    assert.equal(read.primary_language, other);

    // Callers that do not send it (written before the wizard edited it) keep the stored language.
    const without = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: settingsOf(mtl) });
    assert.equal(without.status, 200);
    assert.equal(without.body.primary_language, other);

    const before = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === montreal);
    for (const primary_language of ['de', 'EN', null, 3]) {
      const refused = await call(app, DEMO.admin, {
        method: 'PUT',
        url: `/api/factories/${montreal}`,
        payload: { ...settingsOf(mtl), name: 'Renamed meanwhile', primary_language },
      });
      assert.equal(refused.status, 400, `${primary_language}: ${JSON.stringify(refused.body)}`);
      assert.deepEqual(
        refused.body.errors.map((e: { code: string; arguments: { field: string } }) => `${e.code} ${e.arguments.field}`),
        ['CS_FAC_LANGUAGE_INVALID primary_language'],
      );
    }
    const unchanged = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === montreal);
    assert.deepEqual(unchanged, before);

    // A new factory takes the language asked, and the same rule.
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Planta Sur', timezone: 'America/Monterrey', primary_language: 'es' } });
    assert.equal(created.status, 201);
    assert.equal(created.body.primary_language, 'es');
    const badNew = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Fabrik', timezone: 'Europe/Berlin', primary_language: 'de' } });
    assert.equal(badNew.status, 400);
    assert.deepEqual(badNew.body.errors.map((e: { code: string }) => e.code), ['CS_FAC_LANGUAGE_INVALID']);
    const names = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.map((f: { name: string }) => f.name);
    assert.ok(!names.includes('Fabrik'));

    const restored = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: { ...settingsOf(mtl), primary_language: mtl.primary_language } });
    assert.equal(restored.body.primary_language, mtl.primary_language);
  });

  it('refuses a duplicate name in the account (any case) with CS_FAC_PUT_20001, but not across accounts', async () => {
    const factories = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body;
    const mtl = factories.find((f: { id: string }) => f.id === montreal);
    const duplicate = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: { ...settingsOf(mtl), name: 'LYON' } });
    assert.equal(duplicate.status, 409);
    assert.deepEqual(duplicate.body.errors[0].code, 'CS_FAC_PUT_20001');
    assert.deepEqual(duplicate.body.errors[0].arguments, { name: 'LYON' });

    const hamiltonFactory = (await call(app, DEMO.otherAdmin, { method: 'GET', url: '/api/user/factories' })).body[0];
    const sameNameElsewhere = await call(app, DEMO.otherAdmin, {
      method: 'PUT',
      url: `/api/factories/${hamilton}`,
      payload: { ...settingsOf(hamiltonFactory), name: 'Lyon' },
    });
    assert.equal(sameNameElsewhere.status, 200);
    const back = await call(app, DEMO.otherAdmin, { method: 'PUT', url: `/api/factories/${hamilton}`, payload: settingsOf(hamiltonFactory) });
    assert.equal(back.status, 200);

    const unchanged = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === montreal);
    assert.deepEqual(unchanged, mtl);
  });

  it('reports every settings problem with its code and changes nothing', async () => {
    const factories = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body;
    const mtl = factories.find((f: { id: string }) => f.id === montreal);
    const response = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${montreal}`,
      payload: {
        ...settingsOf(mtl),
        name: 'Bad/Name!',
        timezone: 'Mars/Olympus',
        year_first_month: 'smarch',
        week_first_day: 'funday',
        currency: 'XXX',
        production_day_minutes_from_midnight: 1440,
        objectives: [
          { objective_type: 'availability', value: 0 },
          { objective_type: 'performance', value: 95 },
          { objective_type: 'quality', value: 99 },
        ],
      },
    });
    assert.equal(response.status, 400);
    const codes = response.body.errors.map((e: { code: string }) => e.code);
    for (const code of [
      'CS_FAC_NAME_INVALID',
      'CS_FAC_TIMEZONE_INVALID',
      'CS_FAC_MONTH_INVALID',
      'CS_FAC_DAY_INVALID',
      'CS_FAC_CURRENCY_INVALID',
      'CS_FAC_HOUR_INVALID',
      'CS_FAC_OBJECTIVE_INVALID',
    ]) {
      assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    }
    assert.ok(response.body.errors.every((e: { arguments: { field?: string } }) => typeof e.arguments.field === 'string'));

    const unknownField = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: { ...settingsOf(mtl), id: 'x' } });
    assert.equal(unknownField.status, 400);
    const missing = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${montreal}`, payload: { name: '' } });
    assert.equal(missing.status, 400);
    assert.ok(missing.body.errors.some((e: { code: string }) => e.code === 'CS_FAC_NAME_REQUIRED'));

    const unchanged = (await call(app, DEMO.admin, { method: 'GET', url: '/api/user/factories' })).body.find((f: { id: string }) => f.id === montreal);
    assert.deepEqual(unchanged, mtl);
  });
});
