import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, ROLES, type Role } from '@linepulse/contracts';
import type { WriteRoute } from '../src/plugins/app/error-handler.ts';
import { build, Cleanup, DEMO, demoFactoryId, tokenFor } from './helper.ts';

// The background pass is not what this test is about; accepted writes stay marked.
process.env.ROLLUP_REFRESH_SECONDS = '0';

// Issue 21: who may call what, for EVERY route the app declares (app.declaredRoutes, recorded as routes
// are declared), against the table below (product §6, api/README.md). The callers are the combinations
// of role and flags (is_admin, is_financial_admin, is_tilelytics, is_wx_user, insights_enabled) in an
// account that has the integrated ecosystem (Demo Co.) and one that has not (Other Co.), and no token.
// A route is called for every combination of what its entry reads (e.g. the opportunities' targets: role,
// is_admin, is_tilelytics, insights_enabled, is_wx_user), twice: once with every other flag false and
// the first role, once with every other flag true and the last role, so that a check on something the
// entry does not read shows too. Bodies are ones its schema accepts. A caller the table allows must not
// get 401 or 403 (nor a 5xx); one it refuses gets exactly the status and code the table says. A route
// without an entry fails the test, so a new route cannot be added without saying who may call it.

/** What a route needs beyond its access, checked in this order after it (see `expected`). */
type Check =
  /** insights_enabled or is_wx_user (product §6): the opportunities and performance-manager routes. */
  | 'insights'
  /** Administrators and directors set opportunity targets. */
  | 'targets'
  /** Data export only for accounts of the integrated ecosystem. */
  | 'integrated'
  /** The display (presenter) writes no e-mail report and sends no test. */
  | 'reportAuthor'
  /** The display (presenter) role justifies no downtime, unless it is an admin (decision 50). */
  | 'justifier';

interface Fixture {
  accountId: string;
  factoryId: string;
  unitId: string;
  shiftId: string;
  preferences: unknown;
  factorySettings: unknown;
  configuration: unknown;
}

interface Call {
  /** Query string, without '?'. */
  query?: string;
  payload?: unknown;
  contentType?: string;
  /** Values of path parameters; a random UUID for those not given (an unknown id: 404 when allowed). */
  params?: Record<string, string>;
}

interface Rule {
  /**
   * public: anyone, no token; user: any signed-in user; product: users enabled for Linepulse
   * (is_tilelytics); admin: enabled administrators; ingest: a factory's ingest key, never a user's token.
   */
  access: 'public' | 'user' | 'product' | 'admin' | 'ingest';
  checks?: Check[];
  call?: (f: Fixture) => Call;
}

