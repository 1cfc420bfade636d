import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { exportEvents, type ExportEnd } from '../src/routes/exports.ts';
import { build, call, Cleanup, DEMO, demoFactoryId, listenHttps, tokenFor } from './helper.ts';
import { count, justify, makeFactory, makeReason, makeShift, makeUnit, MIN, state } from './analytics-helper.ts';
import { downtimeFixture } from './downtime-fixture.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

/** CSV text → rows of cells (the export quotes only what needs it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  return rows;
}

/** A GET over HTTPS with the bearer token; the test server's certificate is self-signed. */
function get(baseUrl: string, path: string, token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }, rejectUnauthorized: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** "h:mm:ss" → milliseconds. */
function msOf(text: string): number {
  const match = /^(\d+):([0-5]\d):([0-5]\d)$/.exec(text);
  assert.ok(match, `a duration as h:mm:ss: ${text}`);
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000;
}

const records = (rows: string[][]): Record<string, string>[] => rows.slice(1).map((r) => Object.fromEntries(rows[0]!.map((h, i) => [h, r[i] ?? ''])));

describe('GET /api/factories/:factoryId/export', () => {
  let app: FastifyInstance;
  let fx: Awaited<ReturnType<typeof downtimeFixture>>;
  const cleanup = new Cleanup();
  const url = (query: Record<string, string>, factoryId = fx.f.factoryId): string =>
    `/api/factories/${factoryId}/export?${new URLSearchParams({ start_date: '2024-05-06', end_date: '2024-05-06', production_unit_ids: fx.unit, format: 'csv', ...query })}`;
  before(async () => {
    ({ app } = await build(cleanup));
    fx = await downtimeFixture(app);
    await count(fx.f, fx.unit, '2024-05-06T07:00:00+02:00', 900, 20);
    await count(fx.f, fx.unit, '2024-05-06T12:00:00+02:00', 1100, 30);
  });
  after(() => cleanup.run());

  it('exports the downtimes as CSV with the list’s rows, local and UTC times, a file name and the row count', async () => {
    const res = await app.inject({ method: 'GET', url: url({ kind: 'downtimes' }), headers: { authorization: `Bearer ${await tokenFor(app, DEMO.operation)}` } });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="T-f-\d+-[0-9a-f]+_downtimes_2024-05-06\.csv"$/);
    assert.equal(res.headers['x-total-rows'], '5');
    assert.ok(Number(res.headers['x-estimated-bytes']) > 0);
    const rows = records(parseCsv(res.body));
    assert.equal(rows.length, 5);
    // Durations as a plant user reads them and a spreadsheet sums them (decision 40), not milliseconds.
    assert.deepEqual(rows.map((r) => [r.start_local, r.start_utc, r['duration (h:mm:ss)'], r.type]), [
      ['2024-05-06T08:00:00.000+02:00', '2024-05-06T06:00:00.000Z', '0:30:00', 'planned'],
      ['2024-05-06T09:00:00.000+02:00', '2024-05-06T07:00:00.000Z', '0:10:00', 'unjustified'],
      ['2024-05-06T10:00:00.000+02:00', '2024-05-06T08:00:00.000Z', '0:47:00', 'unplanned'],
      ['2024-05-06T11:00:00.000+02:00', '2024-05-06T09:00:00.000Z', '0:20:00', 'unplanned'],
      ['2024-05-06T13:50:00.000+02:00', '2024-05-06T11:50:00.000Z', '0:10:00', 'unjustified'],
    ]);
    assert.ok(!Object.keys(rows[0]!).some((header) => header.endsWith('_ms')));
    assert.deepEqual([rows[3]!.reasons, rows[3]!.category, rows[3]!.work_shift, rows[3]!.production_unit], ['Jam; Break', 'Mechanical', 'Day', 'Line A']);
  });

  it('exports production by hour, shift and day with the figures of the analytics calls', async () => {
    const token = await tokenFor(app, DEMO.operation);
    const get = async (interval: string) => {
      const res = await app.inject({ method: 'GET', url: url({ kind: 'production', interval }), headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 200, res.body);
      const rows = records(parseCsv(res.body));
      assert.equal(String(rows.length), res.headers['x-total-rows']);
      return rows;
    };
    const sum = (rows: Record<string, string>[], col: string): number => rows.reduce((s, r) => s + (col.endsWith('(h:mm:ss)') ? msOf(r[col]!) : Number(r[col])), 0);
    const hours = await get('hour');
    assert.equal(hours.length, 24);
    assert.deepEqual([hours[0]!.start_local, hours[0]!.start_utc], ['2024-05-06T00:00:00.000+02:00', '2024-05-05T22:00:00.000Z']);
    const info = await call(app, DEMO.operation, {
      method: 'POST', url: '/api/production-units/downtimes-info',
      payload: { time_option: 'time_range', start_date: '2024-05-06', end_date: '2024-05-06', production_unit_ids: [fx.unit] },
    });
    const i = info.body[0];
    assert.deepEqual(
      [sum(hours, 'scheduled_time (h:mm:ss)'), sum(hours, 'uptime (h:mm:ss)'), sum(hours, 'planned_downtime (h:mm:ss)'), sum(hours, 'unplanned_downtime (h:mm:ss)'), sum(hours, 'unjustified_downtime (h:mm:ss)'), sum(hours, 'downtime_occurrences')],
      [i.in_production, i.uptime, i.planned, i.unplanned, i.unjustified, i.downtime_occurrences],
    );
    const kpis = await call(app, DEMO.operation, {
      method: 'POST', url: '/api/kpis/by-groups',
      payload: { time_option: 'time_range', start_date: '2024-05-06', end_date: '2024-05-06', groups: [{ name: 'g', factory_id: fx.f.factoryId, production_unit_ids: [fx.unit] }] },
    });
    const total = kpis.body.groups[0].total;
    const [dayRow] = await get('day');
    assert.deepEqual(
      [Number(dayRow!.good), Number(dayRow!.rejected), Number(dayRow!.availability), Number(dayRow!.performance), Number(dayRow!.quality), Number(dayRow!.oee), msOf(dayRow!['calendar_time (h:mm:ss)']!)],
      [total.good, total.rejected, total.availability, total.performance ?? 0, total.quality, total.oee ?? 0, total.calendar_ms],
    );
    assert.equal(sum(hours, 'good'), total.good);
    // By shift: the Day shift and the time outside shifts add up to the day.
    const shifts = await get('shift');
    assert.deepEqual(shifts.map((r) => r.work_shift), ['Day', '']);
    assert.equal(msOf(shifts[0]!['scheduled_time (h:mm:ss)']!), total.scheduled_ms);
    // A day's calendar time past 24 hours keeps counting hours (a 25-hour day would be 25:00:00).
    assert.equal(dayRow!['calendar_time (h:mm:ss)'], '24:00:00');
    assert.equal(sum(shifts, 'good'), total.good);
  });

  it('writes durations in Excel as numbers of days shown as [h]:mm:ss, which the sheet sums as durations', async () => {
    const res = await app.inject({ method: 'GET', url: url({ kind: 'downtimes', format: 'xlsx' }), headers: { authorization: `Bearer ${await tokenFor(app, DEMO.operation)}` } });
    assert.equal(res.statusCode, 200, res.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('duration (h:mm:ss)');
    assert.ok(column > 0);
    const cells = [2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(column));
    // A reader takes a cell in a time format for a time: ExcelJS gives an instant counted from Excel's day 0.
    const EXCEL_DAY_0 = Date.UTC(1899, 11, 30);
    assert.deepEqual(cells.map((c) => (c.value instanceof Date ? c.value.getTime() - EXCEL_DAY_0 : c.value)), [30, 10, 47, 20, 10].map((min) => min * MIN));
    assert.deepEqual([...new Set(cells.map((c) => c.numFmt))], ['[h]:mm:ss']);
  });

  it('exports Excel as a stream the reader opens, with the same rows', async () => {
    const res = await app.inject({ method: 'GET', url: url({ kind: 'events', format: 'xlsx' }), headers: { authorization: `Bearer ${await tokenFor(app, DEMO.operation)}` } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // The fixture's 15 state events, 4 justifications and 2 counts.
    assert.equal(res.headers['x-total-rows'], String(sheet.rowCount - 1));
    assert.equal(sheet.rowCount - 1, 15 + 4 + 2);
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1, 5), ['at_local', 'at_utc', 'production_unit', 'event_type']);
    assert.deepEqual((sheet.getRow(2).values as unknown[]).slice(1, 7), ['2024-05-06T06:00:00.000+02:00', '2024-05-06T04:00:00.000Z', 'Line A', 'state', (sheet.getRow(2).values as unknown[])[5], true]);
  });

  it('is refused to accounts outside the integrated ecosystem, for other accounts’ factories and units, and for bad input', async () => {
    const hamilton = await demoFactoryId(app, 'other.linepulse.test', 'Hamilton');
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url: url({ kind: 'downtimes' }, hamilton) });
    assert.deepEqual([other.status, other.body.errors[0].code, other.body.errors[0].message], [403, 'EXP_INTEGRATED_ONLY', 'Data export only on the integrated ecosystem.']);
    const foreignFactory = await call(app, DEMO.operation, { method: 'GET', url: url({ kind: 'downtimes' }, hamilton) });
    assert.deepEqual([foreignFactory.status, foreignFactory.body.errors[0].code], [404, 'CS_FAC_404']);
    const [foreignUnit] = await app.db.query<{ id: string }>('SELECT id FROM production_units WHERE factory_id = $1 LIMIT 1', [hamilton]);
    const unit = await call(app, DEMO.operation, { method: 'GET', url: url({ kind: 'downtimes', production_unit_ids: `${fx.unit},${foreignUnit!.id}` }) });
    assert.deepEqual([unit.status, unit.body.errors[0].code], [404, 'ANL_UNIT_404']);
    const cases: [Record<string, string>, number, string][] = [
      [{ kind: 'rows' }, 400, 'GEN_VALIDATION'],
      [{ kind: 'downtimes', format: 'pdf' }, 400, 'GEN_VALIDATION'],
      [{ kind: 'production', interval: 'week' }, 400, 'GEN_VALIDATION'],
      [{ kind: 'downtimes', production_unit_ids: 'x' }, 400, 'GEN_VALIDATION'],
      [{ kind: 'downtimes', production_unit_ids: ',' }, 400, 'ANL_UNITS_REQUIRED'],
      [{ kind: 'downtimes', end_date: '2024-05-01' }, 400, 'ANL_START_NOT_BEFORE_END'],
      [{ kind: 'downtimes', start_date: '2023-05-01', end_date: '2024-05-01' }, 400, 'ANL_WINDOW_TOO_LONG'],
      [{ kind: 'downtimes', start_date: '2019-08-31' }, 400, 'ANL_BEFORE_DATA_START'],
      [{ kind: 'downtimes', start_date: '2024-02-30' }, 400, 'ANL_DATE_INVALID'],
    ];
    for (const [query, status, code] of cases) {
      const res = await call(app, DEMO.operation, { method: 'GET', url: url(query) });
      assert.deepEqual([res.status, res.body.errors?.[0]?.code], [status, code], JSON.stringify(query));
    }
    const anonymous = await call(app, null, { method: 'GET', url: url({ kind: 'downtimes' }) });
    assert.equal(anonymous.status, 401);
  });

  it('tells the account settings of the dashboard API whether the account is on the integrated ecosystem', async () => {
    const ids = await app.db.query<{ id: string; domain_name: string }>('SELECT id, domain_name FROM accounts');
    const id = (domain: string): string => ids.find((a) => a.domain_name === domain)!.id;
    const demo = await call(app, DEMO.operation, { method: 'GET', url: `/dashboard-api/accounts/${id('demo.linepulse.test')}` });
    assert.deepEqual([demo.status, demo.body.integrated_ecosystem], [200, true]);
    const other = await call(app, DEMO.otherAdmin, { method: 'GET', url: `/dashboard-api/accounts/${id('other.linepulse.test')}` });
    assert.deepEqual([other.status, other.body.integrated_ecosystem], [200, false]);
  });

  it('is in the OpenAPI document', async () => {
    const res = await call(app, null, { method: 'GET', url: '/api/openapi.json' });
    const op = res.body.paths['/api/factories/{factoryId}/export'].get;
    assert.deepEqual(op.security, [{ bearerAuth: [] }]);
    assert.ok(op.parameters.some((p: { name: string }) => p.name === 'kind'));
  });
});

