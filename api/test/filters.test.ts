import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { countedOnceGroups, rollUpKpis, sharedLines, type Kpis } from '@linepulse/contracts';
import { build, call, Cleanup, DEMO } from './helper.ts';

const DEMO_DOMAIN = 'demo.linepulse.test';
const OTHER_DOMAIN = 'other.linepulse.test';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A factory with its lines and shifts in configuration order (the order the api answers in). */
interface Plant {
  id: string;
  units: string[];
  shifts: string[];
}

interface GroupBody {
  name: string;
  factory_id: string | null;
  production_unit_ids: string[];
  work_shift_ids: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- problem lists are compared loosely
const problems = (body: any): string[] =>
  body.errors.map((e: { code: string; arguments: { field?: string } }) => `${e.code} ${e.arguments.field ?? ''}`).sort();

describe('saved filters and comparison groups', () => {
  let app: FastifyInstance;
  let montreal: Plant;
  let lyon: Plant;
  let hamilton: Plant;
  const cleanup = new Cleanup();

  async function plant(domain: string, name: string): Promise<Plant> {
    const [row] = await app.db.query<{ id: string; units: string[]; shifts: string[] }>(
      `SELECT f.id,
              ARRAY(SELECT pu.id::text FROM production_units pu WHERE pu.factory_id = f.id ORDER BY pu.sort_order, pu.name, pu.id) AS units,
              ARRAY(SELECT ws.id::text FROM work_shifts ws WHERE ws.factory_id = f.id ORDER BY ws.sort_order, ws.start_local, ws.id) AS shifts
         FROM factories f JOIN accounts a ON a.id = f.account_id
        WHERE a.domain_name = $1 AND f.name = $2`,
      [domain, name],
    );
    assert.ok(row, `${name} in ${domain}`);
    return row;
  }

  before(async () => {
    ({ app } = await build(cleanup));
    montreal = await plant(DEMO_DOMAIN, 'Montréal');
    lyon = await plant(DEMO_DOMAIN, 'Lyon');
    hamilton = await plant(OTHER_DOMAIN, 'Hamilton');
  });
  after(() => cleanup.run());
  // Every test starts with no saved filter, so the duplicate-group rule sees only its own.
  beforeEach(async () => {
    await app.db.query('DELETE FROM saved_filters');
  });

  const group = (name: string, factory: Plant, units: number[], shifts: number[]): GroupBody & { factory_id: string } => ({
    name,
    factory_id: factory.id,
    production_unit_ids: units.map((i) => factory.units[i]!),
    work_shift_ids: shifts.map((i) => factory.shifts[i]!),
  });
  const post = (email: string, payload: unknown) => call(app, email, { method: 'POST', url: '/api/filters', payload: payload as object });
  const put = (email: string, id: string, payload: unknown) => call(app, email, { method: 'PUT', url: `/api/filters/${id}`, payload: payload as object });
  const remove = (email: string, id: string) => call(app, email, { method: 'DELETE', url: `/api/filters/${id}` });
  const list = async (email: string) => (await call(app, email, { method: 'GET', url: '/api/filters' })).body;

  async function saved(email: string, name: string, groups: GroupBody[]): Promise<string> {
    const response = await post(email, { name, groups });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.id;
  }

  /** Everything a refused call could have touched. */
  async function snapshot(): Promise<string> {
    const counts = await app.db.query(
      `SELECT (SELECT count(*) FROM saved_filters) AS filters, (SELECT count(*) FROM saved_filter_groups) AS groups,
              (SELECT count(*) FROM saved_filter_group_units) AS units, (SELECT count(*) FROM saved_filter_group_shifts) AS shifts`,
    );
    return JSON.stringify({ counts, operation: await list(DEMO.operation), admin: await list(DEMO.admin) });
  }

  it('saves, lists, renames, edits and deletes a filter with its comparison groups', async () => {
    assert.deepEqual(await list(DEMO.operation), []);
    const payload = {
      name: '  Montréal vs Lyon  ',
      groups: [
        // Lines given out of order and repeated: a set, answered in configuration order.
        { ...group(' Embouteillage ', montreal, [1, 0], [0]), production_unit_ids: [montreal.units[1]!, montreal.units[0]!, montreal.units[1]!.toUpperCase()] },
        group('Yaourts', lyon, [0, 1], [0, 1, 2]),
      ],
    };
    const created = await post(DEMO.operation, payload);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const filter = created.body;
    assert.match(filter.id, /^[0-9a-f-]{36}$/);
    assert.equal(filter.name, 'Montréal vs Lyon');
    assert.equal(filter.created_at, filter.updated_at);
    assert.ok(!Number.isNaN(Date.parse(filter.created_at)));
    assert.deepEqual(
      filter.groups.map(({ id: _id, ...rest }: { id: string }) => rest),
      [
        { name: 'Embouteillage', factory_id: montreal.id, production_unit_ids: montreal.units.slice(0, 2), work_shift_ids: [montreal.shifts[0]] },
        { name: 'Yaourts', factory_id: lyon.id, production_unit_ids: lyon.units.slice(0, 2), work_shift_ids: lyon.shifts },
      ],
    );
    assert.deepEqual(await list(DEMO.operation), [filter]);

    const flat = await call(app, DEMO.operation, { method: 'GET', url: '/api/filter-groups' });
    assert.equal(flat.status, 200);
    assert.deepEqual(
      flat.body,
      filter.groups.map((g: object) => ({ ...g, filter_id: filter.id, filter_name: 'Montréal vs Lyon' })),
    );

    // Listed by name whatever the case.
    await saved(DEMO.operation, 'beta', [group('B', montreal, [2], [1])]);
    await saved(DEMO.operation, 'Charlie', [group('C', montreal, [3], [1])]);
    await saved(DEMO.operation, 'alpha', [group('A', montreal, [4], [1])]);
    assert.deepEqual((await list(DEMO.operation)).map((f: { name: string }) => f.name), ['alpha', 'beta', 'Charlie', 'Montréal vs Lyon']);
    const groups = (await call(app, DEMO.operation, { method: 'GET', url: '/api/filter-groups' })).body;
    assert.deepEqual(groups.map((g: { filter_name: string; name: string }) => `${g.filter_name}/${g.name}`), [
      'alpha/A',
      'beta/B',
      'Charlie/C',
      'Montréal vs Lyon/Embouteillage',
      'Montréal vs Lyon/Yaourts',
    ]);

    // Rename: same groups, new name; its own name in another case is not a duplicate.
    const renamed = await put(DEMO.operation, filter.id, { ...payload, name: 'MONTRÉAL VS LYON' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.id, filter.id);
    assert.equal(renamed.body.name, 'MONTRÉAL VS LYON');
    assert.equal(renamed.body.created_at, filter.created_at);
    assert.ok(renamed.body.updated_at >= filter.updated_at);
    assert.deepEqual(renamed.body.groups.map((g: { name: string }) => g.name), ['Embouteillage', 'Yaourts']);

    // Edit: the groups are replaced.
    const edited = await put(DEMO.operation, filter.id, { name: 'Lyon seul', groups: [group('Nuit', lyon, [0], [2]), group('Jour', lyon, [0], [0])] });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual(
      edited.body.groups.map((g: { name: string; work_shift_ids: string[] }) => [g.name, g.work_shift_ids]),
      [['Nuit', [lyon.shifts[2]]], ['Jour', [lyon.shifts[0]]]],
    );
    assert.deepEqual((await list(DEMO.operation)).find((f: { id: string }) => f.id === filter.id), edited.body);

    const deleted = await remove(DEMO.operation, filter.id);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.body, '');
    assert.deepEqual((await list(DEMO.operation)).map((f: { name: string }) => f.name), ['alpha', 'beta', 'Charlie']);
    const [rows] = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM saved_filter_groups WHERE filter_id = $1', [filter.id]);
    assert.equal(rows!.n, 0);
    for (const again of [await remove(DEMO.operation, filter.id), await put(DEMO.operation, filter.id, payload)]) {
      assert.equal(again.status, 404);
      assert.deepEqual(again.body.errors, [{ code: 'FLT_404', arguments: { id: filter.id }, message: 'Saved filter not found.' }]);
    }
  });

  it('checks names: required, at most 50 characters once trimmed, unique per user in any case', async () => {
    const groups = [group('G', montreal, [0], [0])];
    const fifty = 'É'.repeat(50);
    const ok = await post(DEMO.operation, { name: `  ${fifty}  `, groups });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.name, fifty);

    const before = await snapshot();
    for (const name of ['', '   ', null, undefined]) {
      const response = await post(DEMO.operation, { name, groups: [group('G', montreal, [1], [0])] });
      assert.equal(response.status, 400, String(name));
      assert.deepEqual(response.body.errors, [{ code: 'FLT_NAME_REQUIRED', arguments: { field: 'name' }, message: 'name: the saved filter needs a name' }]);
    }
    const long = await post(DEMO.operation, { name: `${fifty}x`, groups: [group('G', montreal, [1], [0])] });
    assert.equal(long.status, 400);
    assert.deepEqual(long.body.errors.map((e: { code: string; arguments: object }) => [e.code, e.arguments]), [['FLT_NAME_TOO_LONG', { field: 'name', max: 50 }]]);

    const duplicate = await post(DEMO.operation, { name: ` ${fifty.toLowerCase()} `, groups: [group('G', montreal, [1], [0])] });
    assert.equal(duplicate.status, 409);
    assert.deepEqual(duplicate.body.errors.map((e: { code: string; arguments: object }) => [e.code, e.arguments]), [
      ['FLT_NAME_DUPLICATE', { field: 'name', name: fifty.toLowerCase(), filter_id: ok.body.id }],
    ]);
    assert.equal(await snapshot(), before);

    // Names are per user: another user of the account may use it.
    assert.equal((await post(DEMO.admin, { name: fifty, groups })).status, 201);
  });

  it('checks groups: 1 to 10, each named, with a factory, lines and shifts of that factory', async () => {
    const before = await snapshot();
    const expect = async (payload: unknown, status: number, expected: string[]) => {
      const response = await post(DEMO.operation, payload);
      assert.equal(response.status, status, JSON.stringify(response.body));
      assert.deepEqual(problems(response.body), [...expected].sort());
      return response.body.errors;
    };

    for (const groups of [[], undefined, null]) await expect({ name: 'F', groups }, 400, ['FLT_GROUPS_REQUIRED groups']);
    const eleven = Array.from({ length: 11 }, (_, i) => group(`G${i}`, montreal, [i % 5], [i % 3]));
    const [tooMany] = await expect({ name: 'F', groups: eleven }, 400, ['FLT_GROUPS_REQUIRED groups']);
    assert.deepEqual(tooMany.arguments, { field: 'groups', min: 1, max: 10, count: 11 });

    const [unnamed, tooLong] = await expect(
      { name: 'F', groups: [group('A', montreal, [0], [0]), group('  ', montreal, [1], [0]), group('x'.repeat(51), montreal, [2], [0])] },
      400,
      ['FLT_GROUP_NAME_REQUIRED groups.1.name', 'FLT_GROUP_NAME_TOO_LONG groups.2.name'],
    );
    assert.deepEqual(unnamed.arguments, { field: 'groups.1.name', index: 1, position: 2 });
    assert.deepEqual(tooLong.arguments, { field: 'groups.2.name', index: 2, position: 3, max: 50 });
    assert.equal(tooLong.message, 'groups.2.name: at most 50 characters');

    const [sameName] = await expect(
      { name: 'F', groups: [group('Jour', montreal, [0], [0]), group(' JOUR ', montreal, [1], [0])] },
      400,
      ['FLT_GROUP_NAME_DUPLICATE groups.1.name'],
    );
    assert.deepEqual(sameName.arguments, { field: 'groups.1.name', index: 1, position: 2, name: 'JOUR', other_index: 0 });

    await expect(
      { name: 'F', groups: [{ ...group('A', montreal, [], []), factory_id: null }, group('B', montreal, [], [0]), group('C', montreal, [0], [])] },
      400,
      [
        'FLT_FACTORY_REQUIRED groups.0.factory_id',
        'FLT_LINES_REQUIRED groups.0.production_unit_ids',
        'FLT_SHIFTS_REQUIRED groups.0.work_shift_ids',
        'FLT_LINES_REQUIRED groups.1.production_unit_ids',
        'FLT_SHIFTS_REQUIRED groups.2.work_shift_ids',
      ],
    );

    // Unknown factories and another account's look the same.
    const notFound = await expect(
      { name: 'F', groups: [{ ...group('A', montreal, [0], [0]), factory_id: UNKNOWN }, group('B', hamilton, [0], [0])] },
      400,
      ['FLT_FACTORY_NOT_FOUND groups.0.factory_id', 'FLT_FACTORY_NOT_FOUND groups.1.factory_id'],
    );
    assert.deepEqual(notFound[1].arguments, { field: 'groups.1.factory_id', index: 1, position: 2, id: hamilton.id });

    const foreign = await expect(
      {
        name: 'F',
        groups: [{ ...group('A', montreal, [0], [0]), production_unit_ids: [montreal.units[0], lyon.units[0]], work_shift_ids: [lyon.shifts[1], UNKNOWN] }],
      },
      400,
      ['FLT_LINE_NOT_IN_FACTORY groups.0.production_unit_ids', 'FLT_SHIFT_NOT_IN_FACTORY groups.0.work_shift_ids', 'FLT_SHIFT_NOT_IN_FACTORY groups.0.work_shift_ids'],
    );
    assert.deepEqual(foreign.find((e: { code: string }) => e.code === 'FLT_LINE_NOT_IN_FACTORY').arguments, {
      field: 'groups.0.production_unit_ids',
      index: 0,
      position: 1,
      id: lyon.units[0],
    });

    // Two groups of the filter selecting the same factory, lines and shifts (in any order).
    const [twin] = await expect(
      { name: 'Twins', groups: [group('A', montreal, [0, 1], [0, 1]), group('B', lyon, [0], [0]), group('C', montreal, [1, 0], [1, 0])] },
      400,
      ['FLT_GROUP_DUPLICATE groups.2'],
    );
    assert.deepEqual(twin.arguments, { field: 'groups.2', index: 2, position: 3, name: 'C', other_index: 0, other_group: 'A', other_filter: 'Twins' });

    // Shape problems stay GEN_VALIDATION, listed with the rule problems.
    await expect(
      { name: '', extra: true, groups: [{ ...group('A', montreal, [0], [0]), factory_id: 'not-a-uuid', production_unit_ids: ['nope'] }, group('', lyon, [0], [])] },
      400,
      [
        'FLT_NAME_REQUIRED name',
        'GEN_VALIDATION extra',
        'GEN_VALIDATION groups.0.factory_id',
        'GEN_VALIDATION groups.0.production_unit_ids.0',
        'FLT_GROUP_NAME_REQUIRED groups.1.name',
        'FLT_SHIFTS_REQUIRED groups.1.work_shift_ids',
      ],
    );

    assert.equal(await snapshot(), before, 'a refused request changes nothing');
    // Ten groups is the most, and fine.
    const ten = await post(DEMO.operation, { name: 'Ten', groups: eleven.slice(0, 10) });
    assert.equal(ten.status, 201, JSON.stringify(ten.body));
    assert.equal(ten.body.groups.length, 10);
  });

  it('refuses a group identical to a group of another saved filter of the same user', async () => {
    const first = await saved(DEMO.operation, 'First', [group('Embouteillage', montreal, [0, 1], [0]), group('Yaourts', lyon, [0], [0])]);
    const before = await snapshot();

    const same = await post(DEMO.operation, { name: 'Second', groups: [group('Other', lyon, [1], [1]), group('Bottling', montreal, [1, 0], [0])] });
    assert.equal(same.status, 409);
    assert.deepEqual(same.body.errors, [
      {
        code: 'FLT_GROUP_DUPLICATE',
        arguments: { field: 'groups.1', index: 1, position: 2, name: 'Bottling', filter_id: first, other_group: 'Embouteillage', other_filter: 'First' },
        message: 'groups.1: same factory, lines and shifts as group Embouteillage of saved filter First',
      },
    ]);
    // With a problem in the input too, everything is listed and the answer is 400.
    const mixed = await post(DEMO.operation, { name: 'first', groups: [group('Bottling', montreal, [0, 1], [0]), group('', lyon, [1], [1])] });
    assert.equal(mixed.status, 400);
    assert.deepEqual(problems(mixed.body), ['FLT_GROUP_DUPLICATE groups.0', 'FLT_GROUP_NAME_REQUIRED groups.1.name', 'FLT_NAME_DUPLICATE name']);
    assert.equal(await snapshot(), before);

    // A different set of lines or shifts is another selection.
    const second = await saved(DEMO.operation, 'Second', [group('Bottling', montreal, [0], [0]), group('Bottling nights', montreal, [0, 1], [2])]);
    // A filter's own groups do not count against it when it is saved again.
    const again = await put(DEMO.operation, first, { name: 'First again', groups: [group('Embouteillage', montreal, [0, 1], [0])] });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const taken = await put(DEMO.operation, second, { name: 'Second', groups: [group('Copy', montreal, [1, 0], [0])] });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.errors[0].arguments.filter_id, first);
    // The rule is per user.
    assert.equal((await post(DEMO.admin, { name: 'First', groups: [group('Mine', montreal, [0, 1], [0])] })).status, 201);
  });

