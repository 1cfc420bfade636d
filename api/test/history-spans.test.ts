/**
 * Long histories (issue 21): machines whose events start years ago (a historian's backfill, a device
 * with a wrong clock), silences of weeks, backfill arriving after live data. What is stored, piece by
 * piece and partly in the background, must equal the derivation of the same raw facts in one go over
 * the whole span (derive.ts, itself checked against a minute-by-minute reference by the property test),
 * day by day and downtime by downtime; and a read of a recent window must not pay for the years before it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { deriveSpan, loadUnitContexts } from '../src/analytics/facts.ts';
import { readSums, type Sums } from '../src/analytics/query.ts';
import { ensureFresh, nextPieceMs, sweep } from '../src/analytics/rollups.ts';
import type { Db } from '../src/db/db.ts';
import { build, Cleanup } from './helper.ts';
import { count, justify, makeFactory, makeReason, makeShift, makeUnit, markDirty, product, makeProduct, state, type TestFactory } from './analytics-helper.ts';

process.env.ROLLUP_REFRESH_SECONDS = '0';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (t: number): string => new Date(t).toISOString();
/** Whole days, so that every figure is exact and comparable (ideal time is a float: compared to the µs). */
const FIELDS = ['calendar_ms', 'scheduled_ms', 'planned_ms', 'unplanned_ms', 'unjustified_ms', 'good', 'rejected', 'occurrences'] as const;

/** Production day → sums, from the engine's read path (stored rollups + on-the-fly edges). */
async function storedDays(db: Db, f: TestFactory, unit: string, from: number, to: number, now: number): Promise<Map<string, Sums>> {
  const r = await readSums(db, { accountId: f.accountId, unitIds: [unit], start: from, end: to, keyBy: 'day', now });
  return r.sums.get(unit)!;
}

/** Production day → sums, and the downtimes, derived from the raw facts in one go over [from, to). */
async function referenceDays(db: Db, f: TestFactory, unit: string, from: number, to: number, now: number) {
  const ctx = (await loadUnitContexts(db, f.accountId, [unit])).get(unit)!;
  const d = await deriveSpan(db, ctx, from, to, now);
  const days = new Map<string, Sums>();
  for (const s of d.slices) {
    const sums = days.get(s.productionDay) ?? { calendar_ms: 0, scheduled_ms: 0, planned_ms: 0, unplanned_ms: 0, unjustified_ms: 0, good: 0, rejected: 0, ideal_ms: 0, occurrences: 0 };
    for (const k of FIELDS) sums[k] += s[k];
    sums.ideal_ms += s.ideal_ms;
    days.set(s.productionDay, sums);
  }
  return { days, downtimes: d.downtimes };
}

async function assertSameAsReference(db: Db, f: TestFactory, unit: string, from: number, to: number, now: number): Promise<void> {
  const [stored, ref] = await Promise.all([storedDays(db, f, unit, from, to, now), referenceDays(db, f, unit, from, to, now)]);
  const days = [...new Set([...stored.keys(), ...ref.days.keys()])].sort();
  assert.ok(days.length > 0);
  let differing = 0;
  for (const day of days) {
    const a = stored.get(day);
    const b = ref.days.get(day);
    const same = a && b && FIELDS.every((k) => Number(a[k]) === b[k]) && Math.abs(Number(a.ideal_ms) - b.ideal_ms) < 1e-3;
    if (!same && differing++ < 3) assert.deepEqual({ day, ...pick(a) }, { day, ...pick(b) });
  }
  assert.equal(differing, 0);
  // Whole downtimes, as stored (the downtime list reads them): those starting in the stored hours.
  const unitRow = await db.query<{ derived_until: string }>('SELECT derived_until FROM rollup_units WHERE production_unit_id = $1', [unit]);
  const until = Math.min(to, Date.parse(unitRow[0]!.derived_until));
  const rows = await db.query<{ start_at: string; end_at: string; scheduled_ms: number; planned_ms: number; unplanned_ms: number; unjustified_ms: number; justification_type: string }>(
    `SELECT start_at, end_at, scheduled_ms, planned_ms, unplanned_ms, unjustified_ms, justification_type FROM derived_downtimes
      WHERE production_unit_id = $1 AND start_at >= $2 AND start_at < $3 ORDER BY start_at`,
    [unit, iso(from), iso(until)],
  );
  assert.deepEqual(
    rows.map((r) => [iso(Date.parse(r.start_at)), iso(Date.parse(r.end_at)), Number(r.scheduled_ms), Number(r.planned_ms), Number(r.unplanned_ms), Number(r.unjustified_ms), r.justification_type]),
    ref.downtimes.filter((d) => d.start < until).map((d) => [iso(d.start), iso(d.end), d.scheduled_ms, d.planned_ms, d.unplanned_ms, d.unjustified_ms, d.justificationType]),
  );
}

