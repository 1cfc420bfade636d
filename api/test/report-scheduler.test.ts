import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { downtimesInfo, kpisByGroups, topDowntimeReasons } from '../src/analytics/engine.ts';
import type { Db } from '../src/db/db.ts';
import { openDb } from '../src/db/open-db.ts';
import { insertReport } from '../src/db/email-reports.ts';
import { createMailer } from '../src/reports/mail.ts';
import { reportFigures } from '../src/reports/render.ts';
import { ReportsService } from '../src/reports/reports-service.ts';
import { downtimeFixture } from './downtime-fixture.ts';
import { build, Cleanup, DEMO } from './helper.ts';
import { smtpCapture, type SmtpCapture } from './smtp-capture.ts';
import type { EmailReportInput } from '@linepulse/contracts';

/**
 * The schedule (decision 23): each due report delivered once with two instances, after a restart, on
 * both daylight-saving days; failures retried with back-off and never sent twice; and the figures of
 * every template equal to the analytics calls for the report's window.
 */
describe('e-mail report scheduler', () => {
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  let fixture: Awaited<ReturnType<typeof downtimeFixture>>;
  let userId: string;
  const cleanup = new Cleanup();

  before(async () => {
    smtp = await smtpCapture(cleanup);
    ({ app } = await build(cleanup, { SMTP_URL: smtp.url, REPORT_SCHEDULER: 'false' }));
    fixture = await downtimeFixture(app);
    [{ id: userId }] = (await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO.operation])) as [{ id: string }];
  });
  after(() => cleanup.run());
  beforeEach(async () => {
    await app.db.query('DELETE FROM email_reports');
    smtp.received.length = 0;
  });

  const input = (overrides: Partial<EmailReportInput> = {}): EmailReportInput => ({
    title: 'Paris line',
    template: 'downtime_by_production_line',
    frequency: 'daily',
    schedule_type: 'last',
    duration: 1,
    time_unit: 'day',
    recipients: ['a@demo.linepulse.test'],
    production_unit_ids: [fixture.unit],
    work_shift_ids: [fixture.shift],
    language: 'en',
    day: null,
    time: '06:30',
    timezone: 'Europe/Paris',
    ...overrides,
  });
  const addReport = (overrides: Partial<EmailReportInput> = {}, createdAt = Date.parse('2024-05-06T12:00:00Z')): Promise<string> =>
    insertReport(app.db, fixture.f.accountId, userId, fixture.f.factoryId, input(overrides), createdAt);
  const service = (clock: () => number, db: Db = app.db, options: Partial<ConstructorParameters<typeof ReportsService>[0]> = {}): ReportsService =>
    new ReportsService({ db, mailer: createMailer(smtp.url), publicUrl: 'https://localhost:8443', mailFrom: 'reports@linepulse.test', clock, ...options });
  const deliveries = (reportId: string) =>
    app.db.query<{ due_at: string; status: string; attempts: number; sent_to: string[]; smtp_response: string | null; next_attempt_at: string | null }>(
      'SELECT due_at, status, attempts, sent_to, smtp_response, next_attempt_at FROM email_report_deliveries WHERE report_id = $1 ORDER BY due_at',
      [reportId],
    );

  it('delivers each due report exactly once with two instances sharing the database', async (t) => {
    // A second instance: its own connections on PostgreSQL; on PGlite (one connection) the same database.
    const second: Db = app.config.databaseUrl ? await openDb({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir }) : app.db;
    if (second !== app.db) t.after(() => second.close());
    const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => addReport({ title: `Report ${i}`, recipients: [`r${i}@demo.linepulse.test`] })));
    const due = Date.parse('2024-05-07T06:30:00+02:00');
    const clock = () => due + 1_000;
    const one = service(clock);
    const two = service(clock, second);
    await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    await Promise.all([one.tick(), two.tick()]);
    await one.stop();
    await two.stop();
    assert.equal(smtp.received.length, 24);
    assert.deepEqual(smtp.received.map((m) => m.to[0]).sort(), ids.map((_, i) => `r${i}@demo.linepulse.test`).sort());
    for (const id of ids) {
      const list = await deliveries(id);
      assert.equal(list.length, 1);
      assert.equal(list[0]!.status, 'sent');
      assert.equal(list[0]!.due_at, new Date(due).toISOString());
    }
  });

  it('sends a report that fell due while no instance ran once, for its latest instant, at start', async () => {
    const id = await addReport({}, Date.parse('2024-05-01T12:00:00Z'));
    // The server was down from 2 May to 7 May 09:00 Paris: five 06:30s went by.
    const now = Date.parse('2024-05-07T09:00:00+02:00');
    const restarted = service(() => now);
    await restarted.tick();
    await restarted.tick();
    await restarted.stop();
    const list = await deliveries(id);
    assert.equal(list.length, 1);
    assert.equal(list[0]!.due_at, new Date(Date.parse('2024-05-07T06:30:00+02:00')).toISOString());
    assert.equal(smtp.received.length, 1);
    const [report] = await app.db.query<{ next_due_at: string }>('SELECT next_due_at FROM email_reports WHERE id = $1', [id]);
    assert.equal(report!.next_due_at, new Date(Date.parse('2024-05-08T06:30:00+02:00')).toISOString());
  });

  for (const [name, from, change] of [
    ['spring forward', '2026-03-06T12:00:00', '2026-03-08'],
    ['fall back', '2026-10-30T12:00:00', '2026-11-01'],
  ] as const) {
    it(`schedules a daily 02:30 report once a day around the ${name} day in its time zone`, async () => {
      const zone = 'America/Toronto';
      const start = DateTime.fromISO(from, { zone }).toMillis();
      const id = await insertReport(app.db, fixture.f.accountId, userId, fixture.f.factoryId, input({ time: '02:30', timezone: zone }), start);
      let now = start;
      const scheduler = service(() => now);
      // Every 10 minutes for four days, scheduling only (sending is covered above).
      for (; now < start + 4 * 86_400_000; now += 10 * 60_000) await scheduler.schedule();
      await scheduler.stop();
      const days = (await deliveries(id)).map((d) => DateTime.fromISO(d.due_at, { zone }));
      assert.deepEqual(
        days.map((d) => d.toISODate()),
        [0, 1, 2, 3].map((i) => DateTime.fromISO(from, { zone }).plus({ days: i + 1 }).toISODate()),
      );
      const onChange = days.find((d) => d.toISODate() === change)!;
      // 02:30 does not exist on the spring-forward day (sent at 03:30, the same instant an hour later);
      // it exists twice on the fall-back day (sent at the first).
      assert.equal(onChange.toFormat('HH:mm'), name === 'spring forward' ? '03:30' : '02:30');
      for (const d of days.filter((x) => x.toISODate() !== change)) assert.equal(d.toFormat('HH:mm'), '02:30');
    });
  }

  it('retries a refused message with back-off, shows the failure, and never sends a recipient twice', async () => {
    const id = await addReport({ recipients: ['ok@demo.linepulse.test', 'busy@demo.linepulse.test'] });
    const due = Date.parse('2024-05-07T06:30:00+02:00');
    let now = due + 1_000;
    const scheduler = service(() => now, app.db, { retryDelaysMs: [60_000, 300_000], maxAttempts: 4 });
    smtp.failFor('busy@demo.linepulse.test', 2);
    await scheduler.tick();
    let [delivery] = await deliveries(id);
    assert.equal(delivery!.status, 'retrying');
    assert.deepEqual(delivery!.sent_to, ['ok@demo.linepulse.test']);
    assert.match(delivery!.smtp_response ?? '', /busy@demo\.linepulse\.test: 451 .*Mailbox busy/);
    assert.equal(delivery!.next_attempt_at, new Date(now + 60_000).toISOString());
    await scheduler.tick(); // not yet time
    assert.equal((await deliveries(id))[0]!.attempts, 1);
    now += 60_000;
    await scheduler.tick();
    [delivery] = await deliveries(id);
    assert.equal(delivery!.status, 'retrying');
    assert.equal(delivery!.next_attempt_at, new Date(now + 300_000).toISOString());
    now += 300_000;
    await scheduler.tick();
    await scheduler.tick();
    [delivery] = await deliveries(id);
    assert.equal(delivery!.status, 'sent');
    assert.equal(delivery!.attempts, 3);
    assert.deepEqual(
      smtp.received.map((m) => m.to[0]),
      ['ok@demo.linepulse.test', 'busy@demo.linepulse.test'],
      'the first recipient once, the second after two refusals',
    );
    // A server that keeps refusing: failed for good after maxAttempts, visible in the history.
    const stubborn = await addReport({ recipients: ['never@demo.linepulse.test'] });
    smtp.failFor('never@demo.linepulse.test', 100, 550);
    for (let i = 0; i < 6; i++, now += 600_000) await scheduler.tick();
    await scheduler.stop();
    const [failed] = await deliveries(stubborn);
    assert.equal(failed!.status, 'failed');
    assert.equal(failed!.attempts, 4);
    assert.match(failed!.smtp_response ?? '', /550/);
  });

  it('renders each template with the figures of the analytics calls for the report’s window', async () => {
    const due = Date.parse('2024-05-07T06:30:00+02:00');
    const now = Date.parse('2024-06-01T00:00:00Z');
    const window = { start: Date.parse('2024-05-06T00:00:00+02:00'), end: Date.parse('2024-05-07T00:00:00+02:00') };
    const body = { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString(), production_unit_ids: [fixture.unit], work_shift_ids: [fixture.shift] };
    const report = (template: EmailReportInput['template']) => ({ ...input({ template }), account_id: fixture.f.accountId, factory_id: fixture.f.factoryId, id: null });
    const info = await downtimesInfo(app.db, fixture.f.accountId, body, now);
    assert.ok(info[0]!.total > 0, 'the fixture has downtime');

    const byLine = await reportFigures(app.db, report('downtime_by_production_line'), window, now);
    assert.deepEqual(byLine, {
      template: 'downtime_by_production_line',
      units: info.map((u) => ({
        id: u.production_unit_id, name: u.production_unit_name, availability: u.availability_rate! / 100, total_ms: u.total, planned_ms: u.planned,
        unplanned_ms: u.unplanned, unjustified_ms: u.unjustified, occurrences: u.downtime_occurrences, in_production_ms: u.in_production,
      })),
    });
    const byShift = await reportFigures(app.db, report('downtime_by_shift'), window, now);
    assert.equal(byShift.template, 'downtime_by_shift');
    if (byShift.template === 'downtime_by_shift') {
      assert.equal(byShift.shifts[0]!.total_ms, info[0]!.total);
      assert.equal(byShift.shifts[0]!.unplanned_ms, info[0]!.unplanned);
    }
    const main = await reportFigures(app.db, report('downtime_main_page'), window, now);
    const top = await topDowntimeReasons(app.db, fixture.f.accountId, { ...body, limit: 5 }, now);
    assert.equal(main.template, 'downtime_main_page');
    if (main.template === 'downtime_main_page') {
      assert.deepEqual(main.top, top.map((r) => ({ reason: r.downtime_reason, is_planned: r.is_planned, seconds: r.total_downtime_duration_seconds })));
    }
    const overview = await reportFigures(app.db, report('overview'), window, now);
    const kpis = await kpisByGroups(app.db, fixture.f.accountId, { start: body.start, end: body.end, groups: [{ name: 'x', factory_id: fixture.f.factoryId, production_unit_ids: [fixture.unit], work_shift_ids: [fixture.shift] }] }, now);
    assert.equal(overview.template, 'overview');
    if (overview.template === 'overview') assert.equal(overview.total.availability, (kpis.groups[0] as { total: { availability: number } }).total.availability);

    // The message as delivered carries the same figures: 1 h 47 min of downtime in the day (fixture).
    const id = await addReport({ template: 'downtime_by_production_line' });
    const scheduler = service(() => due + 1_000);
    await scheduler.tick();
    await scheduler.stop();
    const [mail] = smtp.received;
    const hours = Math.floor(Math.round(info[0]!.total / 60_000) / 60);
    const minutes = String(Math.round(info[0]!.total / 60_000) % 60).padStart(2, '0');
    assert.match(String(mail!.parsed.text), new RegExp(`Line A \\| [\\d.]+% \\| ${hours} h ${minutes} min`));
    const [stored] = await app.db.query<{ text_body: string }>('SELECT text_body FROM email_report_deliveries WHERE report_id = $1', [id]);
    assert.match(stored!.text_body, new RegExp(`${hours} h ${minutes} min`));
  });
});
