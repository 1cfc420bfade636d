import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { factCount, generateFacts, reasonRoles, shiftInstances, type Facts, type SimConfig } from '../src/simulator/generate.ts';
import { demoSimFactories } from '../src/simulator/seed-config.ts';
import { ensureDemoHistory, historyStartFor, liveStep } from '../src/simulator/demo.ts';
import { demoIds } from '../src/seed/seed.ts';
import { loadConfig, ConfigError } from '../src/config.ts';
import { build } from './helper.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// A fixed clock: the same facts on every run, whatever today is.
const NOW = Date.UTC(2026, 10, 20, 15, 37, 12);
const config = (seed = 'test-seed', days = 410): SimConfig => ({ seed, historyStart: historyStartFor(NOW, days), factories: demoSimFactories() });

const sortKey = (f: { eventId: string; unitId: string }): string => `${f.unitId}|${f.eventId}`;
function canonical(facts: Facts): Facts {
  const sort = <T extends { eventId: string; unitId: string }>(list: T[]): T[] => [...list].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  return { states: sort(facts.states), counts: sort(facts.counts), counters: sort(facts.counters), justifications: sort(facts.justifications), products: sort(facts.products) };
}

// The whole 410-day history of the demo company, generated once for the shape tests.
const history = (() => {
  const c = config();
  return { config: c, facts: generateFacts(c, c.historyStart, NOW) };
})();

const units = new Map(history.config.factories.flatMap((f) => f.units.map((u) => [u.id, { unit: u, factory: f }])));
const unitByKey = (key: string) => [...units.values()].find((u) => u.unit.key === key)!;

describe('simulator: generator', () => {
  test('same seed and clock → the same facts; another seed → other facts', () => {
    const c = config();
    const from = NOW - 20 * DAY;
    const a = generateFacts(c, from, NOW);
    const b = generateFacts(config(), from, NOW);
    assert.ok(factCount(a) > 1000);
    assert.deepEqual(a, b);
    const other = generateFacts(config('another-seed'), from, NOW);
    assert.notDeepEqual(canonical(other).states.slice(0, 50), canonical(a).states.slice(0, 50));
  });

  test('a window generated alone equals the same window inside a longer one (history and live agree)', () => {
    const c = history.config;
    const cut1 = NOW - 3 * DAY + 17 * 60_000 + 123;
    const cut2 = NOW - 2 * HOUR;
    const whole = generateFacts(c, NOW - 40 * DAY, NOW);
    const parts = [generateFacts(c, NOW - 40 * DAY, cut1), generateFacts(c, cut1, cut2), generateFacts(c, cut2, NOW)];
    const merged: Facts = { states: [], counts: [], counters: [], justifications: [], products: [] };
    for (const p of parts) for (const k of Object.keys(merged) as (keyof Facts)[]) (merged[k] as unknown[]).push(...p[k]);
    assert.deepEqual(canonical(merged), canonical(whole));
    // And the 40 days equal the tail of the 410-day history.
    const histTail = canonical(history.facts).counts.filter((f) => f.at >= NOW - 40 * DAY);
    assert.deepEqual(histTail, canonical(whole).counts);
    const counterTail = canonical(history.facts).counters.filter((f) => f.at >= NOW - 40 * DAY);
    assert.deepEqual(counterTail, canonical(whole).counters, 'cumulative counters do not depend on where generation starts');
  });

  test('nothing is emitted at or after the clock, nor before the history start', () => {
    const { facts, config: c } = history;
    for (const f of [...facts.states, ...facts.counts, ...facts.counters, ...facts.products]) {
      assert.ok(f.at >= c.historyStart && f.at < NOW);
    }
    for (const j of facts.justifications) assert.ok(j.from < j.to && j.to <= NOW + 60_000);
  });

  test('event ids are unique per factory', () => {
    const seen = new Set<string>();
    const all = [...history.facts.states, ...history.facts.counts, ...history.facts.counters, ...history.facts.justifications, ...history.facts.products];
    for (const f of all) {
      const key = `${f.factoryId}|${f.eventId}`;
      assert.ok(!seen.has(key), `duplicate ${key}`);
      seen.add(key);
    }
  });
});

