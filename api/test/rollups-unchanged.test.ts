import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ensureFresh } from '../src/analytics/rollups.ts';
import { build, call, Cleanup, DEMO } from './helper.ts';

// No background pass: the test derives itself.
process.env.ROLLUP_REFRESH_SECONDS = '0';

const HOUR = 3_600_000;
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** The stored rows a derivation writes, each with the transaction that wrote it (xmin). */
const TABLES = [
  ['rollup_slices', 'slice_start'],
  ['rollup_reason_slices', 'slice_start, downtime_reason_id'],
  ['derived_downtimes', 'start_at'],
  ['rollup_unit_hours', 'hour_start'],
  ['rollup_days', 'production_day, work_shift_id, product_id, scheduled'],
  ['rollup_unit_days', 'production_day'],
  ['rollup_unit_hour_packs', 'utc_day'],
] as const;

describe('a re-derivation that finds what is stored', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  let account = '';
  let factory = '';
  let unit = '';
  let reason = '';
  before(async () => {
    ({ app } = await build(cleanup));
    const created = await call(app, DEMO.admin, { method: 'POST', url: '/api/factories', payload: { name: 'Unchanged Rows', timezone: 'America/Monterrey' } });
    factory = created.body.id;
    const configured = await call(app, DEMO.admin, {
      method: 'PUT',
      url: `/api/factories/${factory}/configuration`,
      payload: {
        production_units: [{ key: 'L1', name: 'Line 1' }],
        // Scheduled round the clock: the facts are placed relative to now, so a run at any hour finds its
        // stop and justification inside a shift (with the day shift alone, runs between 10:00 and 18:00
        // UTC put them at night, outside the schedule, and nothing was derived for them).
        work_shifts: [
          { key: 'day', name: 'Day', production_units: ['L1'], start: '06:00', end: '22:00', days: EVERY_DAY },
          { key: 'night', name: 'Night', production_units: ['L1'], start: '22:00', end: '06:00', days: EVERY_DAY },
        ],
        products: [{ sku: 'SKU-A', name: 'Bottle', ideal_rate_per_hour: { L1: 1200 } }],
        downtime_reasons: [{ key: 'jam', name: 'Jam', category: 'Mechanical', is_planned: false }],
      },
    });
    assert.equal(configured.status, 200, JSON.stringify(configured.body));
    unit = configured.body.production_units[0].id;
    reason = configured.body.downtime_reasons[0].id;
    account = (await app.db.query<{ account_id: string }>('SELECT account_id FROM factories WHERE id = $1', [factory]))[0]!.account_id;
  });
  after(() => cleanup.run());

  const now = Math.floor(Date.now() / HOUR) * HOUR + 30 * 60_000;
  const at = (hoursAgo: number): string => new Date(now - hoursAgo * HOUR).toISOString();

  /** Every stored row of the unit, with the transaction that wrote it. */
  async function stored(): Promise<Record<string, Array<Record<string, unknown>>>> {
    const out: Record<string, Array<Record<string, unknown>>> = {};
    for (const [table, order] of TABLES) {
      out[table] = await app.db.query(`SELECT xmin::text AS written_by, * FROM ${table} WHERE account_id = $1 AND production_unit_id = $2 ORDER BY ${order}`, [account, unit]);
    }
    return out;
  }
  /** What ingestion marks for facts at `from`: from there to a day after now (ingest-events.ts). */
  async function markDirty(from: string): Promise<void> {
    await app.db.query(
      `INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at) VALUES ($1, $2, $3, $4, now() + interval '1 day')`,
      [account, factory, unit, from],
    );
  }
  const withoutWriters = (rows: Record<string, Array<Record<string, unknown>>>) =>
    Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.map(({ written_by: _, ...row }) => row)]));

  it('writes nothing when the rows it derives are those stored, and rewrites them when a fact changes them', async () => {
    await app.db.query(
      `INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running)
       VALUES ($1, $2, $3, 's1', $4, true), ($1, $2, $3, 's2', $5, false), ($1, $2, $3, 's3', $6, true)`,
      [account, factory, unit, at(40), at(30), at(28)],
    );
    await app.db.query(
      `INSERT INTO unit_count_events (account_id, factory_id, production_unit_id, event_id, at, good, rejected)
       VALUES ($1, $2, $3, 'c1', $4, 500, 10), ($1, $2, $3, 'c2', $5, 300, 5)`,
      [account, factory, unit, at(35), at(20)],
    );
    await app.db.query(
      `INSERT INTO downtime_justifications (account_id, factory_id, production_unit_id, event_id, from_at, to_at, downtime_reason_id)
       VALUES ($1, $2, $3, 'j1', $4, $5, $6)`,
      [account, factory, unit, at(30), at(29), reason],
    );
    await ensureFresh(app.db, account, [unit], now, now);
    const first = await stored();
    assert.ok(first.rollup_slices!.length > 20, 'the unit’s hours were derived');
    assert.ok(first.derived_downtimes!.length >= 1, 'the stop was derived as a downtime');
    assert.ok(first.rollup_reason_slices!.length >= 1, 'its justification was derived');

    // Marked again from before its first fact (as a history import's batch marks up to now), nothing
    // new: the same rows come out, and none is written again.
    await markDirty(at(45));
    await ensureFresh(app.db, account, [unit], now, now);
    assert.deepEqual(await stored(), first);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE account_id = $1 AND production_unit_id = $2', [account, unit])).length, 0);

    // A count that changes the figures: the rows are written again, with the new sums.
    await app.db.query(
      `INSERT INTO unit_count_events (account_id, factory_id, production_unit_id, event_id, at, good, rejected) VALUES ($1, $2, $3, 'c3', $4, 200, 0)`,
      [account, factory, unit, at(10)],
    );
    await markDirty(at(10));
    await ensureFresh(app.db, account, [unit], now, now);
    const second = await stored();
    assert.notDeepEqual(withoutWriters(second), withoutWriters(first));
    const good = (rows: Array<Record<string, unknown>>) => rows.reduce((sum, r) => sum + Number(r.good), 0);
    assert.equal(good(second.rollup_unit_days!), good(first.rollup_unit_days!) + 200);
    assert.equal(good(second.rollup_unit_hours!), good(first.rollup_unit_hours!) + 200);
    const rewritten = second.rollup_slices!.filter((row, i) => row.written_by !== first.rollup_slices![i]?.written_by);
    assert.ok(rewritten.length > 0, 'the changed slices were written');
  });
});
