/**
 * The benchmark company: N factories × M units built from the three demo factory templates
 * (Montréal, Lyon, Monterrey: their time zones, production-day starts, shifts with a night shift
 * crossing midnight, products, reasons, state / count-delay / counter units), written with plain SQL.
 */
import { rebuildUnits } from '../src/analytics/rollups.ts';
import type { Db, Queryable } from '../src/db/db.ts';
import { DEMO_ACCOUNTS, type SeedFactory, type SeedUnit } from '../src/seed/demo-data.ts';
import { stableUuid } from '../src/seed/seed.ts';
import { factCount, generateFactory, type Facts, type SimFactory } from '../src/simulator/generate.ts';
import { copyFacts } from '../src/simulator/load.ts';
import { simFactoryFromSeed } from '../src/simulator/seed-config.ts';

export const BENCH_ACCOUNT_KEY = 'bench';
export const BENCH_ACCOUNT_ID = stableUuid('account:bench');
export const BENCH_ADMIN_EMAIL = 'admin@bench.linepulse.test';
const COUNTER_TEMPLATE_UNITS = ['MTY-EXT1', 'MTY-EXT2'];

export interface BenchFactory {
  seed: SeedFactory;
  sim: SimFactory;
}

/** Factory i: template i mod 3, `units` units cycling over the template's units. */
export function benchFactory(index: number, units: number, name = `F${String(index + 1).padStart(2, '0')}`): BenchFactory {
  const templates = DEMO_ACCOUNTS.find((a) => a.key === 'demo')!.factories;
  const tpl = templates[index % templates.length]!;
  const map = new Map<string, string[]>(); // template unit key → replicated keys
  const replicated: SeedUnit[] = [];
  const counterKeys: string[] = [];
  for (let j = 0; j < units; j++) {
    const t = tpl.units[j % tpl.units.length]!;
    const key = `${t.key}-${String(j + 1).padStart(2, '0')}`;
    replicated.push({ ...t, key, name: `${t.name} ${j + 1}` });
    map.set(t.key, [...(map.get(t.key) ?? []), key]);
    if (COUNTER_TEMPLATE_UNITS.includes(t.key)) counterKeys.push(key);
  }
  const seed: SeedFactory = {
    ...tpl,
    key: name.toLowerCase(),
    name: `${name} ${tpl.name}`,
    units: replicated,
    shifts: tpl.shifts.map((s) => ({ ...s, units: s.units ? s.units.flatMap((k) => map.get(k) ?? []) : replicated.map((u) => u.key) })),
    products: tpl.products.map((p) => ({
      ...p,
      rates: Object.fromEntries(Object.entries(p.rates).flatMap(([k, r]) => (map.get(k) ?? []).map((key) => [key, r]))),
    })),
  };
  const sim = simFactoryFromSeed(BENCH_ACCOUNT_KEY, seed, counterKeys, {
    accountId: BENCH_ACCOUNT_ID,
    factoryId: stableUuid(`factory:bench:${seed.key}`),
    prefix: `${seed.key}:`,
  });
  return { seed, sim };
}

