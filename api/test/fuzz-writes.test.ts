import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { WriteRoute } from '../src/plugins/app/error-handler.ts';
import { build, Cleanup, DEMO, tokenFor } from './helper.ts';

// The background pass re-derives what accepted writes marked while later calls run; "a refused call
// changes nothing" is about the call, so the pass stays off here.
process.env.ROLLUP_REFRESH_SECONDS = '0';

// Issue 10: a property-based test over EVERY write endpoint. The routes come from the app itself
// (app.writeRoutes, recorded as they are declared), so a new one cannot be forgotten; bodies and
// parameters are generated from each route's own schema, mixing values that pass with hostile ones
// (NUL, unpaired surrogates, numbers beyond any column, deep nesting, wrong types, white space). For
// every call: never a 5xx; every 4xx in the documented `{ errors: [{ code, arguments, message }] }`
// shape; and a refused call changes nothing in the database.

/** Runs per route: enough to reach every field several times, small enough for the suite's budget. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** Analytics calls only read, and cost more each. */
const READ_ONLY_RUNS = Math.max(3, Math.round(RUNS / 3));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/**
 * Write routes this test leaves out, by prefix, each with its reason. Everything else the app declares
 * is fuzzed.
 */
const EXCLUDED_PREFIXES: Record<string, string> = {
  // The embedded OpenID Connect provider: its protocol endpoints answer in the OAuth error shape
  // ({ error, error_description }) and its sign-in form with HTML pages, as browsers and OAuth clients
  // expect; the sign-in tests cover them. (Text it cannot store is still refused before it by the
  // common input check.)
  '/oidc': 'OAuth protocol endpoints and HTML sign-in form',
  // The unsubscribe link of a report e-mail: a public HTML page for the recipient (a malformed link
  // ends on the translated "invalid link" page, not on JSON); email-reports.test.ts covers it.
  '/api/email-reports': 'HTML unsubscribe pages for e-mail recipients',
};

type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  pattern?: string;
};

/** A value nested `depth` levels deep: deeper than any real body (the api refuses beyond 32). */
function nested(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

/** Values no field should make the server fail on. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udc00y', '\ud83d', '   ', '\t\n', '', '😀 ü ß 中', 'x'.repeat(300), '%00', "'; DROP TABLE factories; --"),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, -(2 ** 63), 1e308, -1, 0, 0.5, 1e-9, -0),
  fc.constantFrom(null, true, false, [], {}, [null], { '\u0000': 1 }, { 'x\ud800': 'y' }, { __proto__: { admin: true } }),
  fc.integer({ min: 33, max: 60 }).map((depth) => nested(depth, 'deep')),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Known good values by field name, so that generated bodies get past the first checks. */
interface Known {
  uuids: Record<string, string[]>;
  anyUuid: string[];
  strings: Record<string, string[]>;
  /** Wrong values by field name, for dirty bodies only. */
  wrong: Record<string, string[]>;
}

/** An instant in the last 30 days (its wall-clock digits shifted to the offset written). */
function nearNow(dirty: boolean): fc.Arbitrary<string> {
  const offsets = dirty ? ['Z', '+02:00', '-05:00', '+14:00', '-12:00', '+17:00', '+14:30', '-99:00'] : ['Z', '+02:00', '-05:00', '+14:00', '-12:00'];
  return fc.tuple(fc.integer({ min: -30 * 86_400, max: dirty ? 3_600 : -60 }), fc.constantFrom(...offsets)).map(([seconds, offset]) => {
    const iso = new Date(Date.now() + seconds * 1000).toISOString();
    return offset === 'Z' ? iso : iso.replace('Z', offset);
  });
}

/**
 * A generator of values for a JSON schema. Clean: what a careful client sends (valid shapes, known ids
 * and keys, values at and just beyond the bounds). Dirty: the same with hostile values at any level and
 * fields the schema does not know.
 */
function arbitrary(schema: Schema | undefined, known: Known, name: string, dirty: boolean, depth = 0): fc.Arbitrary<unknown> {
  const fit = plausible(schema, known, name, dirty, depth);
  return dirty ? fc.oneof({ arbitrary: fit, weight: 5 }, { arbitrary: hostile, weight: 1 }) : fit;
}

/** Half clean, half dirty (see arbitrary). */
function mixed(schema: Schema | undefined, known: Known, name: string): fc.Arbitrary<unknown> {
  return fc.oneof(arbitrary(schema, known, name, false), arbitrary(schema, known, name, true));
}

function plausible(schema: Schema | undefined, known: Known, name: string, dirty: boolean, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.jsonValue({ maxDepth: 2 });
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, known, name, dirty, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => plausible({ ...schema, type }, known, name, dirty, depth)));
  switch (types[0]) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) fields[key] = arbitrary(value, known, key, dirty, depth + 1);
      const record = fc.record(fields, { requiredKeys: Object.keys(properties).filter((k) => required.has(k) || Math.abs(hash(k)) % 2 === 0) });
      const pattern = schema.patternProperties ? Object.values(schema.patternProperties)[0] : undefined;
      if (pattern) {
        const keys = fc.oneof(fc.constantFrom(...(known.strings.unitKey ?? ['k'])), fc.string({ maxLength: 8 }));
        return fc.dictionary(keys, arbitrary(pattern, known, name, dirty, depth + 1), { maxKeys: 3 });
      }
      if (!dirty) return record;
      // Sometimes a field the schema does not know.
      return fc.tuple(record, fc.option(fc.tuple(fc.constantFrom('extra', 'id', '\u0000k'), hostile), { freq: 6 })).map(([r, extra]) =>
        extra ? { ...(r as object), [extra[0]]: extra[1] } : r,
      );
    }
    case 'array': {
      const max = Math.min(schema.maxItems ?? 4, 4);
      const min = Math.min(schema.minItems ?? 0, max);
      return fc.array(arbitrary(schema.items, known, name, dirty, depth + 1), { minLength: min, maxLength: max });
    }
    case 'string':
      return text(schema, known, name, dirty);
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
      const max = Math.min(schema.maximum ?? 10_000, 2 ** 31 - 1);
      return dirty ? fc.oneof(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1, min, max)) : fc.integer({ min, max });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
      const max = schema.maximum ?? 10_000;
      const inside = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      return dirty ? fc.oneof(inside, fc.constantFrom(min, max, max * 10, -1, 0)) : inside;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