const day = (f: Fixture): Record<string, unknown> => ({ time_option: 'day', production_unit_ids: [f.unitId] });
const unitPage = (f: Fixture): Record<string, unknown> => ({ time_option: 'day', factory_id: f.factoryId, production_unit_id: f.unitId, kind: 'shift_changes' });
const filter = (f: Fixture): Record<string, unknown> => ({ name: 'Permissions', groups: [{ name: 'A', factory_id: f.factoryId, production_unit_ids: [f.unitId], work_shift_ids: [f.shiftId] }] });
/** A report the schema accepts and the rules refuse (no recipient): allowed callers get 400, cheaply. */
const alertRule = (f: Fixture): Record<string, unknown> => ({
  name: 'Permissions',
  kind: 'line_down',
  minutes: 20,
  production_unit_ids: [f.unitId],
  recipients: [],
  webhook_url: null,
  in_app: true,
  enabled: true,
});
const report = (f: Fixture): Record<string, unknown> => ({
  title: 'Permissions', template: 'downtime_by_production_line', frequency: 'daily', schedule_type: 'last', duration: 1, time_unit: 'day',
  recipients: [], production_unit_ids: [f.unitId], work_shift_ids: [f.shiftId], language: 'en', day: null, time: '06:30', timezone: 'UTC',
});
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Who may call each route: `METHOD url` as declared. */
const TABLE: Record<string, Rule> = {
  'GET /api/health': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  'GET /config.json': { access: 'public' },
  'GET /api/user/preferences': { access: 'user' },
  'PUT /api/user/preferences': { access: 'user', call: (f) => ({ payload: f.preferences }) },
  'GET /api/user/factories': { access: 'product' },
  'POST /api/factories': { access: 'admin', call: () => ({ payload: { name: 'Permissions', timezone: 'UTC' } }) },
  'PUT /api/factories/:id': { access: 'admin', call: (f) => ({ params: { id: f.factoryId }, payload: f.factorySettings }) },
  'GET /api/factories/:id/assigned-work-shift-names': { access: 'product', call: (f) => ({ params: { id: f.factoryId } }) },
  'GET /api/factories/:id/products': { access: 'product', call: (f) => ({ params: { id: f.factoryId } }) },
  'GET /api/user/work-shifts': { access: 'product' },
  'GET /api/currency-list': { access: 'product' },
  'GET /api/custom-periods': { access: 'product' },
  'POST /api/custom-periods': { access: 'admin', call: () => ({ payload: { name: 'Perm', start_date: '2030-01-01', end_date: '2030-01-02' } }) },
  'GET /api/custom-periods/:id': { access: 'admin' },
  'PUT /api/custom-periods/:id': { access: 'admin', call: () => ({ payload: { name: 'Perm', start_date: '2030-01-01', end_date: '2030-01-02' } }) },
  'DELETE /api/custom-periods/:id': { access: 'admin' },
  'GET /api/filters': { access: 'product' },
  'GET /api/filter-groups': { access: 'product' },
  'POST /api/filters': { access: 'product', call: (f) => ({ payload: filter(f) }) },
  'PUT /api/filters/:filterId': { access: 'product', call: (f) => ({ payload: filter(f) }) },
  'DELETE /api/filters/:filterId': { access: 'product' },
  'POST /api/production-units/downtimes-info': { access: 'product', call: (f) => ({ payload: day(f) }) },
  'POST /api/production-units/downtimes-info-interval': { access: 'product', call: (f) => ({ payload: day(f) }) },
  'POST /api/top-downtime-reasons': { access: 'product', call: (f) => ({ payload: day(f) }) },
  'POST /api/v2/production-units/downtimes-summary': { access: 'product', call: (f) => ({ payload: day(f) }) },
  'POST /api/kpis/by-groups': { access: 'product', call: (f) => ({ payload: { time_option: 'day', groups: [{ name: 'g', factory_id: f.factoryId, production_unit_ids: [f.unitId] }] } }) },
  'POST /api/production-units/downtimes': { access: 'product', call: (f) => ({ payload: day(f) }) },
  'POST /api/production-units/downtime-durations': { access: 'product', call: (f) => ({ payload: day(f) }) },
  'POST /api/opportunities': { access: 'product', checks: ['insights'], call: (f) => ({ payload: { time_option: 'day', factory_id: f.factoryId, limit: 0 } }) },
  'POST /api/opportunities/unit': { access: 'product', checks: ['insights'], call: (f) => ({ payload: unitPage(f) }) },
  'POST /api/opportunities/occurrences': { access: 'product', checks: ['insights'], call: (f) => ({ payload: unitPage(f) }) },
  'GET /api/opportunities/targets': { access: 'product', checks: ['insights'], call: (f) => ({ query: `factory_id=${f.factoryId}` }) },
  'PUT /api/opportunities/targets': {
    access: 'product',
    checks: ['insights', 'targets'],
    call: (f) => ({ payload: { factory_id: f.factoryId, production_unit_id: f.unitId, kind: 'shift_changes', target_seconds: 60 } }),
  },
  'GET /api/factories/:factoryId/export': {
    access: 'product',
    checks: ['integrated'],
    call: (f) => ({ params: { factoryId: f.factoryId }, query: `kind=production&format=csv&production_unit_ids=${f.unitId}&start_date=${yesterday}&end_date=${yesterday}` }),
  },
  'GET /api/factories/:id/configuration': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'PUT /api/factories/:id/configuration': { access: 'admin', call: (f) => ({ params: { id: f.factoryId }, payload: f.configuration }) },
  'GET /api/factories/:id/recomputation': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'POST /api/factories/:id/ingest-keys': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'GET /api/factories/:id/ingest-keys': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'DELETE /api/factories/:id/ingest-keys/:keyId': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'POST /api/ingest/v1/events': { access: 'ingest', call: () => ({ payload: { events: [] } }) },
  // A stream never ends under inject: an unknown factory, which allowed callers get as 404 (live.test.ts opens real streams).
  'GET /api/live': { access: 'product', call: () => ({ query: `factory_ids=${randomUUID()}` }) },
  'GET /api/factories/:id/unit-states': { access: 'product', call: (f) => ({ params: { id: f.factoryId } }) },
  'GET /api/factories/:id/justifications': { access: 'product', call: (f) => ({ params: { id: f.factoryId } }) },
  // The fixtures' factories have the alert capability (set below): allowed callers get 201, 404 or 409, never 401/403.
  'GET /api/factories/:id/alert-rules': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'POST /api/factories/:id/alert-rules': { access: 'admin', call: (f) => ({ params: { id: f.factoryId }, payload: alertRule(f) }) },
  'PUT /api/factories/:id/alert-rules/:ruleId': { access: 'admin', call: (f) => ({ params: { id: f.factoryId, ruleId: randomUUID() }, payload: alertRule(f) }) },
  'DELETE /api/factories/:id/alert-rules/:ruleId': { access: 'admin', call: (f) => ({ params: { id: f.factoryId, ruleId: randomUUID() } }) },
  'GET /api/alerts': { access: 'product' },
  // An unknown alert: allowed callers get 404 (the display 403 first).
  'POST /api/alerts/:id/acknowledge': { access: 'product', checks: ['justifier'], call: () => ({ params: { id: randomUUID() } }) },
  // An instant at which no downtime starts: allowed callers get 404 (or the display 403: its check comes first).
  'POST /api/factories/:id/justifications': {
    access: 'product',
    checks: ['justifier'],
    call: (f) => ({ params: { id: f.factoryId }, payload: { production_unit_id: f.unitId, downtime_start: '2020-01-01T00:00:00Z', action: 'comment', comment: 'x' } }),
  },
  // An unknown factory: allowed callers get 404 before the file is read.
  'POST /api/factories/:id/history-imports': { access: 'admin', call: () => ({ payload: '', contentType: 'application/x-ndjson' }) },
  'GET /api/factories/:id/history-imports': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'GET /api/factories/:id/history-imports/:importId': { access: 'admin', call: (f) => ({ params: { id: f.factoryId } }) },
  'POST /api/ingest/v1/history-imports': { access: 'ingest', call: () => ({ payload: '', contentType: 'application/x-ndjson' }) },
  'GET /api/ingest/v1/history-imports/:importId': { access: 'ingest' },
  'GET /api/factories/:factoryId/user/email-reports': { access: 'product', call: (f) => ({ params: { factoryId: f.factoryId } }) },
  'GET /api/factories/:factoryId/user/email-reports/options': { access: 'product', call: (f) => ({ params: { factoryId: f.factoryId } }) },
  'GET /api/user/email-reports/quota': { access: 'product' },
  'GET /api/account/email-report-recipients': { access: 'admin' },
  'PUT /api/account/email-report-recipients': { access: 'admin', call: () => ({ payload: { entries: [] } }) },
  'POST /api/factories/:factoryId/user/email-reports': { access: 'product', checks: ['reportAuthor'], call: (f) => ({ params: { factoryId: f.factoryId }, payload: report(f) }) },
  'GET /api/user/email-reports/:id': { access: 'product' },
  'PUT /api/user/email-reports/:id': { access: 'product', checks: ['reportAuthor'], call: (f) => ({ payload: report(f) }) },
  // Open to every role: a report the display wrote before it could not can still be switched off.
  'PUT /api/user/email-reports/:id/active': { access: 'product', call: () => ({ payload: { active: false } }) },
  'DELETE /api/user/email-reports/:id': { access: 'product' },
  'POST /api/factories/:factoryId/user/email-reports/preview': { access: 'product', checks: ['reportAuthor'], call: (f) => ({ params: { factoryId: f.factoryId }, payload: report(f) }) },
  'POST /api/user/email-reports/:id/test': { access: 'product', checks: ['reportAuthor'] },
  'GET /api/user/email-reports/:id/deliveries': { access: 'product' },
  'GET /api/user/email-reports/:id/deliveries/:deliveryId': { access: 'product' },
  // The unsubscribe link of a report e-mail: a page for whoever holds the link (its token is the check).
  'GET /api/email-reports/:id/unsubscribe': { access: 'public' },
  'POST /api/email-reports/:id/unsubscribe': { access: 'public' },
  'GET /dashboard-api/accounts/:accountId': { access: 'product', call: (f) => ({ params: { accountId: f.accountId } }) },
};