describe('simulator: shape of the demo history', () => {
  const { facts, config: c } = history;

  test('covers at least 400 days, every unit of the three factories', () => {
    const first = Math.min(...facts.products.map((p) => p.at), ...facts.counts.slice(0, 1000).map((f) => f.at));
    assert.ok(NOW - first >= 400 * DAY, `history starts ${(NOW - first) / DAY} days ago`);
    assert.equal(c.factories.length, 3);
    const withFacts = new Set([...facts.counts, ...facts.counters].map((f) => f.unitId));
    assert.equal(withFacts.size, units.size);
    const lastDay = [...facts.counts, ...facts.counters].filter((f) => f.at > NOW - DAY).length;
    assert.ok(lastDay > 0, 'production up to today');
  });

  test('state units have state events; count-based units only counts; counter units readings', () => {
    const stateUnits = new Set(facts.states.map((f) => f.unitId));
    for (const { unit } of units.values()) {
      if (unit.downtimeDelaySeconds !== null) assert.ok(!stateUnits.has(unit.id), `${unit.key} has a delay: no state events`);
      else assert.ok(stateUnits.has(unit.id), `${unit.key} has state events`);
    }
    assert.ok([...units.values()].some(({ unit }) => unit.downtimeDelaySeconds !== null));
    const pal = unitByKey('MTL-PAL').unit;
    // Inside a running segment, counts come well within the delay: only stops make longer gaps.
    const palCounts = facts.counts.filter((f) => f.unitId === pal.id).map((f) => f.at);
    const gaps = palCounts.slice(1).map((t, i) => t - palCounts[i]!);
    const long = gaps.filter((g) => g > pal.downtimeDelaySeconds! * 1000).length;
    assert.ok(long > 100 && long < gaps.length * 0.3, `${long} stops among ${gaps.length} gaps`);
  });

  test('production happens in scheduled time, mostly', () => {
    for (const factory of c.factories) {
      const instances = shiftInstances(factory, c.historyStart - 2 * DAY, NOW + DAY);
      let inside = 0;
      let outside = 0;
      for (const f of [...facts.counts, ...facts.counters]) {
        if (f.factoryId !== factory.id) continue;
        const list = instances.get(f.unitId)!;
        // Binary search the instance starting at or before f.at.
        let lo = 0;
        let hi = list.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (list[mid]!.start <= f.at) lo = mid;
          else hi = mid - 1;
        }
        const inst = list[lo]!;
        if (f.at >= inst.start && f.at <= inst.end) inside++;
        else outside++;
      }
      assert.ok(outside > 0, `${factory.key}: some overtime`);
      assert.ok(outside / (inside + outside) < 0.03, `${factory.key}: ${outside} of ${inside + outside} counts outside shifts`);
    }
  });

  test('a shift crosses midnight; shifts keep their wall-clock times across daylight-saving changes (not in Monterrey)', () => {
    const localStarts = (key: string, shiftKey: string) => {
      const factory = c.factories.find((f) => f.key === key)!;
      const shift = factory.shifts.find((s) => s.key === shiftKey)!;
      const list = shiftInstances(factory, c.historyStart, NOW).get(shift.unitIds[0]!)!.filter((i) => i.shiftKey === shiftKey);
      const utcHours = new Set(list.map((i) => new Date(i.start).getUTCHours()));
      const local = new Set(list.map((i) => new Intl.DateTimeFormat('en-GB', { timeZone: factory.timezone, hour: '2-digit', minute: '2-digit' }).format(i.start)));
      return { utcHours: [...utcHours].sort((a, b) => a - b), local: [...local], lengths: new Set(list.map((i) => (i.end - i.start) / HOUR)) };
    };
    const nightMtl = localStarts('montreal', 'nuit');
    assert.deepEqual(nightMtl.local, ['22:00']);
    assert.deepEqual(nightMtl.utcHours, [2, 3], 'EST and EDT');
    assert.deepEqual([...nightMtl.lengths], [8], 'crosses midnight: 22:00 → 06:00');
    assert.deepEqual(localStarts('lyon', 'matin').utcHours, [3, 4], 'CET and CEST');
    assert.deepEqual(localStarts('monterrey', 'primero').utcHours, [13], 'Monterrey has no DST since 2022');
    // Facts on the production days of the DST changes (Toronto 2 Nov 2025, 8 March and 1 November 2026;
    // Paris 29 March and 25 October 2026): the night shift starting that Sunday evening runs.
    for (const [unitKey, day] of [
      ['MTL-EMB1', '2025-11-02'],
      ['MTL-EMB1', '2026-03-08'],
      ['MTL-EMB1', '2026-11-01'],
      ['LYO-YAO1', '2026-03-29'],
      ['LYO-YAO1', '2026-10-25'],
    ] as const) {
      const id = unitByKey(unitKey).unit.id;
      const start = Date.parse(`${day}T12:00:00Z`);
      const n = facts.states.filter((f) => f.unitId === id && f.at >= start && f.at < start + 18 * HOUR).length;
      assert.ok(n > 0, `${unitKey} runs on ${day}`);
    }
  });

  test('unplanned causes are skewed: a few reasons dominate', () => {
    for (const factory of c.factories) {
      const unplanned = new Set(reasonRoles(factory).unplanned.map((r) => r.id));
      const byReason = new Map<string, number>();
      for (const j of facts.justifications) if (j.factoryId === factory.id && unplanned.has(j.reasonId)) byReason.set(j.reasonId, (byReason.get(j.reasonId) ?? 0) + 1);
      const counts = [...byReason.values()].sort((a, b) => b - a);
      const total = counts.reduce((a, b) => a + b, 0);
      assert.equal(counts.length, unplanned.size, `${factory.key}: every unplanned reason occurs`);
      assert.ok((counts[0]! + counts[1]!) / total > 0.55, `${factory.key}: top two ${(counts[0]! + counts[1]!) / total}`);
      assert.ok(counts.at(-1)! / total < 0.15, `${factory.key}: rarest ${counts.at(-1)! / total}`);
    }
  });

  test('breaks and changeovers are planned, some over target; product changes happen', () => {
    const factory = c.factories.find((f) => f.key === 'montreal')!;
    const roles = reasonRoles(factory);
    const breaks = facts.justifications.filter((j) => j.reasonId === roles.break!.id);
    const changeovers = facts.justifications.filter((j) => j.reasonId === roles.changeover!.id);
    assert.ok(breaks.length > 1000 && changeovers.length > 50);
    const overTarget = breaks.filter((j) => j.to - j.from > roles.break!.targetSeconds! * 1000).length;
    assert.ok(overTarget > 0.05 * breaks.length && overTarget < 0.5 * breaks.length, `${overTarget} of ${breaks.length} breaks over target`);
    const productUnits = new Set(facts.products.map((p) => p.unitId));
    assert.equal(productUnits.size, units.size, 'every unit has a product');
    assert.ok(facts.products.length > 10 * units.size);
  });

  test('micro-stops, unjustified and partially justified downtimes exist', () => {
    const id = unitByKey('MTL-EMB1').unit.id;
    const states = facts.states.filter((f) => f.unitId === id);
    const justs = facts.justifications.filter((j) => j.unitId === id);
    const byStart = new Map(justs.map((j) => [j.from, j]));
    let micro = 0;
    let unjustified = 0;
    let partial = 0;
    let full = 0;
    for (let i = 0; i + 1 < states.length; i++) {
      const s = states[i]!;
      const e = states[i + 1]!;
      if (s.running || !e.running) continue;
      const dur = e.at - s.at;
      if (dur < 3 * 60_000) micro++;
      const j = byStart.get(s.at);
      if (!j) unjustified++;
      else if (j.to < e.at) partial++;
      else full++;
    }
    assert.ok(micro > 500, `${micro} micro-stops`);
    assert.ok(unjustified > 100 && partial > 50 && full > 500, `unjustified ${unjustified}, partial ${partial}, full ${full}`);
  });

  test('cumulative counters grow and are sometimes reset', () => {
    const id = unitByKey('MTY-EXT1').unit.id;
    const readings = facts.counters.filter((f) => f.unitId === id).sort((a, b) => a.at - b.at);
    assert.ok(readings.length > 1000);
    let resets = 0;
    for (let i = 1; i < readings.length; i++) {
      const a = readings[i - 1]!;
      const b = readings[i]!;
      assert.ok(b.rejected <= b.total);
      if (b.total < a.total) resets++;
      else assert.ok(b.rejected >= a.rejected);
    }
    assert.ok(resets >= 10 && resets <= 16, `${resets} resets`);
  });
});