/** Account, admin user and every factory's configuration. */
export async function createBenchCompany(q: Queryable, factories: BenchFactory[]): Promise<void> {
  await q.query(`INSERT INTO accounts (id, name, insights_enabled, is_tilelytics, domain_name) VALUES ($1, 'Bench Co.', true, true, 'bench.linepulse.test') ON CONFLICT DO NOTHING`, [BENCH_ACCOUNT_ID]);
  await q.query(
    `INSERT INTO users (id, account_id, email, display_name, role, is_admin, is_financial_admin, is_tilelytics, is_wx_user)
     VALUES ($1, $2, $3, 'Bench Admin', 'director', true, true, true, false) ON CONFLICT DO NOTHING`,
    [stableUuid(`user:${BENCH_ADMIN_EMAIL}`), BENCH_ACCOUNT_ID, BENCH_ADMIN_EMAIL],
  );
  for (const { seed, sim } of factories) {
    const a = BENCH_ACCOUNT_ID;
    await q.query(
      `INSERT INTO factories (id, account_id, name, timezone, primary_language, currency, production_day_minutes_from_midnight) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [sim.id, a, seed.name, seed.timezone, seed.primary_language, seed.currency, seed.production_day_minutes_from_midnight],
    );
    await q.query(
      `INSERT INTO production_units (id, account_id, factory_id, key, name, converted_unit_name, packages, cost_per_hour, downtime_delay_seconds, sort_order)
       SELECT u.id, $1, $2, u.key, u.name, u.cun, u.packages, u.cost, u.delay, u.ord
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::int[], $8::numeric[], $9::int[], $10::int[]) AS u(id, key, name, cun, packages, cost, delay, ord)`,
      [
        a,
        sim.id,
        sim.units.map((u) => u.id),
        seed.units.map((u) => u.key),
        seed.units.map((u) => u.name),
        seed.units.map((u) => u.converted_unit_name),
        seed.units.map((u) => u.packages),
        seed.units.map((u) => u.cost_per_hour),
        seed.units.map((u) => u.downtime_delay_seconds),
        seed.units.map((_, i) => i),
      ],
    );
    for (const [i, shift] of seed.shifts.entries()) {
      const id = stableUuid(`shift:bench:${seed.key}:${shift.key}`);
      await q.query(`INSERT INTO work_shifts (id, account_id, factory_id, key, name, start_local, end_local, days, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        id, a, sim.id, shift.key, shift.name, shift.start_local, shift.end_local, shift.days, i,
      ]);
      await q.query(`INSERT INTO work_shift_units (account_id, work_shift_id, production_unit_id) SELECT $1, $2, unnest($3::uuid[])`, [a, id, sim.shifts[i]!.unitIds]);
    }
    for (const [i, product] of sim.products.entries()) {
      await q.query('INSERT INTO products (id, account_id, factory_id, sku, name) VALUES ($1, $2, $3, $4, $5)', [product.id, a, sim.id, product.sku, seed.products[i]!.name]);
      const entries = Object.entries(product.rates);
      await q.query(
        `INSERT INTO product_unit_rates (account_id, product_id, production_unit_id, ideal_rate_per_hour) SELECT $1, $2, * FROM unnest($3::uuid[], $4::numeric[])`,
        [a, product.id, entries.map(([u]) => u), entries.map(([, r]) => r)],
      );
    }
    for (const [i, reason] of sim.reasons.entries()) {
      const r = seed.reasons[i]!;
      await q.query(
        `INSERT INTO downtime_reasons (id, account_id, factory_id, key, name, category, is_planned, target_seconds) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [reason.id, a, sim.id, reason.key, r.name, r.category, r.is_planned, r.target_seconds],
      );
    }
  }
}

export interface LoadOptions {
  seed: string;
  days: number;
  rebuildConcurrency: number;
  log: (...args: unknown[]) => void;
}

const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;

/**
 * The company's configuration, `days` of simulated history per factory loaded with COPY, then the
 * engine's bulk rebuild (shared by `pnpm bench` and the load script).
 */
export async function loadBenchCompany(db: Db, factories: BenchFactory[], ingestFactory: BenchFactory, historyStart: number, now: number, report: Record<string, unknown>, opts: LoadOptions): Promise<void> {
  const { log } = opts;
  await createBenchCompany(db, [...factories, ingestFactory]);
  // ---- load the company with the simulator (COPY) ------------------------------------------
  let genMs = 0;
  let copyMs = 0;
  let total = 0;
  for (const f of factories) {
    const t0 = performance.now();
    const facts = generateFactory(`${opts.seed}:${f.seed.key}`, historyStart, f.sim, historyStart, now);
    const t1 = performance.now();
    await db.transaction((tx) => copyFacts(tx, facts));
    const t2 = performance.now();
    genMs += t1 - t0;
    copyMs += t2 - t1;
    total += factCount(facts);
    log(`  ${f.seed.name}: ${factCount(facts)} facts (generate ${Math.round(t1 - t0)} ms, COPY ${Math.round(t2 - t1)} ms)`);
  }
  await db.exec('ANALYZE');
  report.load = { facts: total, generate_ms: Math.round(genMs), copy_ms: Math.round(copyMs), copy_events_per_s: Math.round(total / (copyMs / 1000)) };
  log(`company: ${total} facts; generated in ${round(genMs / 1000)} s, COPY ${round(copyMs / 1000)} s (${Math.round(total / (copyMs / 1000))} events/s)`);

  // ---- derived rollups --------------------------------------------------------------------
  const unitIds = factories.flatMap((f) => f.sim.units.map((u) => u.id));
  const t3 = performance.now();
  // Disjoint unit sets on separate connections (each unit is rebuilt under its own advisory lock).
  const parts = Array.from({ length: opts.rebuildConcurrency }, (_, k) => unitIds.filter((_, i) => i % opts.rebuildConcurrency === k));
  await Promise.all(parts.map((ids) => rebuildUnits(db, BENCH_ACCOUNT_ID, ids, new Date(historyStart), new Date(now), new Date(now))));
  const rebuildMs = performance.now() - t3;
  await db.exec('ANALYZE');
  report.rebuild = { units: unitIds.length, ms: Math.round(rebuildMs), concurrency: opts.rebuildConcurrency };
  log(`engine rebuild of ${unitIds.length} units × ${opts.days} days: ${round(rebuildMs / 1000)} s`);
}

/** An event of POST /api/ingest/v1/events. */
export interface IngestEvent {
  id: string;
  type: string;
  unit: string;
  [key: string]: unknown;
}

/** Simulated facts as ingestion events, in time order. */
export function toEvents(facts: Facts, sim: SimFactory): IngestEvent[] {
  const unitKey = new Map(sim.units.map((u) => [u.id, u.key]));
  const sku = new Map(sim.products.map((p) => [p.id, p.sku]));
  const reason = new Map(sim.reasons.map((r) => [r.id, r.key]));
  const iso = (t: number): string => new Date(t).toISOString();
  const out: (IngestEvent & { t: number })[] = [];
  for (const e of facts.states) out.push({ id: e.eventId, type: 'state', unit: unitKey.get(e.unitId)!, at: iso(e.at), state: e.running ? 'running' : 'stopped', t: e.at });
  for (const e of facts.counts) out.push({ id: e.eventId, type: 'count', unit: unitKey.get(e.unitId)!, at: iso(e.at), good: e.good, rejected: e.rejected, t: e.at });
  for (const e of facts.counters) out.push({ id: e.eventId, type: 'counter', unit: unitKey.get(e.unitId)!, at: iso(e.at), total: e.total, rejected: e.rejected, t: e.at });
  for (const e of facts.products) out.push({ id: e.eventId, type: 'product', unit: unitKey.get(e.unitId)!, at: iso(e.at), sku: sku.get(e.productId)!, t: e.at });
  for (const e of facts.justifications) out.push({ id: e.eventId, type: 'justification', unit: unitKey.get(e.unitId)!, from: iso(e.from), to: iso(e.to), reason: reason.get(e.reasonId)!, t: e.to });
  // In time order, as machines would send them.
  out.sort((a, b) => a.t - b.t);
  return out.map(({ t: _t, ...e }) => e);
}