describe('export of names and ids that start like spreadsheet formulas (issue 21)', () => {
  const HYPERLINK = '=HYPERLINK("http://evil.example","x")';
  let app: FastifyInstance;
  let factoryId: string;
  let unit: string;
  const cleanup = new Cleanup();
  const url = (kind: string, format: string): string =>
    `/api/factories/${factoryId}/export?${new URLSearchParams({ start_date: '2024-05-06', end_date: '2024-05-06', production_unit_ids: unit, kind, format })}`;
  before(async () => {
    ({ app } = await build(cleanup));
    // An admin named the line, the reason and its category; a device sent the justifications' ids.
    const f = await makeFactory(app.db, { timezone: 'Europe/Paris' });
    factoryId = f.factoryId;
    unit = await makeUnit(f, { name: HYPERLINK });
    await makeShift(f, { start: '06:00', end: '14:00', units: [unit], name: '@SUM(1+1)' });
    const reason = await makeReason(f, { planned: false, name: '+cmd|" /C calc"!A0', category: '-2+3' });
    for (const [hm, running] of [['06:00', true], ['08:00', false], ['08:30', true], ['09:00', false], ['09:10', true]] as const) await state(f, unit, `2024-05-06T${hm}:00+02:00`, running);
    await justify(f, unit, '2024-05-06T08:00:00+02:00', '2024-05-06T08:30:00+02:00', reason, '\t=1+1');
    await justify(f, unit, '2024-05-06T09:00:00+02:00', '2024-05-06T09:10:00+02:00', reason, '-42');
  });
  after(() => cleanup.run());

  it('writes every such text as text in the CSV (quoted, a single quote in front) and numbers as numbers', async () => {
    const token = await tokenFor(app, DEMO.operation);
    const downtimes = await app.inject({ method: 'GET', url: url('downtimes', 'csv'), headers: { authorization: `Bearer ${token}` } });
    assert.equal(downtimes.statusCode, 200, downtimes.body);
    const lines = downtimes.body.replace(/^\uFEFF/, '').split('\r\n');
    // The header too is quoted text; a field holding a formula opens with a quote then a single quote.
    assert.equal(lines[0]!.split(',')[0], '"start_local"');
    assert.ok(lines[1]!.includes(`"'=HYPERLINK(""http://evil.example"",""x"")"`), lines[1]);
    assert.ok(lines[1]!.includes(`"'+cmd|"" /C calc""!A0"`), lines[1]);
    assert.ok(lines[1]!.includes(`"'-2+3"`), lines[1]);
    assert.ok(lines[1]!.includes(`"'@SUM(1+1)"`), lines[1]);
    // No field of the file starts a formula once its quotes are removed.
    for (const row of parseCsv(downtimes.body)) for (const cell of row) assert.doesNotMatch(cell, /^[=+@\t\r]|^-(?!\d+$)/, cell);
    const rows = records(parseCsv(downtimes.body));
    assert.deepEqual(rows.map((r) => [r.production_unit, r.reasons, r.category, r.work_shift, r['duration (h:mm:ss)']]), [
      [`'${HYPERLINK}`, `'+cmd|" /C calc"!A0`, "'-2+3", "'@SUM(1+1)", '0:30:00'],
      [`'${HYPERLINK}`, `'+cmd|" /C calc"!A0`, "'-2+3", "'@SUM(1+1)", '0:10:00'],
    ]);
    // Durations are quoted text a spreadsheet reads as a duration, with no quote of its own in front.
    assert.ok(lines[1]!.includes(',"0:30:00",'), lines[1]);

    const events = await app.inject({ method: 'GET', url: url('events', 'csv'), headers: { authorization: `Bearer ${token}` } });
    assert.equal(events.statusCode, 200, events.body);
    const ids = records(parseCsv(events.body)).filter((r) => r.event_type === 'justification').map((r) => r.event_id);
    // A device's id starting with a tab is neutralised; one that is a negative number stays that number.
    assert.deepEqual(ids.sort(), ['-42', "'\t=1+1"].sort());
    assert.ok(events.body.includes(',"-42",'), 'a negative number is not prefixed');
  });

  it('writes the same text in Excel, as text cells, never formulas', async () => {
    const res = await app.inject({ method: 'GET', url: url('events', 'xlsx'), headers: { authorization: `Bearer ${await tokenFor(app, DEMO.operation)}` } });
    assert.equal(res.statusCode, 200, res.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string): unknown[] => {
      const values: unknown[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) values.push(row.getCell(header.indexOf(name) + 1).value);
      });
      return values;
    };
    sheet.eachRow((row) => row.eachCell((cell) => assert.notEqual(cell.type, ExcelJS.ValueType.Formula, String(cell.address))));
    assert.ok(column('production_unit').every((v) => v === `'${HYPERLINK}`), JSON.stringify(column('production_unit')));
    const justified = column('event_type').flatMap((type, i) => (type === 'justification' ? [column('event_id')[i]] : []));
    assert.deepEqual(justified.map(String).sort(), ['-42', "'\t=1+1"].sort());
    assert.ok(column('running').includes(true));
  });
});

