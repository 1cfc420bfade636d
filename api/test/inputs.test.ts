import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { build, call, Cleanup, DEMO, freshSchema, onPostgres, tempDir, tokenFor } from './helper.ts';

// Issue 10, items 1 and 2: no input gives a 500. Text the database cannot store, numbers beyond their
// column, instants with impossible offsets, hostile shapes and refusals made by the HTTP layer all get a
// 4xx in the documented shape naming what is wrong; a lost database gives 503 with Retry-After.

interface Item {
  code: string;
  arguments: Record<string, string | number>;
  message: string;
}

/** The documented error body: `{ errors: [{ code, arguments, message }] }`, nothing else. */
function assertErrorShape(body: unknown, context: string): Item[] {
  assert.equal(typeof body, 'object', `${context}: ${String(body)}`);
  const errors = (body as { errors?: unknown }).errors;
  assert.ok(Array.isArray(errors) && errors.length > 0, `${context}: ${JSON.stringify(body)}`);
  assert.deepEqual(Object.keys(body as object), ['errors'], context);
  for (const item of errors as Item[]) {
    assert.deepEqual(Object.keys(item).sort(), ['arguments', 'code', 'message'], context);
    assert.equal(typeof item.code, 'string');
    assert.equal(typeof item.message, 'string');
    for (const value of Object.values(item.arguments)) assert.ok(typeof value === 'string' || typeof value === 'number', context);
  }
  return errors as Item[];
}

const codes = (items: Item[]): [string, string | number | undefined][] => items.map((i) => [i.code, i.arguments.field]);

const NUL = 'a\u0000b';
const LONE = 'x\ud800';

