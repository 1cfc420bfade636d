import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { renderReport, type RenderableReport } from '../src/reports/render.ts';
import { build, call, Cleanup, DEMO } from './helper.ts';

// Derived when read; the background pass is not what this test is about.
process.env.ROLLUP_REFRESH_SECONDS = '0';

const CONFIGURATION = {
  production_units: [{ key: 'L1', name: 'Line 1' }],
  work_shifts: [{ key: 'all', name: 'All day', production_units: ['L1'], start: '00:00', end: '00:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }],
  products: [],
  downtime_reasons: [
    { key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false },
    { key: 'cleaning', name: 'Cleaning', category: 'Hygiene', is_planned: true },
  ],
};

const MINUTE = 60_000;

describe('downtime justification by the people on the line', () => {
  let app: FastifyInstance;
  let factory: string;
  let unit: string;
  let reasons: Record<string, string>;
  // Whole minutes, so that instants compare as the api writes them.
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const at = (minutesAgo: number): string => new Date(now - minutesAgo * MINUTE).toISOString();
  const cleanup = new Cleanup();

  const list = async (email: string = DEMO.operation) => (await call(app, email, { method: 'GET', url: `/api/factories/${factory}/justifications` })).body;
  const change = (body: Record<string, unknown>, options: { email?: string; key?: string } = {}) =>
    call(app, options.email ?? DEMO.operation, {
      method: 'POST',
      url: `/api/factories/${factory}/justifications`,
      payload: { production_unit_id: unit, ...body },
      ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
    });
  /** Planned and unplanned downtime of the line over the last four hours, as every page reads them. */
  const figures = async (): Promise<{ planned: number; unplanned: number; unjustified: number }> => {
    const answer = await call(app, DEMO.operation, {
      method: 'POST',
      url: '/api/kpis/by-groups',
      payload: { start: at(240), end: new Date(now + 60 * MINUTE).toISOString(), groups: [{ name: 'l1', factory_id: factory, production_unit_ids: [unit] }] },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const total = answer.body.groups[0].total;
    return { planned: total.planned_downtime_ms, unplanned: total.unplanned_downtime_ms, unjustified: total.unjustified_downtime_ms };
  };

  /** The e-mail report of the downtimes' main page over the last four hours, as the scheduler renders it. */
  const report = async () => {
    const [owner] = await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]);
    const shifts = await app.db.query<{ id: string }>('SELECT id FROM work_shifts WHERE factory_id = $1', [factory]);
    const renderable = {
      account_id: owner!.account_id,
      factory_id: factory,
      id: null,
      title: 'Shift downtimes',
      template: 'downtime_main_page',
      schedule_type: 'current',
      duration: 4,
      time_unit: 'hour',
      production_unit_ids: [unit],
      work_shift_ids: shifts.map((shift) => shift.id),
      language: 'en',
      timezone: 'Europe/Paris',
    } as RenderableReport;
    const rendered = await renderReport(app.db, renderable, now, { publicUrl: 'https://linepulse.example', factoryName: 'Justification Plant', now });
    if (rendered.figures.template !== 'downtime_main_page') throw new Error(rendered.figures.template);
    return { text: rendered.text, planned: rendered.figures.units[0]!.planned_ms, top: rendered.figures.top.map((t) => t.reason) };
  };

  before(async () => {
    ({ app } = await build(cleanup));
    factory = (await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Justification Plant', timezone: 'Europe/Paris' } })).body.id;
    const config = await call(app, DEMO.admin, { method: 'PUT', url: `/api/factories/${factory}/configuration`, payload: CONFIGURATION });
    unit = config.body.production_units[0].id;
    reasons = Object.fromEntries(config.body.downtime_reasons.map((r: { key: string; id: string }) => [r.key, r.id]));
    const key = (await call(app, DEMO.admin, { method: 'POST', url: `/api/factories/${factory}/ingest-keys` })).body.key;
    const ingested = await call(app, null, {
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        events: [
          { id: 's1', type: 'state', unit: 'L1', at: at(180), state: 'running' },
          { id: 's2', type: 'state', unit: 'L1', at: at(120), state: 'stopped' },
          { id: 's3', type: 'state', unit: 'L1', at: at(90), state: 'running' },
          { id: 's4', type: 'state', unit: 'L1', at: at(20), state: 'stopped' },
          // The machine said "jam" for the first stop.
          { id: 'j1', type: 'justification', unit: 'L1', from: at(120), to: at(90), reason: 'jam' },
        ],
      },
    });
    assert.equal(ingested.body.accepted, 5);
  });
  after(() => cleanup.run());

  it('lists the downtimes newest first: the line still stopped, then the one the machine justified', async () => {
    const answer = await list();
    assert.deepEqual(answer.reasons.map((r: { name: string }) => r.name), ['Cleaning', 'Jam']);
    assert.equal(answer.downtimes.length, 2);
    const [open, older] = answer.downtimes;
    assert.equal(open.end_time, null);
    assert.equal(Date.parse(open.start_time), now - 20 * MINUTE);
    assert.equal(open.justification_type, 'unjustified');
    assert.equal(older.justification_type, 'unplanned');
    assert.deepEqual(older.machine_reasons.map((r: { name: string }) => r.name), ['Jam']);
    assert.deepEqual(older.parts, []);
    assert.equal(older.duration_ms, 30 * MINUTE);
  });

  it('justifies a downtime the machine justified: the person’s reason wins, the machine’s stays, the figures and the e-mail report follow at once', async () => {
    const before = await figures();
    assert.equal(before.unplanned, 30 * MINUTE);
    const reportBefore = await report();
    assert.deepEqual(reportBefore.top, ['Jam']);
    const answer = await change({ downtime_start: at(120), action: 'justify', reason_id: reasons.cleaning });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.justification_type, 'planned');
    assert.deepEqual(answer.body.machine_reasons.map((r: { name: string }) => r.name), ['Jam']);
    assert.deepEqual(answer.body.parts.map((p: { reason: { name: string }; to: string | null }) => [p.reason.name, p.to]), [['Cleaning', null]]);
    assert.equal(answer.body.changes.length, 1);
    assert.equal(answer.body.changes[0].user_name, 'Olivier Tremblay');
    const after = await figures();
    assert.equal(after.planned, before.planned + 30 * MINUTE);
    assert.equal(after.unplanned, before.unplanned - 30 * MINUTE);
    // The e-mail report reads the same derivation: the person's reason is the top cause now.
    const reportAfter = await report();
    assert.deepEqual(reportAfter.top, ['Cleaning']);
    assert.equal(reportAfter.planned, reportBefore.planned + 30 * MINUTE);
    assert.match(reportAfter.text, /Cleaning/);
    assert.doesNotMatch(reportAfter.text, /Jam/);
    // The machine's row is still there.
    const rows = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM downtime_justifications WHERE production_unit_id = $1 AND person_downtime_start IS NULL', [unit]);
    assert.equal(rows[0]!.n, 1);
  });

  it('splits the downtime in progress into two reasons, comments it, and undoes step by step', async () => {
    const split = await change({ downtime_start: at(20), action: 'split', at: at(10), reason_ids: [reasons.jam, reasons.cleaning] });
    assert.equal(split.status, 200, JSON.stringify(split.body));
    assert.equal(split.body.justification_type, 'mixed');
    assert.deepEqual(
      split.body.parts.map((p: { from: string; to: string | null; reason: { name: string } }) => [p.reason.name, Date.parse(p.from), p.to && Date.parse(p.to)]),
      [['Jam', now - 20 * MINUTE, now - 10 * MINUTE], ['Cleaning', now - 10 * MINUTE, null]],
    );
    // The second half is re-justified on its own.
    const second = await change({ downtime_start: at(20), action: 'justify', part_index: 1, reason_id: reasons.jam });
    assert.deepEqual(second.body.parts.map((p: { reason: { name: string } }) => p.reason.name), ['Jam', 'Jam']);
    assert.equal(second.body.justification_type, 'unplanned');
    const commented = await change({ downtime_start: at(20), action: 'comment', comment: '  Blade changed on the filler  ' });
    assert.equal(commented.body.comment, 'Blade changed on the filler');
    // Too long: refused, nothing changed.
    const tooLong = await change({ downtime_start: at(20), action: 'comment', comment: 'x'.repeat(501) });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.errors[0].code, 'JUST_COMMENT_INVALID');
    const undoComment = await change({ downtime_start: at(20), action: 'undo' });
    assert.equal(undoComment.body.comment, null);
    assert.deepEqual(undoComment.body.parts.map((p: { reason: { name: string } }) => p.reason.name), ['Jam', 'Jam']);
    const undoJustify = await change({ downtime_start: at(20), action: 'undo' });
    assert.deepEqual(undoJustify.body.parts.map((p: { reason: { name: string } }) => p.reason.name), ['Jam', 'Cleaning']);
    const undoSplit = await change({ downtime_start: at(20), action: 'undo' });
    assert.deepEqual(undoSplit.body.parts, []);
    assert.equal(undoSplit.body.justification_type, 'unjustified');
    // The audit list: every change, newest first, the undone ones marked.
    assert.deepEqual(
      undoSplit.body.changes.map((c: { action: string; undone: boolean }) => `${c.action}${c.undone ? ' (undone)' : ''}`),
      ['undo', 'undo', 'undo', 'comment (undone)', 'justify (undone)', 'split (undone)'],
    );
    const nothing = await change({ downtime_start: at(20), action: 'undo' });
    assert.equal(nothing.status, 409);
    assert.equal(nothing.body.errors[0].code, 'JUST_NOTHING_TO_UNDO');
  });

  it('makes a retry harmless with an Idempotency-Key', async () => {
    const first = await change({ downtime_start: at(20), action: 'justify', reason_id: reasons.jam }, { key: 'retry-key-0001' });
    const again = await change({ downtime_start: at(20), action: 'justify', reason_id: reasons.jam }, { key: 'retry-key-0001' });
    assert.equal(again.status, 200);
    assert.equal(again.body.changes.length, first.body.changes.length);
    const elsewhere = await change({ downtime_start: at(120), action: 'justify', reason_id: reasons.jam }, { key: 'retry-key-0001' });
    assert.equal(elsewhere.status, 409);
    assert.equal(elsewhere.body.errors[0].code, 'JUST_KEY_REUSED');
  });

  it('refuses the display role, other accounts and bad input, changing nothing', async () => {
    const before = (await list()).downtimes.map((d: { changes: unknown[] }) => d.changes.length);
    const display = await change({ downtime_start: at(20), action: 'justify', reason_id: reasons.jam }, { email: DEMO.display });
    assert.equal(display.status, 403);
    assert.equal(display.body.errors[0].code, 'JUST_ROLE_FORBIDDEN');
    // The display still sees the list.
    assert.equal((await call(app, DEMO.display, { method: 'GET', url: `/api/factories/${factory}/justifications` })).status, 200);
    const other = await change({ downtime_start: at(20), action: 'justify', reason_id: reasons.jam }, { email: DEMO.otherAdmin });
    assert.equal(other.status, 404);
    assert.equal((await call(app, DEMO.otherAdmin, { method: 'GET', url: `/api/factories/${factory}/justifications` })).status, 404);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ downtime_start: at(20), action: 'justify', reason_id: '00000000-0000-4000-8000-000000000000' }, 404, 'JUST_REASON_404'],
      [{ downtime_start: at(20), action: 'justify' }, 400, 'JUST_INVALID'],
      [{ downtime_start: at(20), action: 'justify', reason_id: reasons.jam, part_index: 5 }, 400, 'JUST_INVALID'],
      [{ downtime_start: at(20), action: 'split', at: at(30), reason_ids: [reasons.jam, reasons.jam] }, 400, 'JUST_INVALID'],
      [{ downtime_start: at(20), action: 'split', at: at(10) }, 400, 'JUST_INVALID'],
      [{ downtime_start: at(21), action: 'justify', reason_id: reasons.jam }, 404, 'JUST_DOWNTIME_404'],
      [{ downtime_start: 'yesterday', action: 'justify', reason_id: reasons.jam }, 400, 'GEN_VALIDATION'],
      [{ downtime_start: at(20), action: 'erase' }, 400, 'GEN_VALIDATION'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await change(body);
      assert.equal(answer.status, status, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors[0].code, code);
    }
    assert.equal((await call(app, DEMO.operation, { method: 'GET', url: `/api/factories/${factory}/justifications?hours=0` })).status, 400);
    assert.deepEqual((await list()).downtimes.map((d: { changes: unknown[] }) => d.changes.length), before);
  });

  it('announces each change to the live screens', async () => {
    const [row] = await app.db.query<{ kinds: string[]; production_unit_ids: string[] }>(
      "SELECT kinds, production_unit_ids FROM live_events WHERE factory_id = $1 AND 'justification' = ANY(kinds) ORDER BY id DESC LIMIT 1",
      [factory],
    );
    assert.deepEqual(row, { kinds: ['justification'], production_unit_ids: [unit] });
  });
});
