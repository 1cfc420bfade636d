import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, call, Cleanup, DEMO } from './helper.ts';

const url = '/api/user/preferences';

describe('user preferences', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('gives the defaults when nothing is stored', async () => {
    const response = await call(app, DEMO.display, { method: 'GET', url });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      language: 'en',
      theme: 'dark',
      tilelytics: {
        selected_time_option: 'last7days',
        selected_start_date: null,
        selected_end_date: null,
        selected_tilelytics_filter_id: null,
      },
    });
  });

  /** A saved filter of a demo user, stored directly (its groups do not matter here). */
  async function filterOf(email: string, name: string): Promise<string> {
    const [user] = await app.db.query<{ id: string; account_id: string }>('SELECT id, account_id FROM users WHERE email = $1', [email]);
    const [row] = await app.db.query<{ id: string }>('INSERT INTO saved_filters (account_id, user_id, name) VALUES ($1, $2, $3) RETURNING id', [user!.account_id, user!.id, name]);
    return row!.id;
  }

  it('stores and returns what was put, per user', async () => {
    const own = await filterOf(DEMO.operation, 'Mine');
    const body = {
      language: 'fr',
      theme: 'accessible',
      tilelytics: {
        selected_time_option: 'time_range',
        selected_start_date: '2024-01-01',
        selected_end_date: '2024-01-31',
        selected_tilelytics_filter_id: own,
      },
    };
    const put = await call(app, DEMO.operation, { method: 'PUT', url, payload: body });
    assert.equal(put.status, 200);
    assert.deepEqual(put.body, body);
    assert.deepEqual((await call(app, DEMO.operation, { method: 'GET', url })).body, body);
    // Another user of the same account keeps their own.
    assert.equal((await call(app, DEMO.admin, { method: 'GET', url })).body.language, 'en');
  });

  it("refuses a selected saved filter that is not the caller's own: unknown, another user's, another account's", async () => {
    const theirs = await filterOf(DEMO.admin, 'Not yours');
    const otherAccount = await filterOf(DEMO.otherAdmin, 'Other account');
    const before = (await call(app, DEMO.display, { method: 'GET', url })).body;
    for (const id of [theirs, otherAccount, '3f2b8a4e-7c1d-4e5f-9a6b-1c2d3e4f5a6b']) {
      const response = await call(app, DEMO.display, {
        method: 'PUT',
        url,
        payload: { language: 'es', theme: 'light', tilelytics: { selected_time_option: 'week', selected_tilelytics_filter_id: id } },
      });
      assert.equal(response.status, 400, id);
      assert.deepEqual(response.body.errors.map((e: { code: string; arguments: { field: string } }) => [e.code, e.arguments.field]), [
        ['PREF_FILTER_NOT_FOUND', 'tilelytics.selected_tilelytics_filter_id'],
      ]);
      // Nothing stored.
      assert.deepEqual((await call(app, DEMO.display, { method: 'GET', url })).body, before);
    }
  });

  it('fills omitted optional fields with null', async () => {
    const put = await call(app, DEMO.admin, {
      method: 'PUT',
      url,
      payload: { language: 'es', theme: 'light', tilelytics: { selected_time_option: 'lastmonth' } },
    });
    assert.equal(put.status, 200);
    assert.deepEqual(put.body.tilelytics, {
      selected_time_option: 'lastmonth',
      selected_start_date: null,
      selected_end_date: null,
      selected_tilelytics_filter_id: null,
    });
  });

  it('normalises stored values that are no longer valid', async () => {
    const [user] = await app.db.query<{ id: string; account_id: string }>('SELECT id, account_id FROM users WHERE email = $1', [DEMO.display]);
    await app.db.query(
      `INSERT INTO user_preferences (account_id, user_id, language, theme, tilelytics) VALUES ($1, $2, 'de', 'neon', $3::jsonb)
       ON CONFLICT (account_id, user_id) DO UPDATE SET language = 'de', theme = 'neon', tilelytics = EXCLUDED.tilelytics`,
      [user!.account_id, user!.id, JSON.stringify({ selected_time_option: 'yesterday', selected_start_date: '2024-13-45', selected_end_date: '2024-02-29', selected_tilelytics_filter_id: 'x' })],
    );
    const response = await call(app, DEMO.display, { method: 'GET', url });
    assert.deepEqual(response.body, {
      language: 'en',
      theme: 'dark',
      tilelytics: {
        selected_time_option: 'last7days',
        selected_start_date: null,
        selected_end_date: '2024-02-29',
        selected_tilelytics_filter_id: null,
      },
    });
  });

  it('rejects invalid bodies with the field named, and changes nothing', async () => {
    const before = (await call(app, DEMO.operation, { method: 'GET', url })).body;
    const cases: [unknown, string, string][] = [
      [{ ...before, language: 'de' }, 'GEN_VALIDATION', 'language'],
      [{ ...before, theme: 'neon' }, 'GEN_VALIDATION', 'theme'],
      [{ ...before, tilelytics: { ...before.tilelytics, selected_time_option: 'forever' } }, 'GEN_VALIDATION', 'tilelytics.selected_time_option'],
      [{ ...before, tilelytics: { ...before.tilelytics, selected_start_date: '01/02/2024' } }, 'GEN_VALIDATION', 'tilelytics.selected_start_date'],
      [{ ...before, tilelytics: { ...before.tilelytics, selected_tilelytics_filter_id: 'abc' } }, 'GEN_VALIDATION', 'tilelytics.selected_tilelytics_filter_id'],
      [{ language: 'en', theme: 'dark' }, 'GEN_VALIDATION', 'tilelytics'],
      // Right shape, impossible date: the shared rule catches it.
      [{ ...before, tilelytics: { ...before.tilelytics, selected_end_date: '2023-02-29' } }, 'PREF_INVALID', 'tilelytics.selected_end_date'],
    ];
    for (const [payload, code, field] of cases) {
      const response = await call(app, DEMO.operation, { method: 'PUT', url, payload: payload as object });
      assert.equal(response.status, 400, JSON.stringify(payload));
      const item = response.body.errors.find((e: { code: string }) => e.code === code);
      assert.ok(item, `${code} in ${JSON.stringify(response.body)}`);
      assert.ok(JSON.stringify(item).includes(field), `${field} named in ${JSON.stringify(item)}`);
    }
    const malformed = await call(app, DEMO.operation, { method: 'PUT', url, payload: '{"language":', headers: { 'content-type': 'application/json' } });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.errors[0].code, 'GEN_VALIDATION');
    assert.deepEqual((await call(app, DEMO.operation, { method: 'GET', url })).body, before);
  });

  it('needs a token', async () => {
    assert.equal((await call(app, null, { method: 'GET', url })).status, 401);
    assert.equal((await call(app, null, { method: 'PUT', url, payload: {} })).status, 401);
  });
});
