import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { screenLinkSelectionOf, windowDates } from '@linepulse/contracts';
import { downtimesInfo } from '../src/analytics/engine.ts';
import { build, call, Cleanup, DEMO } from './helper.ts';
import { smtpCapture, type SmtpCapture } from './smtp-capture.ts';

const DEMO_DOMAIN = 'demo.linepulse.test';
const OTHER_DOMAIN = 'other.linepulse.test';

interface Plant {
  id: string;
  units: string[];
  shifts: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- problem lists are compared loosely
const codes = (body: any): string[] => body.errors.map((e: { code: string; arguments: { field?: string } }) => `${e.code} ${e.arguments.field ?? ''}`).sort();

describe('e-mail reports: calls, rules, package limit, preview, test send, history and unsubscribe', () => {
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  let montreal: Plant;
  let lyon: Plant;
  let hamilton: Plant;
  const cleanup = new Cleanup();

  async function plant(domain: string, name: string): Promise<Plant> {
    const [row] = await app.db.query<Plant>(
      `SELECT f.id,
              ARRAY(SELECT pu.id::text FROM production_units pu WHERE pu.factory_id = f.id ORDER BY pu.sort_order, pu.name, pu.id) AS units,
              ARRAY(SELECT ws.id::text FROM work_shifts ws WHERE ws.factory_id = f.id ORDER BY ws.sort_order, ws.start_local, ws.id) AS shifts
         FROM factories f JOIN accounts a ON a.id = f.account_id WHERE a.domain_name = $1 AND f.name = $2`,
      [domain, name],
    );
    assert.ok(row, `${name} in ${domain}`);
    return row;
  }

  before(async () => {
    smtp = await smtpCapture(cleanup);
    ({ app } = await build(cleanup, { SMTP_URL: smtp.url, REPORT_SCHEDULER: 'false', MAIL_FROM: 'Linepulse <reports@linepulse.test>' }));
    montreal = await plant(DEMO_DOMAIN, 'Montréal');
    lyon = await plant(DEMO_DOMAIN, 'Lyon');
    hamilton = await plant(OTHER_DOMAIN, 'Hamilton');
  });
  after(() => cleanup.run());
  beforeEach(async () => {
    await app.db.query('DELETE FROM email_reports');
    await app.db.query('DELETE FROM email_report_test_sends');
    await app.db.query('DELETE FROM email_report_allowed_recipients');
    await app.db.query(`UPDATE accounts SET report_package = 'free'`);
  });

  const valid = (factory: Plant, overrides: Record<string, unknown> = {}) => ({
    title: 'Morning downtime',
    template: 'downtime_by_production_line',
    frequency: 'daily',
    schedule_type: 'last',
    duration: 1,
    time_unit: 'day',
    recipients: ['Plant.Manager@demo.linepulse.test', 'plant.manager@demo.linepulse.test ', 'quality@demo.linepulse.test'],
    production_unit_ids: factory.units.slice(0, 2),
    work_shift_ids: factory.shifts.slice(0, 1),
    language: 'fr',
    day: null,
    time: '06:30',
    timezone: 'America/Toronto',
    ...overrides,
  });
  const create = (email: string, factory: Plant, payload: unknown) =>
    call(app, email, { method: 'POST', url: `/api/factories/${factory.id}/user/email-reports`, payload: payload as object });
  const list = async (email: string, factory: Plant) => (await call(app, email, { method: 'GET', url: `/api/factories/${factory.id}/user/email-reports` })).body;
  async function created(email: string, factory: Plant, overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await create(email, factory, valid(factory, overrides));
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.id;
  }
  const snapshot = async () => JSON.stringify(await app.db.query('SELECT * FROM email_reports ORDER BY id'));

  it('creates, lists, reads, edits, toggles and deletes a report', async () => {
    assert.deepEqual(await list(DEMO.operation, montreal), []);
    const response = await create(DEMO.operation, montreal, valid(montreal));
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const report = response.body;
    assert.deepEqual(report.recipients, ['plant.manager@demo.linepulse.test', 'quality@demo.linepulse.test']);
    assert.equal(report.active, true);
    assert.equal(report.last_delivery, null);
    assert.deepEqual(report.warnings, []);
    // Next 06:30 in Toronto, after now.
    const next = Date.parse(report.next_delivery_at);
    assert.ok(next > Date.now() && next <= Date.now() + 86_400_000 + 3_600_000);
    assert.match(new Date(next).toLocaleString('en-CA', { timeZone: 'America/Toronto', hour12: false }), /06:30:00/);

    assert.deepEqual((await list(DEMO.operation, montreal)).map((r: { id: string }) => r.id), [report.id]);
    assert.deepEqual(await list(DEMO.operation, lyon), []);
    const options = (await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${montreal.id}/user/email-reports/options` })).body;
    assert.deepEqual(options.production_units.map((u: { id: string }) => u.id), montreal.units);
    assert.deepEqual(options.work_shifts.map((s: { id: string }) => s.id), montreal.shifts);
    assert.equal((await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${montreal.id}/user/email-reports/options` })).status, 404);
    const read = await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${report.id}` });
    assert.equal(read.body.title, 'Morning downtime');

    const weekly = valid(montreal, { frequency: 'weekly', day: 1, time: '07:00', title: 'Weekly lines', production_unit_ids: montreal.units, work_shift_ids: montreal.shifts });
    const put = await call(app, DEMO.operation, { method: 'PUT', url: `/api/user/email-reports/${report.id}`, payload: weekly });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.frequency, 'weekly');
    assert.equal(new Date(put.body.next_delivery_at).toLocaleString('en-CA', { timeZone: 'America/Toronto', weekday: 'long' }).startsWith('Monday'), true);
    if (montreal.units.length > 5) assert.ok(put.body.warnings.includes('RPT_UNITS_ABOVE_RECOMMENDED'));

    const off = await call(app, DEMO.operation, { method: 'PUT', url: `/api/user/email-reports/${report.id}/active`, payload: { active: false } });
    assert.equal(off.body.active, false);
    assert.equal(off.body.next_delivery_at, null);
    const on = await call(app, DEMO.operation, { method: 'PUT', url: `/api/user/email-reports/${report.id}/active`, payload: { active: true } });
    assert.ok(on.body.next_delivery_at);

    const removed = await call(app, DEMO.operation, { method: 'DELETE', url: `/api/user/email-reports/${report.id}` });
    assert.equal(removed.status, 204);
    assert.equal((await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${report.id}` })).status, 404);
  });

  it('refuses bad input with every problem coded, and changes nothing', async () => {
    await created(DEMO.operation, montreal);
    const before = await snapshot();
    const bad = await create(DEMO.operation, montreal, {
      ...valid(montreal),
      title: '  ',
      template: 'pie',
      frequency: 'hourly',
      duration: 0,
      recipients: ['not-an-address'],
      production_unit_ids: [],
      work_shift_ids: [lyon.shifts[0]],
      language: 'de',
      day: 3,
      time: '25:00',
      timezone: 'Mars/Olympus',
    });
    assert.equal(bad.status, 400);
    // The day cannot be judged against an unknown frequency: no RPT_DAY_INVALID here (tested below).
    assert.deepEqual(codes(bad.body), [
      'RPT_DURATION_INVALID duration',
      'RPT_FREQUENCY_INVALID frequency',
      'RPT_LANGUAGE_INVALID language',
      'RPT_RECIPIENT_INVALID recipients',
      'RPT_TEMPLATE_INVALID template',
      'RPT_TIMEZONE_INVALID timezone',
      'RPT_TIME_INVALID time',
      'RPT_TITLE_REQUIRED title',
      'RPT_UNITS_REQUIRED production_unit_ids',
    ]);
    const foreign = await create(DEMO.operation, montreal, valid(montreal, { production_unit_ids: [lyon.units[0]], work_shift_ids: [lyon.shifts[0]] }));
    assert.deepEqual(codes(foreign.body), ['RPT_SHIFT_NOT_IN_FACTORY work_shift_ids', 'RPT_UNIT_NOT_IN_FACTORY production_unit_ids']);
    const rules = [
      [{ title: 'x'.repeat(61) }, 'RPT_TITLE_TOO_LONG title'],
      [{ title: 'Rapport <script>' }, 'RPT_TITLE_INVALID title'],
      [{ frequency: 'weekly', day: 8 }, 'RPT_DAY_INVALID day'],
      [{ frequency: 'monthly', day: 29 }, 'RPT_DAY_INVALID day'],
      [{ time_unit: 'month', duration: 13 }, 'RPT_DURATION_INVALID duration'],
      [{ recipients: [] }, 'RPT_RECIPIENTS_REQUIRED recipients'],
      [{ work_shift_ids: [] }, 'RPT_SHIFTS_REQUIRED work_shift_ids'],
      [{ schedule_type: 'next' }, 'RPT_SCHEDULE_TYPE_INVALID schedule_type'],
      [{ time_unit: 'year' }, 'RPT_TIME_UNIT_INVALID time_unit'],
    ] as const;
    for (const [change, code] of rules) {
      const response = await create(DEMO.operation, montreal, valid(montreal, change));
      assert.equal(response.status, 400, code);
      assert.ok(codes(response.body).includes(code), `${code} in ${JSON.stringify(response.body)}`);
    }
    const extra = await create(DEMO.operation, montreal, { ...valid(montreal), colour: 'red' });
    assert.equal(extra.status, 400);
    const missingFactory = await create(DEMO.operation, hamilton, valid(hamilton));
    assert.equal(missingFactory.status, 404);
    assert.equal(await snapshot(), before);
  });

  it("keeps each user's reports to themselves: another user's or account's report is 404", async () => {
    const id = await created(DEMO.operation, montreal);
    const before = await snapshot();
    for (const email of [DEMO.admin, DEMO.otherAdmin]) {
      for (const [method, url, payload] of [
        ['GET', `/api/user/email-reports/${id}`, undefined],
        ['PUT', `/api/user/email-reports/${id}`, valid(montreal)],
        ['PUT', `/api/user/email-reports/${id}/active`, { active: false }],
        ['DELETE', `/api/user/email-reports/${id}`, undefined],
        ['POST', `/api/user/email-reports/${id}/test`, undefined],
        ['GET', `/api/user/email-reports/${id}/deliveries`, undefined],
      ] as const) {
        const response = await call(app, email, { method, url, ...(payload ? { payload } : {}) });
        assert.equal(response.status, 404, `${email} ${method} ${url}`);
        assert.equal(response.body.errors[0].code, 'RPT_404');
      }
    }
    assert.deepEqual(await list(DEMO.admin, montreal), []);
    // Another account's factory is unknown to the caller.
    assert.equal((await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${montreal.id}/user/email-reports` })).status, 404);
    assert.equal((await create(DEMO.otherAdmin, montreal, valid(montreal))).status, 404);
    assert.equal((await call(app, null, { method: 'GET', url: `/api/user/email-reports/${id}` })).status, 401);
    assert.equal(await snapshot(), before);
  });

  it('counts the whole account against its package: 3 on the free one, none without reports', async () => {
    await created(DEMO.operation, montreal);
    await created(DEMO.admin, lyon);
    const quota = await call(app, DEMO.operation, { method: 'GET', url: '/api/user/email-reports/quota' });
    assert.deepEqual(quota.body, { package: 'free', max: 3, used: 2 });
    // Two requests for the last place: one wins.
    const [a, b] = await Promise.all([create(DEMO.operation, montreal, valid(montreal)), create(DEMO.admin, montreal, valid(montreal))]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const refused = await create(DEMO.operation, montreal, valid(montreal));
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body.errors.map((e: { code: string; arguments: unknown }) => [e.code, e.arguments]), [['RPT_LIMIT_REACHED', { max: 3, package: 'free' }]]);
    // The other account has its own allowance.
    const other = await create(DEMO.otherAdmin, hamilton, valid(hamilton, { recipients: ['plant@other.linepulse.test'] }));
    assert.equal(other.status, 201, JSON.stringify(other.body));

    await app.db.query(`UPDATE accounts SET report_package = 'none' WHERE domain_name = $1`, [OTHER_DOMAIN]);
    const none = await create(DEMO.otherAdmin, hamilton, valid(hamilton, { recipients: ['plant@other.linepulse.test'] }));
    assert.equal(none.status, 409);
    assert.equal(none.body.errors[0].code, 'RPT_SUBSCRIPTION_LIMIT');
  });

  it('previews and test-sends through real SMTP: figures of the analytics call, charts as PNG, history and one-click unsubscribe', async () => {
    const id = await created(DEMO.operation, montreal, { recipients: ['a@demo.linepulse.test', 'b@demo.linepulse.test'] });
    const preview = await call(app, DEMO.operation, { method: 'POST', url: `/api/factories/${montreal.id}/user/email-reports/preview`, payload: valid(montreal, { language: 'es' }) });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.match(preview.body.subject, /Morning downtime — Montréal — Paros por línea de producción/);
    assert.match(preview.body.html, /<img src="data:image\/png;base64,/);
    assert.match(preview.body.text, /Paros por tipo y por línea/);

    const before = smtp.received.length;
    const sent = await call(app, DEMO.operation, { method: 'POST', url: `/api/user/email-reports/${id}/test` });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    assert.equal(sent.body.status, 'sent');
    assert.deepEqual(sent.body.recipients, [DEMO.operation]);
    assert.match(sent.body.smtp_response, /250 .*queued as/);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    assert.deepEqual(mail!.to, [DEMO.operation]);
    assert.match(mail!.parsed.subject ?? '', /^\[Essai\] Morning downtime/);
    assert.equal(mail!.parsed.from?.value[0]?.address, 'reports@linepulse.test');
    assert.ok(mail!.parsed.html && mail!.parsed.text, 'an HTML and a text part');
    // French, with its no-break space before the colon; no table that a phone would cut off.
    assert.match(String(mail!.parsed.text), /^Période\u00a0: /m);
    assert.ok(String(mail!.parsed.html).includes('Période\u00a0: '), 'the period label in the HTML part');
    assert.doesNotMatch(String(mail!.parsed.html), /overflow-x|<th\b(?:[^<]*<\/th>\s*<th\b){3}/);
    const png = mail!.parsed.attachments.find((a) => a.contentType === 'image/png');
    assert.ok(png && png.content.subarray(1, 4).toString() === 'PNG', 'the chart is a PNG');
    assert.ok(mail!.raw.toString('utf8').replace(/=\r\n/g, '').includes(`cid:${png!.cid}`), 'the HTML shows the chart attached');
    assert.match(mail!.raw.toString('utf8'), /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    assert.match(mail!.raw.toString('utf8'), /^List-Unsubscribe:\s+<https:\/\/localhost:8443\/api\/email-reports\/[^>]+>/m);

    // The figures are those of downtimes-info for the same window and lines.
    const info = await downtimesInfo(app.db, (await app.db.query<{ account_id: string }>('SELECT account_id FROM email_reports WHERE id = $1', [id]))[0]!.account_id, {
      start: sent.body.window_start,
      end: sent.body.window_end,
      production_unit_ids: montreal.units.slice(0, 2),
      work_shift_ids: montreal.shifts.slice(0, 1),
    });
    for (const unit of info) {
      const hours = Math.floor(Math.round(unit.total / 60_000) / 60);
      assert.ok(String(mail!.parsed.text).includes(unit.production_unit_name), unit.production_unit_name);
      if (unit.total >= 3_600_000) assert.match(String(mail!.parsed.text), new RegExp(`${unit.production_unit_name} \\| [^|]+ \\| ${hours} h`));
    }

    // "Open in Linepulse" opens the matching screen on the report's period (its production days), lines and shifts.
    const open = new URL(/https:\/\/localhost:8443\/[^/\s]+\/availability-downtime\?[^\s]+/.exec(String(mail!.parsed.text))![0]);
    assert.equal(open.pathname, `/${montreal.id}/availability-downtime`);
    const [calendar] = await app.db.query<{ timezone: string; production_day_minutes_from_midnight: number }>(
      'SELECT timezone, production_day_minutes_from_midnight FROM factories WHERE id = $1',
      [montreal.id],
    );
    assert.deepEqual(
      screenLinkSelectionOf(open.searchParams),
      {
        ...windowDates({ start: Date.parse(sent.body.window_start), end: Date.parse(sent.body.window_end) }, { ...calendar!, week_first_day: 'monday', year_first_month: 'january' }),
        lineIds: montreal.units.slice(0, 2),
        shiftIds: montreal.shifts.slice(0, 1),
      },
    );

    const history = await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${id}/deliveries` });
    assert.equal(history.body.length, 1);
    assert.equal(history.body[0].kind, 'test');
    const message = await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${id}/deliveries/${history.body[0].id}` });
    assert.match(message.body.raw, /List-Unsubscribe:\s+<https:\/\/localhost:8443\/api\/email-reports\//);
    assert.equal((await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${id}` })).body.last_delivery.status, 'sent');

    // One-click unsubscribe from the link of the message, without a token of the product.
    const link = /https:\/\/localhost:8443(\/api\/email-reports\/[^\s>"]+)/.exec(String(mail!.parsed.text))![1]!.replaceAll('&amp;', '&');
    const page = await call(app, null, { method: 'GET', url: link });
    assert.equal(page.status, 200);
    assert.match(page.body, /<form method="post"/);
    const forged = await call(app, null, { method: 'POST', url: link.replace(/token=[^&]+/, 'token=forged') });
    assert.equal(forged.status, 400);
    const done = await call(app, null, { method: 'POST', url: link, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(done.status, 200);
    assert.match(done.body, /désabonné/); // the report's language (fr)
    // The caller was not a recipient: unsubscribing the caller's own address changes nothing else.
    const a = /address=([^&]+)/.exec(link)![1];
    assert.equal(decodeURIComponent(a!), DEMO.operation);
  });

  it('unsubscribes a recipient through its own link; the last one stops the report', async () => {
    const id = await created(DEMO.operation, montreal, { recipients: ['a@demo.linepulse.test'] });
    const [stored] = await app.db.query<{ unsubscribe_secret: string }>('SELECT unsubscribe_secret FROM email_reports WHERE id = $1', [id]);
    const { unsubscribeUrl } = await import('../src/reports/unsubscribe.ts');
    const url = unsubscribeUrl('https://localhost:8443', { id, unsubscribe_secret: stored!.unsubscribe_secret }, 'a@demo.linepulse.test').replace('https://localhost:8443', '');
    const response = await call(app, null, { method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(response.status, 200);
    const report = (await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${id}` })).body;
    assert.deepEqual(report.recipients, []);
    assert.equal(report.active, false);
  });
  it('ends a mangled or forged unsubscribe link on the translated "invalid link" page, changing nothing', async () => {
    const id = await created(DEMO.operation, montreal, { recipients: ['b@demo.linepulse.test'] });
    const [stored] = await app.db.query<{ unsubscribe_secret: string }>('SELECT unsubscribe_secret FROM email_reports WHERE id = $1', [id]);
    const { unsubscribeUrl } = await import('../src/reports/unsubscribe.ts');
    const good = unsubscribeUrl('https://localhost:8443', { id, unsubscribe_secret: stored!.unsubscribe_secret }, 'b@demo.linepulse.test').replace('https://localhost:8443', '');
    const links = [
      good.replace(/token=[^&]+/, 'token=forged'), // another token
      good.replace(id, 'not-a-uuid'), // a cut id: refused by the schema, still a page
      good.replace(/[?].*$/, ''), // no query at all
      '/api/email-reports//unsubscribe',
    ];
    for (const url of links) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(app, null, { method, url, headers: { 'accept-language': 'fr' } });
        assert.equal(response.status, 400, `${method} ${url}`);
        assert.match(String(response.headers['content-type']), /^text\/html/, `${method} ${url}`);
        assert.match(response.body as string, /<html/i, `${method} ${url}`);
      }
    }
    const report = (await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${id}` })).body;
    assert.deepEqual(report.recipients, ['b@demo.linepulse.test']);
  });
  // Issue 21: the probe's holes.
  it('refuses recipients outside the account’s domain, users and allow-list on create, edit and preview, one item per address', async () => {
    const outside = ['a@demo.linepulse.test', 'attacker@evil.example', 'x@demo.linepulse.test.evil.example', 'y@partner.example'];
    const refused = await create(DEMO.operation, montreal, valid(montreal, { recipients: outside }));
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.deepEqual(
      refused.body.errors.map((e: { code: string; arguments: object }) => [e.code, e.arguments]),
      [
        ['RPT_RECIPIENT_NOT_ALLOWED', { field: 'recipients', index: 1, address: 'attacker@evil.example' }],
        ['RPT_RECIPIENT_NOT_ALLOWED', { field: 'recipients', index: 2, address: 'x@demo.linepulse.test.evil.example' }],
        ['RPT_RECIPIENT_NOT_ALLOWED', { field: 'recipients', index: 3, address: 'y@partner.example' }],
      ],
    );
    assert.equal((await app.db.query('SELECT id FROM email_reports')).length, 0);
    const preview = await call(app, DEMO.operation, { method: 'POST', url: `/api/factories/${montreal.id}/user/email-reports/preview`, payload: valid(montreal, { recipients: outside }) });
    assert.deepEqual([preview.status, preview.body.errors.length, preview.body.errors[0].code], [400, 3, 'RPT_RECIPIENT_NOT_ALLOWED']);
    const id = await created(DEMO.operation, montreal, { recipients: ['a@demo.linepulse.test'] });
    const before = await snapshot();
    const put = await call(app, DEMO.operation, { method: 'PUT', url: `/api/user/email-reports/${id}`, payload: valid(montreal, { recipients: ['a@demo.linepulse.test', 'Attacker@Evil.example'] }) });
    assert.equal(put.status, 400);
    assert.deepEqual(put.body.errors.map((e: { arguments: object }) => e.arguments), [{ field: 'recipients', index: 1, address: 'attacker@evil.example' }]);
    assert.equal(await snapshot(), before);

    // Allowed: the account's domain and its subdomains, its users whatever their domain, and what its admins allow.
    const [account] = await app.db.query<{ id: string }>('SELECT id FROM accounts WHERE domain_name = $1', [DEMO_DOMAIN]);
    await app.db.query(`INSERT INTO users (account_id, email, display_name, role) VALUES ($1, 'Consultant@Gmail.example', 'Consultant', 'supervisor') ON CONFLICT DO NOTHING`, [account!.id]);
    const notAdmin = await call(app, DEMO.operation, { method: 'PUT', url: '/api/account/email-report-recipients', payload: { entries: ['@partner.example'] } });
    assert.equal(notAdmin.status, 403);
    const bad = await call(app, DEMO.admin, { method: 'PUT', url: '/api/account/email-report-recipients', payload: { entries: ['@partner.example', 'partner.example'] } });
    assert.deepEqual([bad.status, bad.body.errors[0].code, bad.body.errors[0].arguments], [400, 'RPT_ALLOW_ENTRY_INVALID', { field: 'entries', index: 1, entry: 'partner.example' }]);
    const allowed = await call(app, DEMO.admin, { method: 'PUT', url: '/api/account/email-report-recipients', payload: { entries: [' @Partner.example', 'auditor@firm.example'] } });
    assert.deepEqual([allowed.status, allowed.body], [200, { account_domain: DEMO_DOMAIN, entries: ['@partner.example', 'auditor@firm.example'] }]);
    assert.deepEqual((await call(app, DEMO.admin, { method: 'GET', url: '/api/account/email-report-recipients' })).body.entries, ['@partner.example', 'auditor@firm.example']);
    const ok = await call(app, DEMO.operation, {
      method: 'PUT',
      url: `/api/user/email-reports/${id}`,
      payload: valid(montreal, { recipients: ['a@demo.linepulse.test', 'night@lyon.demo.linepulse.test', 'consultant@gmail.example', 'y@partner.example', 'auditor@firm.example'] }),
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    // Another account's allow-list is its own.
    const other = await create(DEMO.otherAdmin, hamilton, valid(hamilton, { recipients: ['y@partner.example'] }));
    assert.deepEqual([other.status, other.body.errors?.[0]?.code], [400, 'RPT_RECIPIENT_NOT_ALLOWED']);
  });

  it('skips recipients the account no longer allows at delivery, and lists them in the history', async () => {
    await call(app, DEMO.admin, { method: 'PUT', url: '/api/account/email-report-recipients', payload: { entries: ['@partner.example'] } });
    const id = await created(DEMO.operation, montreal, { recipients: ['kept@demo.linepulse.test', 'gone@partner.example'] });
    // A report saved before the rules: an outside address written straight into it.
    await app.db.query(`UPDATE email_reports SET recipients = recipients || '{relay@evil.example}'::text[], next_due_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await call(app, DEMO.admin, { method: 'PUT', url: '/api/account/email-report-recipients', payload: { entries: [] } });
    const before = smtp.received.length;
    await app.reports.tick();
    const received = (await smtp.waitFor(before + 1)).slice(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(smtp.received.slice(before).flatMap((m) => m.to), ['kept@demo.linepulse.test']);
    assert.equal(received.length, 1);
    const [delivery] = (await call(app, DEMO.operation, { method: 'GET', url: `/api/user/email-reports/${id}/deliveries` })).body;
    assert.equal(delivery.status, 'sent');
    assert.deepEqual(delivery.skipped_recipients, ['gone@partner.example', 'relay@evil.example']);
    assert.match(delivery.smtp_response, /^gone@partner\.example: not sent, not an allowed recipient of the account$/m);
    assert.match(delivery.smtp_response, /^relay@evil\.example: not sent/m);
    assert.match(delivery.smtp_response, /^kept@demo\.linepulse\.test: 250 /m);
  });

  it('lets the display (presenter) write no report and send no test', async () => {
    const id = await created(DEMO.operation, montreal);
    const [account] = await app.db.query<{ id: string }>('SELECT id FROM accounts WHERE domain_name = $1', [DEMO_DOMAIN]);
    const [display] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO.display]);
    // One of the display's own reports, as the probe made them before.
    const [own] = await app.db.query<{ id: string }>(
      `INSERT INTO email_reports (account_id, user_id, factory_id, title, template, frequency, schedule_type, duration, time_unit, recipients, production_unit_ids,
         work_shift_ids, language, time, timezone, next_due_at, unsubscribe_secret)
       SELECT account_id, $2, factory_id, title, template, frequency, schedule_type, duration, time_unit, recipients, production_unit_ids, work_shift_ids, language, time, timezone, next_due_at, 's'
         FROM email_reports WHERE id = $1 RETURNING id`,
      [id, display!.id],
    );
    assert.ok(account);
    const before = await snapshot();
    const sent = smtp.received.length;
    for (const [method, url, payload] of [
      ['POST', `/api/factories/${montreal.id}/user/email-reports`, valid(montreal)],
      ['POST', `/api/factories/${montreal.id}/user/email-reports/preview`, valid(montreal)],
      ['PUT', `/api/user/email-reports/${own!.id}`, valid(montreal)],
      ['POST', `/api/user/email-reports/${own!.id}/test`, undefined],
    ] as const) {
      const response = await call(app, DEMO.display, { method, url, ...(payload ? { payload } : {}) });
      assert.deepEqual([response.status, response.body.errors?.[0]?.code, response.body.errors?.[0]?.arguments], [403, 'RPT_ROLE_FORBIDDEN', { role: 'presenter' }], `${method} ${url}`);
    }
    assert.equal(await snapshot(), before);
    assert.equal(smtp.received.length, sent);
    // Its old report can still be switched off and deleted.
    assert.equal((await call(app, DEMO.display, { method: 'PUT', url: `/api/user/email-reports/${own!.id}/active`, payload: { active: false } })).status, 200);
    assert.equal((await call(app, DEMO.display, { method: 'DELETE', url: `/api/user/email-reports/${own!.id}` })).status, 204);
  });

  it('limits test sends per user and per account, counted in the database, with 429 and Retry-After', async () => {
    const id = await created(DEMO.operation, montreal);
    const [operation] = await app.db.query<{ id: string; account_id: string }>('SELECT id, account_id FROM users WHERE email = $1', [DEMO.operation]);
    // Four sends of the last hour (one by another instance a minute ago): the fifth goes, the sixth waits.
    await app.db.query(
      `INSERT INTO email_report_test_sends (account_id, user_id, sent_at)
       SELECT $1, $2, now() - make_interval(mins => m) FROM unnest(ARRAY[50, 40, 30, 1]) AS m`,
      [operation!.account_id, operation!.id],
    );
    const before = smtp.received.length;
    const fifth = await call(app, DEMO.operation, { method: 'POST', url: `/api/user/email-reports/${id}/test` });
    assert.equal(fifth.status, 201, JSON.stringify(fifth.body));
    const sixth = await call(app, DEMO.operation, { method: 'POST', url: `/api/user/email-reports/${id}/test` });
    assert.equal(sixth.status, 429, JSON.stringify(sixth.body));
    const item = sixth.body.errors[0];
    assert.equal(item.code, 'RPT_TEST_RATE_LIMITED');
    assert.deepEqual([item.arguments.scope, item.arguments.max, item.arguments.window_minutes], ['user', 5, 60]);
    // The oldest of the five (50 minutes ago) leaves the window in about 10 minutes.
    const retry = Number(sixth.headers['retry-after']);
    assert.ok(retry > 9 * 60 && retry <= 10 * 60 + 5, String(retry));
    assert.equal(item.arguments.retry_after_seconds, retry);
    assert.equal(item.arguments.retry_after_minutes, Math.ceil(retry / 60));
    await smtp.waitFor(before + 1);
    assert.equal(smtp.received.length, before + 1);
    // Deleting the report gives nothing back.
    await call(app, DEMO.operation, { method: 'DELETE', url: `/api/user/email-reports/${id}` });
    const again = await created(DEMO.operation, montreal);
    assert.equal((await call(app, DEMO.operation, { method: 'POST', url: `/api/user/email-reports/${again}/test` })).status, 429);

    // The account's 20 an hour, whoever sent them: the admin's first send is refused once 20 went out.
    await app.db.query('DELETE FROM email_report_test_sends');
    await app.db.query(
      `INSERT INTO email_report_test_sends (account_id, user_id, sent_at) SELECT $1, gen_random_uuid(), now() - make_interval(mins => m) FROM generate_series(1, 20) AS m`,
      [operation!.account_id],
    );
    const adminReport = await created(DEMO.admin, lyon);
    const account = await call(app, DEMO.admin, { method: 'POST', url: `/api/user/email-reports/${adminReport}/test` });
    assert.deepEqual([account.status, account.body.errors[0].arguments.scope, account.body.errors[0].arguments.max], [429, 'account', 20]);
    assert.ok(Number(account.headers['retry-after']) > 39 * 60, String(account.headers['retry-after']));
    // Another account is not held back.
    const otherReport = await created(DEMO.otherAdmin, hamilton, { recipients: ['plant@other.linepulse.test'] });
    assert.equal((await call(app, DEMO.otherAdmin, { method: 'POST', url: `/api/user/email-reports/${otherReport}/test` })).status, 201);
  });

  it('answers a title that is not text with a 400 naming the field on create, preview and edit', async () => {
    const id = await created(DEMO.operation, montreal);
    for (const title of [{}, [], 5] as unknown[]) {
      for (const [method, url] of [
        ['POST', `/api/factories/${montreal.id}/user/email-reports`],
        ['POST', `/api/factories/${montreal.id}/user/email-reports/preview`],
        ['PUT', `/api/user/email-reports/${id}`],
      ] as const) {
        const response = await call(app, DEMO.operation, { method, url, payload: valid(montreal, { title }) });
        assert.equal(response.status, 400, `${method} ${url} ${JSON.stringify(title)}: ${JSON.stringify(response.body)}`);
        assert.deepEqual(response.body.errors.map((e: { arguments: { field: string } }) => e.arguments.field), ['title'], `${method} ${url}`);
      }
    }
  });

  it('answers an unsubscribe id holding a NUL with the standard error body', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(app, null, { method, url: '/api/email-reports/%00/unsubscribe?address=a%40demo.linepulse.test&token=x' });
      assert.equal(response.status, 400, `${method}: ${JSON.stringify(response.body)}`);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.deepEqual([response.body.errors[0].code, response.body.errors[0].arguments.field], ['GEN_TEXT_INVALID', 'id']);
    }
  });
});
