import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { alertText } from '../src/alerts/alert-service.ts';
import { buildApp } from '../src/app.ts';
import { build, call, Cleanup, DEMO, onPostgres, type BuildResult } from './helper.ts';

const CONFIGURATION = {
  production_units: [
    { key: 'L1', name: 'Line 1' },
    { key: 'L2', name: 'Line 2' },
  ],
  work_shifts: [{ key: 'all', name: 'All day', production_units: ['L1', 'L2'], start: '00:00', end: '00:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
  products: [],
  downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
};
const SECRET = 'a-shared-secret-of-the-receiver';
const minutesAgo = (m: number): string => new Date(Date.now() - m * 60_000).toISOString();

interface Received {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

describe('alerts: rules, episodes once across two instances, webhook, e-mail and the app', () => {
  let app: FastifyInstance;
  let built: BuildResult;
  let factory: string;
  let units: Record<string, string>;
  let key: string;
  let receiver: Server;
  let hook: string;
  const received: Received[] = [];
  const cleanup = new Cleanup();

  const ingest = (events: unknown) =>
    call(app, null, { method: 'POST', url: '/api/ingest/v1/events', headers: { authorization: `Bearer ${key}` }, payload: { events } });
  const rule = (body: Record<string, unknown>, email: string = DEMO.admin, target = factory) =>
    call(app, email, {
      method: 'POST',
      url: `/api/factories/${target}/alert-rules`,
      payload: { name: 'Line down', kind: 'line_down', minutes: 1, production_unit_ids: [units.L1], recipients: [], webhook_url: null, in_app: true, enabled: true, ...body },
    });
  const until = async (check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const events = (name: string): Received[] => received.filter((r) => (JSON.parse(r.body) as { event: string }).event === name);

  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        received.push({ body, headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    built = await build(cleanup);
    app = built.app;
    factory = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Alert Plant', timezone: 'Europe/Paris', alert_capability: true } })).body.id;
    const config = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: CONFIGURATION });
    units = Object.fromEntries(config.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id]));
    key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
  });
  after(async () => {
    await cleanup.run();
    receiver.close();
  });

  it('refuses rules without the capability, from non-admins, and with bad input', async () => {
    const plain = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'No Alert Plant', timezone: 'Europe/Paris' } })).body.id;
    const refused = await rule({}, DEMO.admin, plain);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0].code, 'ALERT_CAPABILITY_REQUIRED');
    assert.equal((await rule({}, DEMO.operation)).status, 403);
    assert.equal((await rule({}, DEMO.otherAdmin)).status, 404);
    const cases: [Record<string, unknown>, string][] = [
      [{ webhook_url: 'http://example.com/hook' }, 'ALERT_WEBHOOK_INVALID'],
      [{ webhook_url: 'https://user:pw@example.com/hook' }, 'ALERT_WEBHOOK_INVALID'],
      [{ production_unit_ids: ['00000000-0000-4000-8000-000000000000'] }, 'ALERT_UNIT_NOT_IN_FACTORY'],
      [{ in_app: false }, 'ALERT_NO_CHANNEL'],
      [{ recipients: ['someone@elsewhere.example'] }, 'RPT_RECIPIENT_NOT_ALLOWED'],
      [{ minutes: 0 }, 'GEN_VALIDATION'],
      [{ kind: 'shift_oee' }, 'GEN_VALIDATION'],
      [{ recipients: ['not an address'] }, 'GEN_VALIDATION'],
    ];
    for (const [body, code] of cases) {
      const answer = await rule(body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors[0].code, code);
    }
    assert.deepEqual((await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${factory}/alert-rules` })).body, []);
  });

  it('opens one episode when a line has been down for the rule’s minutes, delivers it once to a signed webhook and by e-mail across two instances, and resolves once', async () => {
    // A second instance on the same database hears the same stop.
    const second = await buildApp({ config: built.config, logger: false, ...(onPostgres ? {} : { db: app.db }) });
    cleanup.after(() => second.close());
    await second.ready();
    const created = await rule({ webhook_url: hook, webhook_secret: SECRET, recipients: ['operation@demo.linepulse.test'] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.webhook_signed, true);
    assert.equal(created.body.webhook_secret, undefined);
    const stoppedAt = minutesAgo(5);
    await ingest([
      { id: 'r1', type: 'state', unit: 'L1', at: minutesAgo(10), state: 'running' },
      { id: 's1', type: 'state', unit: 'L1', at: stoppedAt, state: 'stopped' },
    ]);
    await until(() => events('alert.opened').length === 1);
    const opened = events('alert.opened')[0]!;
    const signature = `sha256=${createHmac('sha256', SECRET).update(opened.body).digest('hex')}`;
    assert.equal(opened.headers['x-linepulse-signature'], signature);
    const body = JSON.parse(opened.body) as { delivery_id: string; alert: { production_unit_name: string; rule_name: string; since: string } };
    assert.equal(opened.headers['x-linepulse-delivery'], body.delivery_id);
    assert.equal(body.alert.production_unit_name, 'Line 1');
    assert.equal(Date.parse(body.alert.since), Date.parse(stoppedAt));
    // The app: one open alert, not acknowledged.
    const listed = await call(app, DEMO.operation, { method: 'GET', url: '/api/alerts?status=open' });
    assert.equal(listed.body.alerts.length, 1);
    assert.equal(listed.body.unacknowledged, 1);
    // The e-mail, through the embedded SMTP server, in the factory's language (English here).
    await until(async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_deliveries WHERE channel = 'email' AND status = 'sent'`))[0]!.n === 1);
    const folder = path.join(built.config.dataDir, 'mail');
    const mails = await Promise.all(readdirSync(folder).map((f) => simpleParser(readFileSync(path.join(folder, f)))));
    const mail = mails.find((m) => m.subject?.startsWith('Alert: Line 1 (Alert Plant) has been down since'));
    assert.ok(mail, `an alert e-mail among ${mails.map((m) => m.subject).join(' | ')}`);
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'operation@demo.linepulse.test');
    // Another stop event of the same episode opens nothing more.
    await ingest([{ id: 'c1', type: 'count', unit: 'L1', at: minutesAgo(4), good: 0, rejected: 0 }]);
    // Running for longer than the hold: resolved, once.
    await ingest([{ id: 'r2', type: 'state', unit: 'L1', at: minutesAgo(3), state: 'running' }]);
    await until(() => events('alert.resolved').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(events('alert.opened').length, 1);
    assert.equal(events('alert.resolved').length, 1);
  });

  it('is acknowledged from the app, by anyone but the display, and only in its own account', async () => {
    const { alerts } = (await call(app, DEMO.operation, { method: 'GET', url: '/api/alerts' })).body;
    const id = alerts[0].id;
    assert.equal((await call(app, DEMO.display, { method: 'POST', url: `/api/alerts/${id}/acknowledge` })).status, 403);
    assert.equal((await call(app, DEMO.otherAdmin, { method: 'POST', url: `/api/alerts/${id}/acknowledge` })).status, 404);
    const acknowledged = await call(app, DEMO.operation, { method: 'POST', url: `/api/alerts/${id}/acknowledge` });
    assert.equal(acknowledged.status, 200);
    assert.equal(acknowledged.body.acknowledged_by, 'Olivier Tremblay');
    assert.equal((await call(app, DEMO.operation, { method: 'GET', url: '/api/alerts' })).body.unacknowledged, 0);
    assert.equal((await call(app, DEMO.otherAdmin, { method: 'GET', url: '/api/alerts' })).body.alerts.length, 0);
  });

  it('waits for a line just stopped with a timer, not a scan', async () => {
    await ingest([{ id: 's2', type: 'state', unit: 'L1', at: minutesAgo(0.25), state: 'stopped' }]);
    await until(async () => (await app.db.query('SELECT 1 FROM alert_timers WHERE production_unit_id = $1', [units.L1])).length === 1);
    const [timer] = await app.db.query<{ due_at: string }>('SELECT due_at FROM alert_timers WHERE production_unit_id = $1', [units.L1]);
    assert.ok(Math.abs(Date.parse(timer!.due_at) - (Date.parse(minutesAgo(0.25)) + 60_000)) < 2000);
    assert.equal((await call(app, DEMO.operation, { method: 'GET', url: '/api/alerts?status=open' })).body.alerts.length, 0);
  });

  it('warns once when the current shift’s availability is projected below the factory’s objective, and resolves after the hold once it is not', async () => {
    // A shift that began an hour ago (UTC factory, whole minutes), whatever the time the test runs.
    const now = Date.now();
    const shiftStart = Math.floor((now - 60 * 60_000) / 60_000) * 60_000;
    const hhmm = (t: number): string => new Date(t).toISOString().slice(11, 16);
    const settings = { name: 'Projection Plant', timezone: 'UTC', year_first_month: 'january', week_first_day: 'monday', currency: 'CAD', production_day_minutes_from_midnight: 0, is_calendar_day_business_day: true };
    const objectives = (availability: number) => [
      { objective_type: 'availability', value: availability },
      { objective_type: 'performance', value: 95 },
      { objective_type: 'quality', value: 99 },
    ];
    const createdPlant = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { ...settings, alert_capability: true } });
    assert.equal(createdPlant.status, 201, JSON.stringify(createdPlant.body));
    const plant = createdPlant.body.id as string;
    const configured = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${plant}/configuration`,
      payload: {
        ...CONFIGURATION,
        production_units: [{ key: 'P1', name: 'Press 1' }],
        work_shifts: [{ key: 'day', name: 'Day', production_units: ['P1'], start: hhmm(shiftStart), end: hhmm(shiftStart + 8 * 3_600_000), days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
      },
    });
    assert.equal(configured.status, 200, JSON.stringify(configured.body));
    const press = configured.body.production_units[0].id as string;
    const plantKey = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${plant}/ingest-keys` })).body.key;
    const projection = { name: 'Shift availability', kind: 'shift_projection', minutes: 30, production_unit_ids: [press], webhook_url: hook };
    assert.equal((await rule({ ...projection }, DEMO.admin, plant)).body.errors[0].code, 'ALERT_METRIC_REQUIRED');
    // A factory created without objectives has nothing to compare with.
    const noTarget = await rule({ ...projection, metric: 'oee' }, DEMO.admin, plant);
    assert.equal(noTarget.status, 400);
    assert.deepEqual([noTarget.body.errors[0].code, noTarget.body.errors[0].arguments], ['ALERT_OBJECTIVE_MISSING', { metric: 'oee' }]);
    assert.equal((await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${plant}`, payload: { ...settings, objectives: objectives(85) } })).status, 200);
    const created = await rule({ ...projection, metric: 'availability' }, DEMO.admin, plant);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.metric, 'availability');

    // Running from the shift's start, stopped 40 minutes ago: a third of the shift so far ran.
    const before = events('alert.opened').length;
    await call(app, null, {
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${plantKey}` },
      payload: { events: [
        { id: 'p-run', type: 'state', unit: 'P1', at: new Date(shiftStart).toISOString(), state: 'running' },
        { id: 'p-stop', type: 'state', unit: 'P1', at: new Date(now - 40 * 60_000).toISOString(), state: 'stopped' },
      ] },
    });
    await until(() => events('alert.opened').length === before + 1);
    const opened = JSON.parse(events('alert.opened').at(-1)!.body) as { alert: { kind: string; metric: string; projected: number; objective: number; since: string } };
    assert.equal(opened.alert.kind, 'shift_projection');
    assert.equal(opened.alert.metric, 'availability');
    assert.equal(opened.alert.objective, 85);
    assert.ok(Math.abs(opened.alert.projected - 100 / 3) < 3, `projected ${opened.alert.projected}`);
    assert.equal(Date.parse(opened.alert.since), shiftStart);
    // The e-mail's words, in the factory's language.
    const french = alertText(opened.alert as never, 'opened', 'fr', 'UTC', 'https://linepulse.example');
    assert.match(french.subject, /^Alerte: Press 1 \(Projection Plant\)\u00a0: projection de disponibilité du quart commencé le .+, 3\d(,\d)?\u00a0%, sous l’objectif de 85\u00a0%/);
    // Still below: one episode, looked at again at the shift's end.
    // (The webhook may be received before the evaluation that opened the episode has set its timer.)
    const timers = () => app.db.query<{ due_at: string }>('SELECT due_at FROM alert_timers WHERE rule_id = $1', [created.body.id]);
    await until(async () => (await timers()).length === 1);
    assert.equal(Date.parse((await timers())[0]!.due_at), shiftStart + 8 * 3_600_000);

    // The objective lowered below the projection: no longer true; resolved once it has been so for the hold.
    const resolvedBefore = events('alert.resolved').length;
    const lowered = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${plant}`, payload: { ...settings, objectives: objectives(20) } });
    assert.equal(lowered.status, 200, JSON.stringify(lowered.body));
    await until(async () => (await app.db.query('SELECT 1 FROM alert_episodes WHERE rule_id = $1 AND false_since IS NOT NULL', [created.body.id])).length === 1);
    assert.equal(events('alert.resolved').length, resolvedBefore);
    // The hold counts from when it turned false (moved back here rather than waited for).
    await app.db.query(`UPDATE alert_episodes SET false_since = false_since - interval '3 minutes' WHERE rule_id = $1`, [created.body.id]);
    const [owner] = await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [plant]);
    app.alerts.changed(owner!.account_id, plant, null);
    await until(() => events('alert.resolved').length === resolvedBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(events('alert.opened').length, before + 1);
    assert.equal(events('alert.resolved').length, resolvedBefore + 1);
  });

  it('counts a line down only inside its work shifts: a stop after the last shift opens nothing, a stop from before the shift counts from its start', async () => {
    // UTC factory, whole minutes: one line's shift ended an hour ago, the other's began half an hour ago.
    const now = Date.now();
    const minute = (t: number): number => Math.floor(t / 60_000) * 60_000;
    const hhmm = (t: number): string => new Date(t).toISOString().slice(11, 16);
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const earlyStart = minute(now - 3 * 3_600_000);
    const earlyEnd = minute(now - 3_600_000);
    const lateStart = minute(now - 30 * 60_000);
    const lateEnd = minute(now + 2 * 3_600_000);
    const plant = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Shift Plant', timezone: 'UTC', alert_capability: true } })).body.id as string;
    const configured = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${plant}/configuration`,
      payload: {
        ...CONFIGURATION,
        production_units: [{ key: 'E', name: 'Early line' }, { key: 'L', name: 'Late line' }, { key: 'R', name: 'Running line' }],
        work_shifts: [
          { key: 'early', name: 'Early', production_units: ['E'], start: hhmm(earlyStart), end: hhmm(earlyEnd), days: everyDay },
          { key: 'late', name: 'Late', production_units: ['L', 'R'], start: hhmm(lateStart), end: hhmm(lateEnd), days: everyDay },
        ],
      },
    });
    assert.equal(configured.status, 200, JSON.stringify(configured.body));
    const lines = Object.fromEntries(configured.body.production_units.map((u: { key: string; id: string }) => [u.key, u.id])) as Record<string, string>;
    const plantKey = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${plant}/ingest-keys` })).body.key;
    const created = await rule({ name: 'Down in shift', production_unit_ids: [lines.E, lines.L, lines.R], webhook_url: hook }, DEMO.admin, plant);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const before = events('alert.opened').length;
    const at = (t: number): string => new Date(t).toISOString();
    await call(app, null, {
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${plantKey}` },
      payload: { events: [
        // Stopped two hours ago, in its shift, and still stopped an hour after the shift's end.
        { id: 'e-run', type: 'state', unit: 'E', at: at(earlyStart), state: 'running' },
        { id: 'e-stop', type: 'state', unit: 'E', at: at(now - 2 * 3_600_000), state: 'stopped' },
        // Stopped since before its shift began.
        { id: 'l-stop', type: 'state', unit: 'L', at: at(now - 3 * 3_600_000), state: 'stopped' },
        // Running in its shift: nothing to look at again until it says it stopped.
        { id: 'r-run', type: 'state', unit: 'R', at: at(lateStart), state: 'running' },
      ] },
    });
    // The late line: one episode, since its shift's start (not its stop three hours ago).
    await until(() => events('alert.opened').length === before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const opened = events('alert.opened').slice(before).map((e) => (JSON.parse(e.body) as { alert: { production_unit_name: string; since: string } }).alert);
    assert.deepEqual(opened.map((a) => a.production_unit_name), ['Late line']);
    assert.equal(Date.parse(opened[0]!.since), lateStart);
    // Each stopped line is looked at again when its shift changes: the early one at its next start, the
    // late one at its end; the running one when an event comes.
    const timers = async () => new Map((await app.db.query<{ production_unit_id: string; due_at: string }>('SELECT production_unit_id, due_at FROM alert_timers WHERE rule_id = $1', [created.body.id])).map((t) => [t.production_unit_id, Date.parse(t.due_at)]));
    await until(async () => (await timers()).size === 2);
    assert.equal((await timers()).get(lines.E!), earlyStart + 86_400_000);
    assert.equal((await timers()).get(lines.L!), lateEnd);
    assert.equal((await timers()).has(lines.R!), false);
    // The line strip says so too: both stopped, one outside its shifts.
    const states = await call(app, DEMO.admin, { method: 'GET', url: `/api/factories/${plant}/unit-states` });
    assert.equal(states.status, 200);
    const byLine = new Map(states.body.units.map((u: { production_unit_id: string }) => [u.production_unit_id, u]));
    assert.deepEqual(byLine.get(lines.E), { production_unit_id: lines.E, state: 'stopped', since: at(now - 2 * 3_600_000), last_event_at: at(now - 2 * 3_600_000), in_shift: false, shift_changes_at: at(earlyStart + 86_400_000) });
    assert.deepEqual(byLine.get(lines.L), { production_unit_id: lines.L, state: 'stopped', since: at(now - 3 * 3_600_000), last_event_at: at(now - 3 * 3_600_000), in_shift: true, shift_changes_at: at(lateEnd) });
  });
});