  it('saves groups that share a line; each keeps its figures, and the counted-once groups add up to a total that counts the line once', async () => {
    const both = group('Both lines', montreal, [0, 1], [0]);
    const first = group('First line', montreal, [0], [0]);
    // Sharing a line is not a repeated group (product §5): the filter is saved; the form only warns.
    assert.deepEqual(sharedLines([both, first]), [{ first: 0, second: 1, production_unit_ids: [montreal.units[0]] }]);
    await saved(DEMO.operation, 'Shared line', [both, first]);

    const kpis = async (groups: GroupBody[]): Promise<Kpis[]> => {
      const response = await call(app, DEMO.operation, { method: 'POST', url: '/api/kpis/by-groups', payload: { time_option: 'time_range', start_date: '2026-01-05', end_date: '2026-01-11', groups } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.groups.map((g: { total: Kpis }) => g.total);
    };
    const [together, alone] = [await kpis([both, first]), [...(await kpis([both])), ...(await kpis([first]))]];
    // The api answers each group as if it were asked alone.
    assert.deepEqual(together, alone);
    const once = countedOnceGroups([both, first]);
    assert.deepEqual(once, [{ name: '1', factory_id: montreal.id, production_unit_ids: [montreal.units[0], montreal.units[1]], work_shift_ids: [montreal.shifts[0]] }]);
    const total = rollUpKpis(await kpis(once as GroupBody[]));
    const sum = rollUpKpis(together);
    const [bothTotal, firstTotal] = together as [Kpis, Kpis];
    // A week of a line's calendar: adding up the groups counts the first line's twice, the counted-once groups once.
    assert.ok(firstTotal.calendar_ms >= 7 * 24 * 3_600_000 - 3_600_000, String(firstTotal.calendar_ms));
    for (const key of ['calendar_ms', 'scheduled_ms', 'good', 'rejected', 'planned_downtime_ms', 'unplanned_downtime_ms'] as const) {
      assert.equal(total[key], bothTotal[key], key);
      assert.equal(sum[key], bothTotal[key] + firstTotal[key], key);
    }
  });

  it("keeps each user's filters to themselves: another user's or account's filter is 404", async () => {
    const mine = await saved(DEMO.operation, 'Mine', [group('A', montreal, [0], [0])]);
    const before = await snapshot();
    const body = { name: 'Stolen', groups: [group('A', montreal, [1], [1])] };
    for (const email of [DEMO.admin, DEMO.otherAdmin]) {
      assert.deepEqual(await list(email), []);
      assert.deepEqual((await call(app, email, { method: 'GET', url: '/api/filter-groups' })).body, []);
      for (const response of [await put(email, mine, body), await remove(email, mine)]) {
        assert.equal(response.status, 404, email);
        assert.deepEqual(response.body.errors, [{ code: 'FLT_404', arguments: { id: mine }, message: 'Saved filter not found.' }]);
      }
    }
    assert.equal(await snapshot(), before);

    // Another account cannot use this account's factories either.
    const foreign = await post(DEMO.otherAdmin, { name: 'Mine', groups: [group('A', montreal, [0], [0])] });
    assert.deepEqual(problems(foreign.body), ['FLT_FACTORY_NOT_FOUND groups.0.factory_id']);
    assert.equal((await post(DEMO.otherAdmin, { name: 'Mine', groups: [group('A', hamilton, [0], [0])] })).status, 201);

    assert.equal((await call(app, null, { method: 'GET', url: '/api/filters' })).status, 401);
    assert.equal((await call(app, DEMO.noaccess, { method: 'GET', url: '/api/filters' })).body.errors[0].code, 'AUTH_NOT_ENABLED');
    const badId = await remove(DEMO.operation, 'not-a-uuid');
    assert.equal(badId.status, 400);
    assert.deepEqual(badId.body.errors[0].arguments, { field: 'filterId', in: 'params' });
    assert.equal((await put(DEMO.operation, 'not-a-uuid', body)).body.errors[0].arguments.field, 'filterId');
  });

  it('clears the preference that selected a filter when that filter is deleted', async () => {
    const kept = await saved(DEMO.operation, 'Kept', [group('A', montreal, [0], [0])]);
    const gone = await saved(DEMO.operation, 'Gone', [group('A', montreal, [1], [0])]);
    const preferences = (id: string) => ({
      language: 'fr',
      theme: 'light',
      tilelytics: { selected_time_option: 'time_range', selected_start_date: '2024-01-01', selected_end_date: '2024-01-31', selected_tilelytics_filter_id: id },
    });
    const url = '/api/user/preferences';
    assert.equal((await call(app, DEMO.operation, { method: 'PUT', url, payload: preferences(gone) })).status, 200);

    assert.equal((await remove(DEMO.operation, kept)).status, 204);
    assert.deepEqual((await call(app, DEMO.operation, { method: 'GET', url })).body, preferences(gone));
    assert.equal((await remove(DEMO.operation, gone)).status, 204);
    assert.deepEqual((await call(app, DEMO.operation, { method: 'GET', url })).body, { ...preferences(gone), tilelytics: { ...preferences(gone).tilelytics, selected_tilelytics_filter_id: null } });
  });

  it('follows configuration changes: removed lines and shifts leave their groups, emptied groups and filters go', async () => {
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Filtres', timezone: 'America/Toronto' } });
    assert.equal(created.status, 201);
    const factoryId: string = created.body.id;
    const configuration = (units: string[], shifts: { key: string; production_units: string[] }[]) => ({
      production_units: units.map((key) => ({ key, name: `Ligne ${key}` })),
      work_shifts: shifts.map((s) => ({ ...s, name: s.key, start: s.key === 'day' ? '06:00' : '22:00', end: s.key === 'day' ? '14:00' : '06:00', days: ['monday'] })),
      products: [],
      downtime_reasons: [],
    });
    const declare = async (body: object): Promise<void> => {
      const response = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factoryId}/configuration`, payload: body });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    await declare(configuration(['L1', 'L2'], [{ key: 'day', production_units: ['L1', 'L2'] }, { key: 'night', production_units: ['L1'] }]));
    const plantFiltres = await plant(DEMO_DOMAIN, 'Filtres');

    const both = await saved(DEMO.operation, 'Both', [
      group('All', plantFiltres, [0, 1], [0, 1]),
      group('L2 days', plantFiltres, [1], [0]),
      group('Montréal', montreal, [0], [0]),
    ]);
    const onlyL2 = await saved(DEMO.operation, 'Only L2', [group('L2', plantFiltres, [1], [0, 1])]);
    const url = '/api/user/preferences';
    const prefs = { language: 'en', theme: 'dark', tilelytics: { selected_time_option: 'last7days', selected_tilelytics_filter_id: onlyL2 } };
    assert.equal((await call(app, DEMO.operation, { method: 'PUT', url, payload: prefs })).status, 200);

    // L2 goes: it leaves "All"; "L2 days" and "Only L2" (its only group) select nothing and go.
    await declare(configuration(['L1'], [{ key: 'day', production_units: ['L1'] }, { key: 'night', production_units: ['L1'] }]));
    let filters = await list(DEMO.operation);
    assert.deepEqual(filters.map((f: { id: string }) => f.id), [both]);
    assert.deepEqual(
      filters[0].groups.map((g: GroupBody) => [g.name, g.production_unit_ids, g.work_shift_ids]),
      [['All', [plantFiltres.units[0]], plantFiltres.shifts], ['Montréal', [montreal.units[0]], [montreal.shifts[0]]]],
    );
    assert.equal((await call(app, DEMO.operation, { method: 'GET', url })).body.tilelytics.selected_tilelytics_filter_id, null);

    // The night shift goes: it leaves "All".
    await declare(configuration(['L1'], [{ key: 'day', production_units: ['L1'] }]));
    filters = await list(DEMO.operation);
    assert.deepEqual(filters[0].groups[0].work_shift_ids, [plantFiltres.shifts[0]]);

    // The factory goes: so do its groups; the filter keeps its Montréal group.
    await app.db.query('DELETE FROM factories WHERE id = $1', [factoryId]);
    filters = await list(DEMO.operation);
    assert.deepEqual(filters.map((f: { id: string; groups: GroupBody[] }) => [f.id, f.groups.map((g) => g.name)]), [[both, ['Montréal']]]);
    const [orphans] = await app.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM saved_filter_group_units WHERE factory_id = $1) + (SELECT count(*) FROM saved_filter_group_shifts WHERE factory_id = $1) AS n`,
      [factoryId],
    );
    assert.equal(orphans!.n, 0);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await call(app, null, { method: 'GET', url: '/api/openapi.json' })).body;
    assert.ok(doc.paths['/api/filters'].get.responses['200']);
    assert.ok(doc.paths['/api/filters'].post.requestBody);
    assert.ok(doc.paths['/api/filters'].post.responses['409']);
    assert.ok(doc.paths['/api/filters/{filterId}'].put.requestBody);
    assert.ok(doc.paths['/api/filters/{filterId}'].delete.responses['204']);
    assert.ok(doc.paths['/api/filter-groups'].get.responses['200']);
  });
});