/**
 * Routes outside the bearer-token APIs, by prefix, each with its reason: the embedded OpenID Connect
 * provider authenticates with its own protocol (sign-in form, codes, refresh tokens; oidc-*.test.ts),
 * and the static files (the host and the remotes, when built) are public.
 */
const OUTSIDE_PREFIXES: Record<string, string> = {
  '/oidc': 'the OpenID Connect provider: its own protocol, not bearer tokens',
  '/remotes/': 'static files of the remotes: public',
  '/*': 'static files of the host: public',
};

interface Identity {
  role: Role;
  is_admin: boolean;
  is_financial_admin: boolean;
  is_tilelytics: boolean;
  is_wx_user: boolean;
  insights_enabled: boolean;
  /** Demo Co. has the integrated ecosystem, Other Co. not. */
  integrated: boolean;
}

/** Every combination of role, flags and account. */
function identities(): Identity[] {
  const out: Identity[] = [];
  const bools = [false, true];
  for (const role of ROLES)
    for (const is_admin of bools)
      for (const is_financial_admin of bools)
        for (const is_tilelytics of bools)
          for (const is_wx_user of bools)
            for (const insights_enabled of bools)
              for (const integrated of bools) out.push({ role, is_admin, is_financial_admin, is_tilelytics, is_wx_user, insights_enabled, integrated });
  return out;
}