describe('input hardening: no 500 on any input', () => {
  let app: FastifyInstance;
  let factory: string;
  let key: string;
  const cleanup = new Cleanup();

  const declaration = () => ({
    production_units: [{ key: 'L1', name: 'Line 1', packages: 12 }],
    work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1'], start: '06:00', end: '14:00', days: ['monday'] }],
    products: [{ sku: 'SKU-1', name: 'Widget', ideal_rate_per_hour: { L1: 100 } }],
    downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false, target_seconds: 60 }],
  });

  /** Everything a refused write could have touched. */
  async function snapshot(): Promise<string> {
    const [row] = await app.db.query(
      `SELECT (SELECT count(*) FROM factories) AS factories, (SELECT count(*) FROM production_units) AS units,
              (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM downtime_reasons) AS reasons,
              (SELECT count(*) FROM saved_filters) AS filters, (SELECT count(*) FROM unit_state_events) AS states,
              (SELECT count(*) FROM product_run_events) AS runs,
              (SELECT string_agg(name, ',' ORDER BY id) FROM factories) AS names`,
    );
    return JSON.stringify(row);
  }

  before(async () => {
    ({ app } = await build(cleanup));
    factory = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Inputs Plant', timezone: 'UTC' } })).body.id;
    const put = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: declaration() });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
  });
  after(() => cleanup.run());

  const ingest = (events: unknown[]) =>
    call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${key}` }, payload: { events } });

  it('refuses NUL and unpaired surrogates in every stored text with GEN_TEXT_INVALID naming the field, storing nothing', async () => {
    const before = await snapshot();
    const cases: [string, string, string, unknown, string][] = [
      ['POST', '/api/filters', DEMO.operation, { name: NUL, groups: [] }, 'name'],
      ['POST', '/api/factories', DEMO.admin, { name: NUL, timezone: 'UTC' }, 'name'],
      ['POST', '/api/factories', DEMO.admin, { name: 'Fine', timezone: 'UTC', forms_workspace_id: LONE }, 'forms_workspace_id'],
      ['PUT', `/api/factories/${factory}/configuration`, DEMO.admin, { ...declaration(), products: [{ sku: LONE, name: 'W', ideal_rate_per_hour: { L1: 1 } }] }, 'products.0.sku'],
      ['PUT', `/api/factories/${factory}/configuration`, DEMO.admin, { ...declaration(), production_units: [{ key: 'L1', name: NUL }] }, 'production_units.0.name'],
      ['PUT', `/api/factories/${factory}/configuration`, DEMO.admin, { ...declaration(), downtime_reasons: [{ key: 'jam', name: 'Jam', category: '\udc00', is_planned: false }] }, 'downtime_reasons.0.category'],
      ['POST', '/api/kpis/by-groups', DEMO.admin, { time_option: 'week', groups: [{ name: NUL, factory_id: factory, production_unit_ids: [] }] }, 'groups.0.name'],
    ];
    for (const [method, url, email, payload, field] of cases) {
      const response = await call(app, email, { method: method as 'POST', url, payload: payload as object });
      assert.equal(response.status, 400, `${url} ${field}: ${JSON.stringify(response.body)}`);
      const items = assertErrorShape(response.body, url);
      assert.deepEqual(codes(items), [['GEN_TEXT_INVALID', field]], url);
    }
    // A key of a record (product → unit key) is text too; it is named by position, not echoed.
    const keyed = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${factory}/configuration`,
      payload: { ...declaration(), products: [{ sku: 'S', name: 'W', ideal_rate_per_hour: { [NUL]: 1 } }] },
    });
    assert.equal(keyed.status, 400);
    assert.deepEqual(codes(assertErrorShape(keyed.body, 'key')), [['GEN_TEXT_INVALID', 'products.0.ideal_rate_per_hour.[key 0]']]);
    assert.equal(await snapshot(), before);
  });

  it('refuses a bad ingestion id or key with the event index; two ids differing only by a surrogate are never merged', async () => {
    const before = await snapshot();
    const at = new Date(Date.now() - 60_000).toISOString();
    const response = await ingest([
      { id: 'ok-1', type: 'state', unit: 'L1', at, state: 'running' },
      { id: 'x\ud800', type: 'state', unit: 'L1', at, state: 'stopped' },
      { id: 'ok-3', type: 'product', unit: 'L1', at, sku: NUL },
      { id: 'ok-4', type: 'state', unit: `L1${'\u0000'}`, at, state: 'stopped' },
    ]);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    const items = assertErrorShape(response.body, 'ingest');
    assert.deepEqual(
      items.map((i) => [i.code, i.arguments.index, i.arguments.field]),
      [
        ['GEN_TEXT_INVALID', 1, 'id'],
        ['GEN_TEXT_INVALID', 2, 'sku'],
        ['GEN_TEXT_INVALID', 3, 'unit'],
      ],
    );
    assert.equal(await snapshot(), before);
    // Before the fix both were stored as 'x\ufffd': the second was dropped as a duplicate behind a 200.
    for (const id of ['x\ud800', 'x\udbff']) {
      const one = await ingest([{ id, type: 'state', unit: 'L1', at, state: 'running' }]);
      assert.equal(one.status, 400);
      assert.equal(assertErrorShape(one.body, id)[0]!.code, 'GEN_TEXT_INVALID');
    }
  });

  it('bounds numbers by their column and instants by the ±14:00 offsets', async () => {
    const before = await snapshot();
    const config = (change: (d: ReturnType<typeof declaration>) => void) => {
      const d = declaration();
      change(d);
      return call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: d });
    };
    const tooMany = 2 ** 31;
    for (const [response, field] of [
      [await config((d) => Object.assign(d.production_units[0]!, { packages: tooMany })), 'production_units.0.packages'],
      [await config((d) => Object.assign(d.downtime_reasons[0]!, { target_seconds: tooMany })), 'downtime_reasons.0.target_seconds'],
      // Stored with 4 decimals: a smaller positive rate would become 0 and fail the column's check.
      [await config((d) => Object.assign(d.products[0]!, { ideal_rate_per_hour: { L1: 0.00001 } })), 'products.0.ideal_rate_per_hour.L1'],
    ] as const) {
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codes(assertErrorShape(response.body, field)), [['GEN_VALIDATION', field]]);
    }
    const ok = await config((d) => Object.assign(d.production_units[0]!, { packages: tooMany - 1 }));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.production_units[0].packages, tooMany - 1);
    await config(() => undefined);

    const wide = await ingest([{ id: 'tz-1', type: 'state', unit: 'L1', at: '2024-03-01T10:00:00+17:00', state: 'running' }]);
    assert.equal(wide.status, 400, JSON.stringify(wide.body));
    assert.deepEqual(assertErrorShape(wide.body, 'ingest').map((i) => [i.code, i.arguments.index, i.arguments.field]), [['ING_FIELD_INVALID', 0, 'at']]);
    const analytics = await call(app, DEMO.admin, {
      method: 'POST',
      url: '/api/opportunities',
      payload: { factory_id: factory, start: '2024-03-01T00:00:00+17:00', end: '2024-03-02T00:00:00Z' },
    });
    assert.equal(analytics.status, 400, JSON.stringify(analytics.body));
    assert.deepEqual(codes(assertErrorShape(analytics.body, 'analytics')), [['GEN_VALIDATION', 'start']]);
    // The widest real offsets still pass.
    const kiribati = new Date(Date.now() - 60_000 + 14 * 3_600_000).toISOString().replace('Z', '+14:00');
    const widest = await ingest([{ id: 'tz-2', type: 'state', unit: 'L1', at: kiribati, state: 'running' }]);
    assert.equal(widest.status, 200, JSON.stringify(widest.body));
    await app.db.query("DELETE FROM unit_state_events WHERE event_id = 'tz-2'");
    assert.equal(await snapshot(), before);
  });

  it('refuses hostile shapes: objectives [null], a 100 000-deep array, blank names', async () => {
    const before = await snapshot();
    const settings = {
      name: 'Inputs Plant',
      timezone: 'UTC',
      year_first_month: 'january',
      week_first_day: 'monday',
      currency: 'CAD',
      production_day_minutes_from_midnight: 0,
      is_calendar_day_business_day: true,
      objectives: [null],
    };
    const nulls = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}`, payload: settings });
    assert.equal(nulls.status, 400, JSON.stringify(nulls.body));
    assertErrorShape(nulls.body, 'objectives');
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Null objectives', timezone: 'UTC', objectives: [null, null, null] } });
    assert.equal(created.status, 400, JSON.stringify(created.body));
    assertErrorShape(created.body, 'objectives');

    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const [method, url] of [
      ['PUT', `/api/factories/${factory}`],
      ['PUT', `/api/factories/${factory}/configuration`],
      ['POST', '/api/filters'],
      ['POST', '/api/ingest/v1/events'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: `{"objectives": ${deep}, "events": ${deep}}`,
        headers: { 'content-type': 'application/json', authorization: url.includes('ingest') ? `Bearer ${key}` : `Bearer ${await adminToken(DEMO.admin)}` },
      });
      assert.equal(response.statusCode, 400, `${url}: ${response.body.slice(0, 300)}`);
      assert.deepEqual([...new Set(codes(assertErrorShape(response.json(), url)).map(([code]) => code))], ['GEN_TOO_DEEP'], url);
    }

    for (const [url, payload, field] of [
      [`/api/factories/${factory}/configuration`, { ...declaration(), production_units: [{ key: 'L1', name: '   ' }] }, 'production_units.0.name'],
      [`/api/factories/${factory}/configuration`, { ...declaration(), production_units: [{ key: 'L1', name: 'L', converted_unit_name: '\t' }] }, 'production_units.0.converted_unit_name'],
      [`/api/factories/${factory}/configuration`, { ...declaration(), downtime_reasons: [{ key: 'jam', name: 'Jam', category: ' ', is_planned: false }] }, 'downtime_reasons.0.category'],
      [`/api/factories/${factory}/configuration`, { ...declaration(), products: [{ sku: '  ', name: 'W', ideal_rate_per_hour: {} }] }, 'products.0.sku'],
    ] as const) {
      const response = await call(app, DEMO.admin, { method: 'PUT', url, payload });
      assert.equal(response.status, 400, `${field}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(codes(assertErrorShape(response.body, field)), [['GEN_NAME_BLANK', field]]);
    }
    assert.equal(await snapshot(), before);
  });

  const adminToken = (email: string): Promise<string> => tokenFor(app, email);

  it('matches no user, rather than failing, for a token whose e-mail cannot be stored', async () => {
    const token = await tokenFor(app, DEMO.admin, { claims: { role: 'external', email: `${DEMO.admin}\u0000`, preferred_username: 'x\ud800@demo.linepulse.test' } });
    const response = await call(app, null, { method: 'GET', url: '/api/user/factories', token });
    assert.equal(response.status, 403, JSON.stringify(response.body));
    assert.deepEqual(assertErrorShape(response.body, 'token').map((i) => i.code), ['AUTH_403']);
  });

  it('answers the refusals of the HTTP layer in the documented shape', async () => {
    const bearer = { authorization: `Bearer ${await adminToken(DEMO.admin)}` };
    const checks: [string, InjectOptions, number, string][] = [
      ['bad percent-encoding', { method: 'GET', url: '/api/filters/%E0%A4%A' }, 400, 'GEN_400'],
      ['malformed JSON', { method: 'POST', url: '/api/filters', payload: '{"name":', headers: { ...bearer, 'content-type': 'application/json' } }, 400, 'GEN_VALIDATION'],
      ['unsupported media type', { method: 'POST', url: '/api/filters', payload: 'name=x', headers: { ...bearer, 'content-type': 'text/csv' } }, 415, 'GEN_415'],
      ['body too large', { method: 'POST', url: '/api/filters', payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), headers: { ...bearer, 'content-type': 'application/json' } }, 413, 'GEN_413'],
      ['long path parameter', { method: 'DELETE', url: `/api/filters/${'a'.repeat(2_000)}`, headers: bearer }, 414, 'GEN_414'],
    ];
    for (const [name, options, status, code] of checks) {
      const response = await app.inject(options);
      assert.equal(response.statusCode, status, `${name}: ${response.body.slice(0, 300)}`);
      assert.match(String(response.headers['content-type']), /application\/json/, name);
      assert.deepEqual(assertErrorShape(response.json(), name).map((i) => i.code), [code], name);
    }
  });

  it("answers what Node's HTTP parser refuses (431 headers too large) in the documented shape", async () => {
    const port = await (async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : 0;
    })();
    const raw = (headers: Record<string, string>, pathName = '/api/health') =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: pathName, headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
        });
        req.on('error', reject);
        req.end();
      });
    const huge = await raw({ 'x-padding': 'x'.repeat(40_000) });
    assert.equal(huge.status, 431, huge.body);
    assert.match(huge.type, /application\/json/);
    assert.deepEqual(assertErrorShape(JSON.parse(huge.body), '431').map((i) => i.code), ['GEN_431']);
    const longUrl = await raw({}, `/api/filters?x=${'y'.repeat(40_000)}`);
    assert.equal(longUrl.status, 431, longUrl.body);
    assertErrorShape(JSON.parse(longUrl.body), 'long url');
  });
});