describe('export over HTTPS with a bearer token, as a script would', () => {
  const cleanup = new Cleanup();
  after(() => cleanup.run());

  it('streams a large export and stops reading the database when the client goes away', async () => {
    const { app, baseUrl } = await listenHttps(cleanup);
    const montreal = await demoFactoryId(app, 'demo.linepulse.test', 'Montréal');
    const [u] = await app.db.query<{ id: string; account_id: string }>('SELECT id, account_id FROM production_units WHERE factory_id = $1 ORDER BY sort_order LIMIT 1', [montreal]);
    // 60 000 count events on one day: a dozen keyset reads.
    await app.db.query(
      `INSERT INTO unit_count_events (account_id, factory_id, production_unit_id, event_id, at, good, rejected)
       SELECT $1, $2, $3, 'bulk-' || i, timestamptz '2024-05-06T12:00:00Z' + i * interval '1 second', 1, 0 FROM generate_series(1, 60000) i`,
      [u!.account_id, montreal, u!.id],
    );
    const token = await tokenFor(app, DEMO.admin);
    const query = `kind=events&format=csv&production_unit_ids=${u!.id}&start_date=2024-05-06&end_date=2024-05-06`;
    const path = `/api/factories/${montreal}/export?${query}`;
    const whole = await get(baseUrl, path, token);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['x-total-rows'], '60000');
    let text = '';
    for await (const chunk of whole) text += String(chunk);
    assert.equal(text.trim().split('\n').length, 60001);

    const ended = once(exportEvents, 'end') as Promise<[ExportEnd]>;
    const res = await get(baseUrl, path, token);
    await once(res, 'data');
    // The client goes away after the first bytes.
    res.destroy();
    const [end] = await ended;
    assert.equal(end.factoryId, montreal);
    assert.equal(end.aborted, true);
    assert.ok(end.rows < end.total, `stopped after ${end.rows} of ${end.total} rows`);
  });
});