type Outcome = { allowed: true } | { allowed: false; status: number; code: string };
const refused = (status: number, code: string): Outcome => ({ allowed: false, status, code });

/** What the table says of a caller. */
function expected(rule: Rule, who: Identity | null): Outcome {
  if (rule.access === 'public') return { allowed: true };
  if (who === null || rule.access === 'ingest') return refused(401, ERROR_CODES.unauthenticated);
  if (rule.access === 'user') return { allowed: true };
  if (!who.is_tilelytics) return refused(403, ERROR_CODES.notEnabled);
  if (rule.access === 'admin' && !who.is_admin) return refused(403, ERROR_CODES.adminRequired);
  for (const check of rule.checks ?? []) {
    if (check === 'insights' && !(who.insights_enabled || who.is_wx_user)) return refused(403, ERROR_CODES.insightsRequired);
    if (check === 'targets' && !(who.is_admin || who.role === 'director')) return refused(403, ERROR_CODES.opportunityTargetForbidden);
    if (check === 'integrated' && !who.integrated) return refused(403, ERROR_CODES.exportIntegratedOnly);
    if (check === 'reportAuthor' && who.role === 'presenter') return refused(403, ERROR_CODES.reportRoleForbidden);
    if (check === 'justifier' && who.role === 'presenter' && !who.is_admin) return refused(403, ERROR_CODES.justificationRoleForbidden);
  }
  return { allowed: true };
}

type Attribute = keyof Identity;
/** What the table reads of a caller for a rule (the rest must not matter). */
function attributesRead(rule: Rule): Attribute[] {
  if (rule.access === 'public' || rule.access === 'user' || rule.access === 'ingest') return [];
  const read = new Set<Attribute>(['is_tilelytics']);
  if (rule.access === 'admin') read.add('is_admin');
  for (const check of rule.checks ?? []) {
    if (check === 'insights') ['insights_enabled', 'is_wx_user'].forEach((a) => read.add(a as Attribute));
    if (check === 'targets') ['is_admin', 'role'].forEach((a) => read.add(a as Attribute));
    if (check === 'integrated') read.add('integrated');
    if (check === 'reportAuthor') read.add('role');
    if (check === 'justifier') ['role', 'is_admin'].forEach((a) => read.add(a as Attribute));
  }
  return [...read];
}

/** The callers a route is tried with: for each combination of what its rule reads, the first and the last. */
function callersOf(rule: Rule, all: readonly Identity[]): Identity[] {
  const read = attributesRead(rule);
  const groups = new Map<string, Identity[]>();
  for (const identity of all) {
    const key = JSON.stringify(read.map((a) => identity[a]));
    groups.set(key, [...(groups.get(key) ?? []), identity]);
  }
  return [...groups.values()].flatMap((members) => [...new Set([members[0]!, members.at(-1)!])]);
}

const routeName = (route: Pick<WriteRoute, 'method' | 'url'>): string => `${route.method} ${route.url}`;
const outside = (url: string): boolean => Object.keys(OUTSIDE_PREFIXES).some((prefix) => (prefix.endsWith('/') ? url.startsWith(prefix) : url === prefix || url.startsWith(`${prefix}/`)));