function text(schema: Schema, known: Known, name: string, dirty: boolean): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') {
    const pool = fc.constantFrom(...(known.uuids[name] ?? known.anyUuid));
    return dirty ? fc.oneof({ arbitrary: pool, weight: 4 }, { arbitrary: fc.uuid(), weight: 1 }) : pool;
  }
  if (schema.format === 'date-time') return nearNow(dirty);
  if (schema.pattern?.startsWith('^\\d{4}')) {
    const dates = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    return dirty ? fc.oneof(dates, fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '9999-12-31', '0000-00-00')) : dates;
  }
  if (name === 'name' && !dirty) return fc.stringMatching(/^[A-Za-z][A-Za-z0-9 _-]{0,18}[A-Za-z0-9]$/);
  const values = known.strings[name];
  const free = fc.string({ minLength: Math.max(schema.minLength ?? 0, dirty ? 0 : 1), maxLength: Math.min(schema.maxLength ?? 40, 40) });
  if (!values) return free;
  if (!dirty) return fc.constantFrom(...values);
  return fc.oneof({ arbitrary: fc.constantFrom(...values, ...(known.wrong[name] ?? [])), weight: 4 }, { arbitrary: free, weight: 1 });
}

interface Documented {
  code: string;
  arguments: Record<string, unknown>;
  message: string;
}

function assertDocumented(body: unknown, context: string): void {
  const errors = (body as { errors?: Documented[] } | null)?.errors;
  assert.ok(body && typeof body === 'object' && Object.keys(body).length === 1 && Array.isArray(errors) && errors.length > 0, `${context}: ${JSON.stringify(body)}`);
  for (const item of errors) {
    assert.deepEqual(Object.keys(item).sort(), ['arguments', 'code', 'message'], context);
    assert.ok(typeof item.code === 'string' && typeof item.message === 'string' && typeof item.arguments === 'object', context);
    for (const value of Object.values(item.arguments)) assert.ok(typeof value === 'string' || typeof value === 'number', `${context}: ${JSON.stringify(item)}`);
  }
}