const pick = (s: Sums | undefined): Record<string, number> | undefined => (s ? Object.fromEntries(FIELDS.map((k) => [k, Number(s[k])])) : undefined);

/** Like ingestion: a state or count marks its unit from its instant to now + 1 day; a justification its span. */
async function ingested(f: TestFactory, unit: string, from: number, now: number): Promise<void> {
  await markDirty(f, unit, iso(from), iso(now + DAY));
}

async function storedSliceCount(db: Db, unit: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_slices WHERE production_unit_id = $1', [unit]);
  return Number(rows[0]!.n);
}

/**
 * The database as the engine sees it, watched: `beforeTransaction` may refuse a transaction (a lost
 * connection), `onQuery` sees each statement run inside one.
 */
function watched(db: Db, watch: { beforeTransaction?: () => void; onQuery?: (sql: string, params?: readonly unknown[]) => void }): Db {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    copyFrom: (table, columns, csv) => db.copyFrom(table, columns, csv),
    ping: () => db.ping(),
    listen: (channel, onNotify, onGap) => db.listen(channel, onNotify, onGap),
    close: () => db.close(),
    transaction: (fn) => {
      try {
        watch.beforeTransaction?.();
      } catch (error) {
        return Promise.reject(error);
      }
      return db.transaction((tx) => fn({
        query: <T>(sql: string, params?: readonly unknown[]) => {
          watch.onQuery?.(sql, params);
          return tx.query<T>(sql, params);
        },
        exec: (sql) => tx.exec(sql),
        copyFrom: (table, columns, csv) => tx.copyFrom(table, columns, csv),
      }));
    },
  };
}

/** Counts the pieces of derivation written for one unit (one INSERT of slices each). */
const piecesOf = (unit: string, counter: { pieces: number }) => (sql: string, params?: readonly unknown[]): void => {
  if (sql.startsWith('INSERT INTO rollup_slices') && params?.[2] === unit) counter.pieces += 1;
};