describe('permissions of every route, for every role and flag', () => {
  let app: FastifyInstance;
  const fixtures = new Map<boolean, Fixture>();
  const cleanup = new Cleanup();

  async function fixture(email: string, domain: string, factoryName: string): Promise<Fixture> {
    const token = await tokenFor(app, email);
    const get = async (url: string): Promise<unknown> => {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      return response.json();
    };
    const factoryId = await demoFactoryId(app, domain, factoryName);
    const [account] = await app.db.query<{ id: string }>('SELECT account_id AS id FROM factories WHERE id = $1', [factoryId]);
    const [unit] = await app.db.query<{ id: string }>('SELECT id FROM production_units WHERE factory_id = $1 ORDER BY id LIMIT 1', [factoryId]);
    const [shift] = await app.db.query<{ id: string }>('SELECT id FROM work_shifts WHERE factory_id = $1 ORDER BY id LIMIT 1', [factoryId]);
    const factory = ((await get('/api/user/factories')) as Record<string, unknown>[]).find((f) => f.id === factoryId)!;
    const settings = Object.fromEntries(
      ['name', 'primary_language', 'timezone', 'year_first_month', 'week_first_day', 'currency', 'production_day_minutes_from_midnight', 'is_calendar_day_business_day', 'objectives'].map((k) => [k, factory[k]]),
    );
    // The configuration as declared: its generated ids left out.
    const configuration = JSON.parse(JSON.stringify(await get(`/api/factories/${factoryId}/configuration`), (key, value: unknown) => (key === 'id' ? undefined : value)));
    return {
      accountId: account!.id,
      factoryId,
      unitId: unit?.id ?? randomUUID(),
      shiftId: shift?.id ?? randomUUID(),
      preferences: await get('/api/user/preferences'),
      factorySettings: settings,
      configuration,
    };
  }

  before(async () => {
    ({ app } = await build(cleanup));
    fixtures.set(true, await fixture(DEMO.admin, 'demo.linepulse.test', 'Lyon'));
    fixtures.set(false, await fixture(DEMO.otherAdmin, 'other.linepulse.test', 'Hamilton'));
    for (const f of fixtures.values()) await app.db.query('UPDATE factories SET alert_capability = true WHERE id = $1', [f.factoryId]);
  });
  after(() => cleanup.run());

  it('has an entry for every route the app declares, and none for a route it does not', () => {
    const declared = app.declaredRoutes.filter((route) => !outside(route.url)).map(routeName);
    assert.deepEqual(declared.filter((name) => !(name in TABLE)), [], 'routes without an entry in the permissions table');
    assert.deepEqual(Object.keys(TABLE).filter((name) => !declared.includes(name)), [], 'entries for routes the app does not declare');
    assert.ok(declared.length >= 60, `only ${declared.length} routes`);
  });

  it('answers each caller as the table says: allowed ones are not refused, refused ones get 403 (401) and the code', async () => {
    const routes = app.declaredRoutes.filter((route) => !outside(route.url) && routeName(route) in TABLE);
    const who = identities();
    const tokens = new Map<Identity, string>();
    for (const identity of who) {
      const { integrated, ...claims } = identity;
      tokens.set(identity, await tokenFor(app, integrated ? DEMO.admin : DEMO.otherAdmin, { claims }));
    }
    const problems: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const rule = TABLE[routeName(route)]!;
      for (const identity of [null, ...callersOf(rule, who)]) {
        const f = fixtures.get(identity?.integrated ?? true)!;
        const c = rule.call?.(f) ?? {};
        let url = route.url;
        for (const name of (route.url.match(/:[A-Za-z]+/g) ?? []).map((p) => p.slice(1))) url = url.replace(`:${name}`, c.params?.[name] ?? randomUUID());
        if (c.query) url += `?${c.query}`;
        const headers: Record<string, string> = identity ? { authorization: `Bearer ${tokens.get(identity)}` } : {};
        if (c.payload !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(c.payload === undefined ? {} : { payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload) }),
        });
        calls += 1;
        const want = expected(rule, identity);
        const got = response.statusCode;
        const json = String(response.headers['content-type'] ?? '').includes('json');
        const code = got >= 400 && json ? (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code : undefined;
        const label = `${routeName(route)} as ${identity ? JSON.stringify(identity) : 'no token'}`;
        if (want.allowed) {
          if (got === 401 || got === 403 || got >= 500) problems.push(`${label}: allowed, got ${got} ${code ?? ''}`);
        } else if (got !== want.status || code !== want.code) {
          problems.push(`${label}: expected ${want.status} ${want.code}, got ${got} ${code ?? response.body.slice(0, 120)}`);
        }
      }
    }
    assert.deepEqual(problems.slice(0, 40), [], `${problems.length} of ${calls} calls answered otherwise`);
    // Every combination was someone's caller somewhere: the opportunities' targets read five attributes.
    assert.ok(calls > routes.length * 3, `${calls} calls`);
  });
});