describe('simulator: first start and live', () => {
  test('first start loads a short history once; live steps append without duplicates', async (t) => {
    const { app } = await build(t);
    const db = app.db;
    const accountId = demoIds.account('demo');
    const now = Date.now() - 3 * HOUR;
    const first = await ensureDemoHistory(db, { days: 3, now, rebuild: true });
    assert.equal(first.status, 'generated');
    assert.ok(first.facts! > 500);
    const countAll = async (): Promise<number> => {
      let n = 0;
      for (const table of ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events']) {
        const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`, [accountId]);
        n += Number(row!.n);
      }
      return n;
    };
    assert.equal(await countAll(), first.facts);
    const [rollups] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_unit_days WHERE account_id = $1', [accountId]);
    assert.ok(Number(rollups!.n) > 0, 'the engine derived the history');
    assert.equal((await ensureDemoHistory(db, { days: 3, now })).status, 'already-simulated');

    // Live: two steps, the second re-run over the same span after rewinding the clock.
    const step1 = await liveStep(db, { now: now + HOUR });
    assert.equal(step1.status, 'appended');
    const step2 = await liveStep(db, { now: now + 2 * HOUR });
    assert.equal(step2.status, 'appended');
    assert.equal((await liveStep(db, { now: now + 2 * HOUR })).status, 'up-to-date');
    const afterLive = await countAll();
    assert.equal(afterLive, first.facts! + step1.inserted! + step2.inserted!);
    await db.query('UPDATE simulator_state SET generated_to = $2 WHERE account_id = $1', [accountId, new Date(now).toISOString()]);
    const replay = await liveStep(db, { now: now + 2 * HOUR });
    assert.equal(replay.inserted, 0, 'a replayed span inserts nothing');
    assert.equal(await countAll(), afterLive);

    // History + live steps = the same generator over the whole span.
    const [state] = await db.query<{ history_start: string }>('SELECT history_start FROM simulator_state WHERE account_id = $1', [accountId]);
    const { loadSimFactories } = await import('../src/simulator/load.ts');
    const factories = await loadSimFactories(db, accountId, ['MTY-EXT1', 'MTY-EXT2']);
    const expected = generateFacts({ seed: 'linepulse-demo-v1', historyStart: Date.parse(state!.history_start), factories }, Date.parse(state!.history_start), now + 2 * HOUR);
    assert.equal(afterLive, factCount(expected));
    const [dirty] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_dirty WHERE account_id = $1', [accountId]);
    assert.ok(Number(dirty!.n) > 0, 'live steps mark what the engine must re-derive');
  });

  test('a database that already has facts for the demo account is not simulated', async (t) => {
    const { app } = await build(t);
    const accountId = demoIds.account('demo');
    const [unit] = await app.db.query<{ id: string; factory_id: string }>('SELECT id, factory_id FROM production_units WHERE account_id = $1 LIMIT 1', [accountId]);
    await app.db.query('INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running) VALUES ($1, $2, $3, $4, now(), true)', [
      accountId,
      unit!.factory_id,
      unit!.id,
      'real-1',
    ]);
    assert.equal((await ensureDemoHistory(app.db, { days: 2, rebuild: false })).status, 'has-facts');
    assert.equal((await liveStep(app.db)).status, 'not-simulated');
  });
});

describe('simulator: configuration', () => {
  test('SIMULATE_DEMO follows SEED_DEMO unless set; SIMULATE_DEMO_DAYS is checked', () => {
    assert.equal(loadConfig({}).simulateDemo, true);
    assert.equal(loadConfig({}).simulateDemoDays, 405);
    assert.equal(loadConfig({ SEED_DEMO: 'false' }).simulateDemo, false);
    assert.equal(loadConfig({ SIMULATE_DEMO: 'false' }).simulateDemo, false);
    assert.equal(loadConfig({ SIMULATE_DEMO_DAYS: '30' }).simulateDemoDays, 30);
    assert.throws(() => loadConfig({ SIMULATE_DEMO_DAYS: 'many' }), ConfigError);
    assert.throws(() => loadConfig({ SEED_DEMO: 'false', SIMULATE_DEMO: 'true' }), ConfigError);
  });
});
