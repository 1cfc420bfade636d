/**
 * The benchmark company: N factories × M units built from the three demo factory templates
 * (Montréal, Lyon, Monterrey: their time zones, production-day starts, shifts with a night shift
 * crossing midnight, products, reasons, state / count-delay / counter units), written with plain SQL.
 */
import type { Queryable } from '../src/db/db.ts';
import { DEMO_ACCOUNTS, type SeedFactory, type SeedUnit } from '../src/seed/demo-data.ts';
import { stableUuid } from '../src/seed/seed.ts';
import type { SimFactory } from '../src/simulator/generate.ts';
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