describe('every write endpoint, fuzzed from its schema', () => {
  let app: FastifyInstance;
  let known: Known;
  let factory: string;
  let ingestKey: string;
  let adminToken: string;
  const cleanup = new Cleanup();

  /** Everything a write can change: the configuration and account tables whole, the facts of the fuzzed factory counted. */
  const SMALL_TABLES = [
    'accounts', 'user_preferences', 'factories', 'factory_objectives', 'production_units', 'work_shifts', 'work_shift_units',
    'products', 'product_unit_rates', 'downtime_reasons', 'custom_periods', 'ingest_keys', 'saved_filters', 'saved_filter_groups',
    'saved_filter_group_units', 'saved_filter_group_shifts', 'opportunity_targets',
  ];
  const FACT_TABLES = ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events', 'rollup_dirty'];
  async function snapshot(): Promise<string> {
    const parts = [
      ...SMALL_TABLES.map((t) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${t} x) AS ${t}`),
      ...FACT_TABLES.map((t) => `(SELECT count(*) FROM ${t} WHERE factory_id = $1) AS ${t}`),
    ];
    const [row] = await app.db.query(`SELECT ${parts.join(', ')}`, [factory]);
    return JSON.stringify(row);
  }

  /**
   * The fuzzed factory's configuration as the known keys expect it (a fuzzed PUT may have replaced it);
   * the same keys keep the same ids.
   */
  async function resetConfiguration(): Promise<{ production_units: { id: string }[]; work_shifts: { id: string }[]; products: { id: string }[] }> {
    const configured = await app.inject({
      method: 'PUT',
      url: `/api/factories/${factory}/configuration`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        production_units: [{ key: 'L1', name: 'Line 1' }, { key: 'L2', name: 'Line 2' }],
        work_shifts: [{ key: 'day', name: 'Day', production_units: ['L1', 'L2'], start: '06:00', end: '14:00', days: ['monday', 'tuesday'] }],
        products: [{ sku: 'SKU-1', name: 'Widget', ideal_rate_per_hour: { L1: 100 } }],
        downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
      },
    });
    assert.equal(configured.statusCode, 200, configured.body);
    return configured.json();
  }

  before(async () => {
    ({ app } = await build(cleanup));
    adminToken = await tokenFor(app, DEMO.admin);
    const auth = { authorization: `Bearer ${adminToken}` };
    const created = await app.inject({ method: 'POST', url: '/api/factories', headers: auth, payload: { name: 'Fuzz Plant', timezone: 'UTC' } });
    factory = created.json().id;
    const config = await resetConfiguration();
    // One key for the ingestion calls, another one the key routes may revoke.
    ingestKey = (await app.inject({ method: 'POST', url: `/api/factories/${factory}/ingest-keys`, headers: auth })).json().key;
    const keyAnswer = (await app.inject({ method: 'POST', url: `/api/factories/${factory}/ingest-keys`, headers: auth })).json();
    const units = config.production_units.map((u: { id: string }) => u.id);
    const shifts = config.work_shifts.map((s: { id: string }) => s.id);
    const filter = await app.inject({
      method: 'POST',
      url: '/api/filters',
      headers: auth,
      payload: { name: 'Fuzzed', groups: [{ name: 'A', factory_id: factory, production_unit_ids: [units[0]], work_shift_ids: shifts }] },
    });
    assert.equal(filter.statusCode, 201, filter.body);
    const filterId = filter.json().id;
    const [account] = await app.db.query<{ id: string }>("SELECT account_id AS id FROM users WHERE email = $1", [DEMO.admin]);
    const products = config.products.map((p: { id: string }) => p.id);
    known = {
      uuids: {
        id: [factory],
        factory_id: [factory],
        filterId: [filterId],
        keyId: [keyAnswer.id],
        selected_tilelytics_filter_id: [filterId],
        production_unit_ids: units,
        work_shift_ids: shifts,
        product_ids: products,
        accountId: [account!.id],
      },
      anyUuid: [factory, filterId, keyAnswer.id, ...units, ...shifts, account!.id],
      strings: {
        unit: ['L1', 'L2'],
        unitKey: ['L1', 'L2'],
        sku: ['SKU-1'],
        reason: ['jam'],
        production_units: ['L1', 'L2'],
        key: ['L1', 'L2', 'day', 'jam'],
        timezone: ['UTC', 'Europe/Paris', 'America/Toronto'],
        currency: ['CAD', 'EUR'],
        start: ['06:00', '22:30'],
        end: ['14:00', '06:00'],
        days: ['monday', 'sunday'],
        type: ['state', 'count', 'counter', 'justification', 'product'],
        state: ['running', 'stopped'],
      },
      wrong: {
        key: ['bad key!', ''],
        timezone: ['Mars/Olympus'],
        currency: ['XXX'],
        start: ['25:00', '6h'],
        days: ['someday'],
        name: ['Fuzz Plant', 'Nom-é_1'],
      },
    };
  });
  after(() => cleanup.run());

  const routeName = (route: WriteRoute): string => `${route.method} ${route.url}`;
  const fuzzed = (): WriteRoute[] => app.writeRoutes.filter((route) => !Object.keys(EXCLUDED_PREFIXES).some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)));

  it('covers every write route the app declares (the excluded ones say why)', () => {
    const names = app.writeRoutes.map(routeName);
    for (const expected of ['POST /api/filters', 'PUT /api/factories/:id', 'PUT /api/factories/:id/configuration', 'POST /api/ingest/v1/events', 'PUT /api/user/preferences']) {
      assert.ok(names.includes(expected), `${expected} not among ${names.join(', ')}`);
    }
    // Every fuzzed route either has a schema to generate from or takes no input.
    for (const route of fuzzed()) {
      const schema = (route.schema ?? {}) as Json;
      const urlParams = route.url.match(/:[A-Za-z]+/g) ?? [];
      assert.ok(urlParams.length === 0 || schema.params, `${routeName(route)} declares no params schema`);
    }
    assert.ok(fuzzed().length >= 10, `only ${fuzzed().length} write routes found`);
  });

  it('never answers 5xx, answers every 4xx in the documented shape and changes nothing when it refuses', async () => {
    const seen: Record<string, Record<number, number>> = {};
    let last = await snapshot();
    for (const route of fuzzed()) {
      const started = Date.now();
      const schema = (route.schema ?? {}) as { body?: Schema; params?: Schema; querystring?: Schema };
      const readOnly = /^\/api\/(production-units|top-downtime|v2\/|kpis|opportunities(?!\/targets))/.test(route.url);
      const paramNames = (route.url.match(/:[A-Za-z]+/g) ?? []).map((p) => p.slice(1));
      const params = fc.record(
        Object.fromEntries(paramNames.map((p) => [p, mixed(schema.params?.properties?.[p] ?? { type: 'string', format: 'uuid' }, known, p)])),
      );
      const body = schema.body ? mixed(schema.body, known, 'body') : fc.constant(undefined);
      const ingestion = route.config?.access === 'ingest';
      const stats: Record<number, number> = (seen[routeName(route)] = {});
      await resetConfiguration();
      last = await snapshot();
      await fc.assert(
        fc.asyncProperty(params, body, async (p, payload) => {
          let url = route.url;
          for (const [key, value] of Object.entries(p)) url = url.replace(`:${key}`, encodeURIComponent(String(value)));
          const before = last;
          const response = await app.inject({
            method: route.method as 'POST',
            url,
            headers: { authorization: `Bearer ${ingestion ? ingestKey : adminToken}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          });
          const context = `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 400)} → ${response.statusCode} ${response.body.slice(0, 400)}`;
          stats[response.statusCode] = (stats[response.statusCode] ?? 0) + 1;
          if (process.env.FUZZ_DEBUG && url.includes(process.env.FUZZ_DEBUG)) console.log(context);
          assert.ok(response.statusCode < 500, context);
          if (response.statusCode >= 400) {
            let parsed: unknown;
            try {
              parsed = response.json();
            } catch {
              assert.fail(`not JSON: ${context}`);
            }
            assertDocumented(parsed, context);
          }
          // What this call left is what the next one starts from.
          last = await snapshot();
          if (response.statusCode >= 400) assert.equal(last, before, `refused but changed the database: ${context}`);
        }),
        { numRuns: readOnly ? READ_ONLY_RUNS : RUNS, seed: SEED + hash(routeName(route)), endOnFailure: true, includeErrorInReport: true },
      );
      if (process.env.FUZZ_REPORT) console.log(routeName(route), Date.now() - started, 'ms');
    }
    // Generated calls got past validation somewhere: not every answer was a refusal.
    const statuses = Object.values(seen).flatMap((s) => Object.keys(s).map(Number));
    assert.ok(statuses.some((s) => s < 300), JSON.stringify(seen));
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify(seen, null, 1));
  });
});
