import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@linepulse/contracts';
import { build, call, Cleanup, DEMO, demoFactoryId } from './helper.ts';

// Issue 21: an attacker's probe found 500s on dates at the edges of yyyy-LL-dd (9999-12-31, whose next
// day has five digits, on every analytics call and the export) and on a custom period's date sent as
// a number (the order rule parsed it). Dates follow the documented rule everywhere: a window ends now
// at the latest (a later end date is clipped), a window that has not started is ANL_WINDOW_EMPTY, a
// date before 1 September 2019 is ANL_BEFORE_DATA_START, and what is not yyyy-LL-dd is GEN_VALIDATION.

interface Item {
  code: string;
  arguments: Record<string, string | number>;
}

describe('dates at the edges and values of another type', () => {
  let app: FastifyInstance;
  let factory: string;
  let units: string[];
  const cleanup = new Cleanup();
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  before(async () => {
    ({ app } = await build(cleanup));
    factory = await demoFactoryId(app, 'demo.linepulse.test', 'Lyon');
    units = (await app.db.query<{ id: string }>('SELECT id FROM production_units WHERE factory_id = $1 ORDER BY id', [factory])).map((r) => r.id);
  });
  after(() => cleanup.run());

  const first = (body: { errors?: Item[] }): string => `${body.errors?.[0]?.code} ${body.errors?.[0]?.arguments.field ?? ''}`.trim();

  /** Every analytics call with a window, and a body asking it for one line. */
  const analytics = (): [string, Record<string, unknown>][] => [
    ['/api/production-units/downtimes-info', { production_unit_ids: units }],
    ['/api/production-units/downtimes-info-interval', { production_unit_ids: units, interval: 'day' }],
    ['/api/top-downtime-reasons', { production_unit_ids: units }],
    ['/api/v2/production-units/downtimes-summary', { production_unit_ids: units }],
    ['/api/kpis/by-groups', { groups: [{ name: 'g', factory_id: factory, production_unit_ids: units }] }],
    ['/api/production-units/downtimes', { production_unit_ids: units }],
    ['/api/production-units/downtime-durations', { production_unit_ids: units }],
    ['/api/opportunities', { factory_id: factory, limit: 0 }],
    ['/api/opportunities/unit', { factory_id: factory, production_unit_id: units[0], kind: 'shift_changes' }],
    ['/api/opportunities/occurrences', { factory_id: factory, production_unit_id: units[0], kind: 'shift_changes' }],
  ];
  const range = (start_date: unknown, end_date: unknown) => ({ time_option: 'time_range', start_date, end_date });
  const post = (url: string, payload: unknown) => call(app, DEMO.admin, { method: 'POST', url, payload: payload as object });

  it('an end date far ahead (9999-12-31) is clipped to now like any later date, on every analytics call', async () => {
    for (const [url, body] of analytics()) {
      // Opportunities refuse a span of more than 366 days before any work, whatever its end.
      const opportunities = url.startsWith('/api/opportunities');
      const far = await post(url, { ...body, ...range(daysAgo(6), '9999-12-31') });
      if (opportunities) {
        assert.equal(`${far.status} ${first(far.body)}`, `400 ${ERROR_CODES.analyticsWindowTooLong}`, url);
        continue;
      }
      assert.equal(far.status, 200, `${url}: ${JSON.stringify(far.body)}`);
      const clipped = await post(url, { ...body, ...range(daysAgo(6), today) });
      assert.equal(clipped.status, 200, url);
      // Both end now: their last instants, and the calendar time up to them, read a moment apart.
      const nowish = (body: unknown) =>
        JSON.parse(JSON.stringify(body, (k, v: unknown) => (k === 'calendar_ms' || (typeof v === 'string' && Math.abs(Date.parse(v) - Date.now()) < 120_000) ? 'now' : v)));
      assert.deepEqual(nowish(far.body), nowish(clipped.body), `${url}: the window up to 9999-12-31 is the window up to now`);
    }
  });

  it('a window at the far edge has not started (ANL_WINDOW_EMPTY); one at year 0 is before the data (ANL_BEFORE_DATA_START); longer years are not dates', async () => {
    for (const [url, body] of analytics()) {
      const cases: [unknown, unknown, number, string][] = [
        ['9999-12-31', '9999-12-31', 400, ERROR_CODES.analyticsWindowEmpty],
        ['9999-12-30', '9999-12-31', 400, ERROR_CODES.analyticsWindowEmpty],
        ['0000-01-01', '0000-01-02', 400, ERROR_CODES.analyticsBeforeDataStart],
        // Opportunities refuse the span first.
        ['0000-01-01', '9999-12-31', 400, url.startsWith('/api/opportunities') ? ERROR_CODES.analyticsWindowTooLong : ERROR_CODES.analyticsBeforeDataStart],
        ['2024-01-01', '275760-09-13', 400, `${ERROR_CODES.validation} end_date`],
        ['+010000-01-01', '2024-01-01', 400, `${ERROR_CODES.validation} start_date`],
        ['2024-01-01', 20_260_201, 400, `${ERROR_CODES.validation} end_date`],
        [{}, '2024-01-01', 400, `${ERROR_CODES.validation} start_date`],
        [['2024-01-01'], '2024-01-01', 400, `${ERROR_CODES.validation} start_date`],
        [true, '2024-01-01', 400, `${ERROR_CODES.validation} start_date`],
        [null, '2024-01-01', 400, `${ERROR_CODES.validation} start_date`],
      ];
      for (const [start, end, status, code] of cases) {
        const response = await post(url, { ...body, ...range(start, end) });
        assert.equal(`${response.status} ${first(response.body)}`, `${status} ${code}`, `${url} ${JSON.stringify([start, end])}: ${JSON.stringify(response.body)}`);
      }
      // Instants: the same rules.
      const instant = await post(url, { ...body, start: '9999-12-31T00:00:00Z', end: '9999-12-31T23:59:59.999Z' });
      assert.equal(`${instant.status} ${first(instant.body)}`, `400 ${ERROR_CODES.analyticsWindowEmpty}`, url);
      const numeric = await post(url, { ...body, start: 1_700_000_000_000, end: '2024-01-01T00:00:00Z' });
      assert.equal(`${numeric.status} ${first(numeric.body)}`, `400 ${ERROR_CODES.validation} start`, url);
    }
  });

  it('the export: a range up to 9999-12-31 is too long, one at the far edge has not started, and year 0 is before the data', async () => {
    const exported = (start: string, end: string) =>
      call(app, DEMO.admin, {
        method: 'GET',
        url: `/api/factories/${factory}/export?kind=production&format=csv&production_unit_ids=${units[0]}&start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`,
      });
    const cases: [string, string, string][] = [
      [daysAgo(1), '9999-12-31', `400 ${ERROR_CODES.analyticsWindowTooLong}`],
      ['9999-12-30', '9999-12-31', `400 ${ERROR_CODES.analyticsWindowEmpty}`],
      ['0000-01-01', '0000-01-02', `400 ${ERROR_CODES.analyticsBeforeDataStart}`],
      ['+010000-01-01', '+010000-01-02', `400 ${ERROR_CODES.validation}`],
      ['2024-01-01', '275760-09-13', `400 ${ERROR_CODES.validation}`],
    ];
    for (const [start, end, expected] of cases) {
      const response = await exported(start, end);
      assert.equal(`${response.status} ${response.body.errors?.[0]?.code}`, expected, `${start}..${end}: ${JSON.stringify(response.body)}`);
    }
    // A range ending after today is clipped to now.
    const ahead = await exported(daysAgo(1), new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
    assert.equal(ahead.status, 200, JSON.stringify(ahead.body));
  });

  it('custom periods: a date of another type or in year 0 is a 400 on that field and stores nothing; the last date is a date', async () => {
    const stored = async () => JSON.stringify(await app.db.query('SELECT * FROM custom_periods ORDER BY id'));
    const before = await stored();
    const [period] = await app.db.query<{ id: string }>('SELECT id FROM custom_periods ORDER BY start_date LIMIT 1');
    const write = (payload: unknown) => [
      call(app, DEMO.admin, { method: 'POST', url: '/api/custom-periods', payload: payload as object }),
      call(app, DEMO.admin, { method: 'PUT', url: `/api/custom-periods/${period!.id}`, payload: payload as object }),
    ];
    for (const value of [20_260_201, -1, 1e308, true, false, null, {}, [], ['2024-06-01'], { year: 2024 }, '0000-01-01']) {
      for (const field of ['start_date', 'end_date'] as const) {
        const payload = { name: 'Edge', start_date: '2030-06-01', end_date: '2030-06-05', [field]: value };
        for (const response of await Promise.all(write(payload))) {
          assert.equal(response.status, 400, `${field} ${JSON.stringify(value)}: ${JSON.stringify(response.body)}`);
          assert.ok((response.body.errors as Item[]).some((e) => e.arguments.field === field), `${field} ${JSON.stringify(value)}: ${JSON.stringify(response.body)}`);
        }
      }
    }
    assert.equal(await stored(), before, 'nothing stored or changed');
    // The last date of yyyy-LL-dd is a date; the analytics' custom-period options still answer.
    const far = await call(app, DEMO.admin, { method: 'POST', url: '/api/custom-periods', payload: { name: 'Far', start_date: '9999-12-30', end_date: '9999-12-31' } });
    assert.equal(far.status, 201, JSON.stringify(far.body));
    for (const time_option of ['current_custom_period', 'last_custom_period']) {
      const response = await post('/api/production-units/downtimes-info', { time_option, production_unit_ids: units });
      assert.ok(response.status === 200 || (response.status === 404 && response.body.errors[0].code === ERROR_CODES.analyticsNoCustomPeriod), `${time_option}: ${JSON.stringify(response.body)}`);
    }
  });
});