describe('derivation of long histories: years of backfill, silences of weeks', () => {
  let app: FastifyInstance;
  const cleanup = new Cleanup();
  before(async () => {
    ({ app } = await build(cleanup));
  });
  after(() => cleanup.run());

  it('three state events six years ago: the first read derives its own window only, the background pass the years, and both equal the one-go derivation', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'Europe/Paris', dayStartMinutes: 360 });
    const unit = await makeUnit(f);
    await makeShift(f, { start: '06:00', end: '14:00', units: [unit] });
    await makeShift(f, { start: '22:00', end: '06:00', units: [unit], days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] });
    const t0 = Math.floor((now - 6 * 365.25 * DAY) / HOUR) * HOUR + 17 * 60_000;
    await state(f, unit, iso(t0), false);
    await state(f, unit, iso(t0 + HOUR), true);
    await state(f, unit, iso(t0 + 2 * HOUR + 5_000), false);
    await ingested(f, unit, t0, now);

    const week = [now - 7 * DAY, now] as const;
    await assertSameAsReference(app.db, f, unit, ...week, now);
    // A week and its margin are stored, not six years; the rest is left marked for the background pass.
    assert.ok((await storedSliceCount(app.db, unit)) < 15 * 24 * 3, 'the read derived more than its window');
    const left = await app.db.query<{ from_at: string }>('SELECT from_at FROM rollup_dirty WHERE production_unit_id = $1', [unit]);
    assert.ok(left.length > 0 && left.every((r) => Date.parse(r.from_at) <= t0));

    await sweep(app.db, now);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
    assert.ok((await storedSliceCount(app.db, unit)) > 6 * 365 * 24);
    await assertSameAsReference(app.db, f, unit, t0 - DAY, now, now);
    // The one downtime of six years is stored whole, once.
    const open = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM derived_downtimes WHERE production_unit_id = $1 AND start_at = $2', [unit, iso(t0 + 2 * HOUR + 5_000)]);
    assert.equal(Number(open[0]!.n), 1);

    // The machine started again two hours ago: a read of its last day ends that downtime of six years (its stored
    // record rewritten whole) without deriving the six years again.
    await state(f, unit, iso(now - 2 * HOUR), true);
    await ingested(f, unit, now - 2 * HOUR, now);
    const before = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_slices WHERE production_unit_id = $1 AND slice_start < $2', [unit, iso(now - 2 * DAY)]);
    const slicesBefore = await app.db.query<{ updated: string }>('SELECT max(slice_start) AS updated FROM rollup_slices WHERE production_unit_id = $1', [unit]);
    await storedDays(app.db, f, unit, now - DAY, now, now);
    const ended = await app.db.query<{ end_at: string; is_open: boolean }>('SELECT end_at, is_open FROM derived_downtimes WHERE production_unit_id = $1 AND start_at = $2', [unit, iso(t0 + 2 * HOUR + 5_000)]);
    assert.deepEqual(ended.map((r) => [iso(Date.parse(r.end_at)), r.is_open]), [[iso(now - 2 * HOUR), false]]);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
    const after = await app.db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_slices WHERE production_unit_id = $1 AND slice_start < $2', [unit, iso(now - 2 * DAY)]);
    assert.equal(Number(after[0]!.n), Number(before[0]!.n));
    assert.ok(slicesBefore.length === 1);
    await assertSameAsReference(app.db, f, unit, t0 - DAY, now, now);
  });

  it('backfill of a year arriving after live data, with a silence of three weeks, justifications and counts across piece edges', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'America/Toronto' });
    const unit = await makeUnit(f);
    await makeShift(f, { start: '07:00', end: '15:00', units: [unit], days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] });
    const reason = await makeReason(f, { planned: false });
    const planned = await makeReason(f, { planned: true });
    const p = await makeProduct(f, { [unit]: 600 });
    const local = (t: number) => DateTime.fromMillis(t, { zone: 'America/Toronto' });
    // Live: the last three days, running with a stop each day and counts every two hours.
    const liveFrom = local(now - 3 * DAY).startOf('day').toMillis();
    await product(f, unit, iso(liveFrom), p);
    for (let day = liveFrom; day < now - 12 * HOUR; day += DAY) {
      await state(f, unit, iso(day + 7 * HOUR), true);
      await state(f, unit, iso(day + 10 * HOUR), false);
      await state(f, unit, iso(day + 10.5 * HOUR), true);
      for (let h = 8; h <= 14; h += 2) await count(f, unit, iso(day + h * HOUR), 1000, 7);
      await justify(f, unit, iso(day + 10 * HOUR), iso(day + 10.25 * HOUR), reason);
    }
    await ingested(f, unit, liveFrom, now);
    await assertSameAsReference(app.db, f, unit, now - 7 * DAY, now, now);

    // The historian's year: run and stop daily, counts twice a day, a three-week silence (machine off, no
    // event at all), a planned stop of ten days that crosses a quarter, counts whose spans cross it.
    const histFrom = local(now - 400 * DAY).startOf('day').toMillis();
    const silence = [histFrom + 150 * DAY, histFrom + 171 * DAY];
    const longStop = [histFrom + 88 * DAY, histFrom + 98 * DAY];
    await product(f, unit, iso(histFrom), p);
    for (let day = histFrom; day < liveFrom - DAY; day += DAY) {
      if (day >= silence[0]! && day < silence[1]!) continue;
      if (day >= longStop[0]! && day < longStop[1]!) continue;
      await state(f, unit, iso(day + 7 * HOUR), true);
      await count(f, unit, iso(day + 9 * HOUR), 500, 3);
      await count(f, unit, iso(day + 14 * HOUR), 700, 0);
      await state(f, unit, iso(day + 15 * HOUR), false);
    }
    await justify(f, unit, iso(longStop[0]! - DAY + 15 * HOUR), iso(longStop[1]! + 7 * HOUR), planned);
    await ingested(f, unit, histFrom, now);

    // A read of the last week pays for its week; one of 90 days in the middle derives what it needs.
    await assertSameAsReference(app.db, f, unit, now - 7 * DAY, now, now);
    await assertSameAsReference(app.db, f, unit, histFrom + 60 * DAY, histFrom + 150 * DAY, now);
    await sweep(app.db, now);
    assert.equal((await app.db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
    await assertSameAsReference(app.db, f, unit, histFrom - DAY, now, now);
  });

  it('a delay-mode line (downtimes from gaps between counts) silent for four weeks, backfilled behind its live counts', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'Asia/Kolkata' });
    const unit = await makeUnit(f, { delaySeconds: 600 });
    const start = Math.floor((now - 200 * DAY) / HOUR) * HOUR;
    const gap = [start + 100 * DAY, start + 128 * DAY];
    for (let t = now - 2 * DAY; t < now - HOUR; t += HOUR) await count(f, unit, iso(t), 60, 1);
    await ingested(f, unit, now - 2 * DAY, now);
    await assertSameAsReference(app.db, f, unit, now - 3 * DAY, now, now);
    for (let t = start; t < now - 2 * DAY - HOUR; t += 4 * HOUR) if (t < gap[0]! || t >= gap[1]!) await count(f, unit, iso(t), 240, 2);
    await ingested(f, unit, start, now);
    await assertSameAsReference(app.db, f, unit, gap[0]! - 5 * DAY, gap[1]! + 5 * DAY, now);
    await sweep(app.db, now);
    await assertSameAsReference(app.db, f, unit, start - DAY, now, now);
  });

  it('a derivation stopped half-way (a restart) goes on from the last piece written', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const t0 = Math.floor((now - 2 * 365 * DAY) / DAY) * DAY;
    for (let day = t0; day < now - DAY; day += 7 * DAY) {
      await state(f, unit, iso(day + 8 * HOUR), true);
      await count(f, unit, iso(day + 12 * HOUR), 100, 1);
      await state(f, unit, iso(day + 16 * HOUR), false);
    }
    await ingested(f, unit, t0, now);
    // The database goes away at the third piece's transaction.
    const db = app.db;
    let transactions = 0;
    const failing = watched(db, { beforeTransaction: () => {
      if ((transactions += 1) === 4) throw new Error('connection lost');
    } });
    await assert.rejects(ensureFresh(failing, f.accountId, [unit], now, now), /connection lost/);
    // Two pieces are stored and the pending row starts where they end.
    const unitRow = await db.query<{ derived_until: string }>('SELECT derived_until FROM rollup_units WHERE production_unit_id = $1', [unit]);
    const pending = await db.query<{ from_at: string }>('SELECT from_at FROM rollup_dirty WHERE production_unit_id = $1', [unit]);
    assert.equal(pending.length, 1);
    assert.equal(Date.parse(pending[0]!.from_at), Date.parse(unitRow[0]!.derived_until));
    assert.ok(Date.parse(unitRow[0]!.derived_until) >= t0 + 2 * 90 * DAY);
    const written = { pieces: 0 };
    const counting = watched(db, { onQuery: piecesOf(unit, written) });
    // The background pass after the restart.
    await sweep(counting, now);
    // The rest only: two years are 8 or 9 pieces, two of them were written before the stop.
    assert.ok(written.pieces >= 6 && written.pieces <= 8, `${written.pieces} pieces written after the restart`);
    assert.equal((await db.query('SELECT 1 FROM rollup_dirty WHERE production_unit_id = $1', [unit])).length, 0);
    await assertSameAsReference(db, f, unit, t0 - DAY, now, now);
  });

  it('reads arriving together for a span of years derive it once', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'UTC' });
    const unit = await makeUnit(f);
    const t0 = now - 3 * 365 * DAY;
    await state(f, unit, iso(t0), true);
    await count(f, unit, iso(t0 + HOUR), 10);
    await state(f, unit, iso(t0 + 2 * HOUR), false);
    await ingested(f, unit, t0, now);
    // Reads of the whole span (no window to keep it short): each would derive three years.
    const written = { pieces: 0 };
    const counting = watched(app.db, { onQuery: piecesOf(unit, written) });
    await Promise.all(Array.from({ length: 4 }, () => readSums(counting, { accountId: f.accountId, unitIds: [unit], start: t0 - DAY, end: now, keyBy: 'none', now })));
    // A piece is at most 92 days: three years are 12 or 13 pieces, derived once.
    assert.ok(written.pieces >= 12 && written.pieces <= 14, `${written.pieces} pieces written`);
    await assertSameAsReference(app.db, f, unit, t0 - DAY, now, now);
  });

  it('the background pass leaves a factory to its history import while the import stores, and takes it again once it derives or stalls', async () => {
    const now = Date.now();
    const f = await makeFactory(app.db, { timezone: 'Europe/Paris' });
    const unit = await makeUnit(f);
    await state(f, unit, iso(now - 30 * DAY), false);
    await ingested(f, unit, now - 30 * DAY, now);
    const [job] = await app.db.query<{ id: string }>(
      `INSERT INTO history_imports (account_id, factory_id, format, phase, runner, heartbeat_at) VALUES ($1, $2, 'ndjson', 'store', 'test', now()) RETURNING id`,
      [f.accountId, f.factoryId],
    );
    const dirty = async (): Promise<number> =>
      Number((await app.db.query<{ n: number }>('SELECT count(*) AS n FROM rollup_dirty WHERE production_unit_id = $1', [unit]))[0]!.n);
    await sweep(app.db, now);
    assert.ok((await dirty()) > 0, 'left dirty while the import stores');
    assert.equal(await storedSliceCount(app.db, unit), 0);
    // A runner silent for two minutes has stopped: its factory is swept again.
    await app.db.query(`UPDATE history_imports SET heartbeat_at = now() - interval '3 minutes' WHERE id = $1`, [job!.id]);
    await sweep(app.db, now);
    assert.equal(await dirty(), 0);
    assert.ok((await storedSliceCount(app.db, unit)) > 0);
  });
});

describe('the length of a piece of derivation follows the unit\'s density', () => {
  it('a line counting every minute is derived ten days at a time, a sparse one a quarter at a time, growing at most fourfold', () => {
    // A quarter of a line counting every minute loads ~134 000 rows (a count a minute, its states).
    const dense = nextPieceMs(92 * DAY, 134_000);
    assert.ok(dense > 9.5 * DAY && dense < 11 * DAY, `${dense / DAY} days`);
    assert.equal(nextPieceMs(92 * DAY, 10), 92 * DAY);
    assert.equal(nextPieceMs(7 * DAY, 10), 28 * DAY);
    assert.equal(nextPieceMs(DAY, 0), 4 * DAY);
    // However dense, a piece covers a day.
    assert.equal(nextPieceMs(DAY, 10_000_000), DAY);
  });
});