describe('input hardening: static files', () => {
  const cleanup = new Cleanup();
  after(() => cleanup.run());

  it('answers what the static plugin refuses in the documented shape', async () => {
    const root = tempDir('linepulse-static-');
    mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
    mkdirSync(path.join(root, 'remote-overview', 'dist', 'sub'), { recursive: true });
    writeFileSync(path.join(root, 'host', 'dist', 'index.html'), '<!doctype html>');
    writeFileSync(path.join(root, 'remote-overview', 'dist', 'remoteEntry.js'), 'var overview;');
    const { app } = await build(cleanup, { STATIC_ROOT: root });
    for (const [url, status, code] of [
      ['/remotes/overview/sub/', 403, 'GEN_403'],
      ['/remotes/overview/..%5c..%5cx', 403, 'GEN_403'],
      ['/missing.js', 404, 'GEN_404'],
      ['/a%00b.js', 400, 'GEN_TEXT_INVALID'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, status, `${url}: ${response.body.slice(0, 200)}`);
      assert.match(String(response.headers['content-type']), /application\/json/, url);
      assert.deepEqual(assertErrorShape(response.json(), url).map((i) => i.code), [code], url);
    }
  });
});

/**
 * A TCP relay in front of PostgreSQL that can be cut (every connection dropped, new ones refused) and
 * restored on the same port: the database as a network outage or a restart makes it disappear.
 */
async function relay(target: URL): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  const open = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await open(0);
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  };
  return { port, cut, restore: async () => void (await open(port)), close: cut };
}

describe('input hardening: a lost database answers 503', () => {
  const cleanup = new Cleanup();
  after(() => cleanup.run());

  it('answers 503 with Retry-After in the documented shape while the database cannot be reached', async () => {
    let proxy: Awaited<ReturnType<typeof relay>> | null = null;
    const env: Record<string, string> = {};
    if (onPostgres) {
      const direct = await freshSchema(cleanup);
      const target = new URL(direct);
      proxy = await relay(target);
      cleanup.after(() => proxy!.close());
      // Only the address changes (URL.toString would re-encode the search_path option).
      env.DATABASE_URL = direct.replace(`@${target.host}`, `@127.0.0.1:${proxy.port}`);
    }
    const { app } = await build(cleanup, env);
    const url = '/api/user/factories';
    const token = await tokenFor(app, DEMO.admin);
    const get = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    assert.equal((await get()).statusCode, 200);
    if (proxy) await proxy.cut();
    else await app.db.close();
    for (let i = 0; i < 2; i += 1) {
      const response = await get();
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.headers['retry-after'], '5');
      assert.deepEqual(assertErrorShape(response.json(), '503').map((item) => item.code), ['GEN_503']);
    }
    if (proxy) {
      // The database back: the pool reconnects and the next calls work again.
      await proxy.restore();
      assert.equal((await get()).statusCode, 200);
    }
  });
});
