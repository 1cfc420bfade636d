/**
 * Simulator configuration straight from the seed definitions (no database): the same ids the seed
 * writes, so tests and the benchmark can generate the demo company, or any number of copies of its
 * factories, as a pure computation.
 */
import { DEMO_ACCOUNTS, type SeedFactory } from '../seed/demo-data.ts';
import { demoIds, stableUuid } from '../seed/seed.ts';
import type { SimFactory } from './generate.ts';

export function simFactoryFromSeed(accountKey: string, factory: SeedFactory, counterUnits: readonly string[] = [], ids?: { accountId: string; factoryId: string; /** Distinguishes the ids of copies of one factory (keys stay). */ prefix: string }): SimFactory {
  const accountId = ids?.accountId ?? demoIds.account(accountKey);
  const factoryId = ids?.factoryId ?? demoIds.factory(accountKey, factory.key);
  const p = ids?.prefix ?? '';
  const unitId = (key: string): string => stableUuid(`unit:${accountKey}:${p}${key}`);
  const allUnits = factory.units.map((u) => unitId(u.key));
  return {
    accountId,
    id: factoryId,
    key: factory.key,
    timezone: factory.timezone,
    units: factory.units.map((u) => ({ id: unitId(u.key), key: u.key, downtimeDelaySeconds: u.downtime_delay_seconds, counters: counterUnits.includes(u.key) })),
    shifts: factory.shifts.map((s) => ({ key: s.key, start: s.start_local, end: s.end_local, days: s.days, unitIds: s.units ? s.units.map(unitId) : allUnits })),
    products: factory.products.map((pr) => ({
      id: stableUuid(`product:${accountKey}:${p}${factory.key}:${pr.sku}`),
      sku: pr.sku,
      rates: Object.fromEntries(Object.entries(pr.rates).map(([k, r]) => [unitId(k), r])),
    })),
    reasons: factory.reasons.map((r) => ({
      id: stableUuid(`reason:${accountKey}:${p}${factory.key}:${r.key}`),
      key: r.key,
      isPlanned: r.is_planned,
      targetSeconds: r.target_seconds,
    })),
  };
}

/** The three Demo Co. factories as seeded. */
export function demoSimFactories(counterUnits: readonly string[] = ['MTY-EXT1', 'MTY-EXT2']): SimFactory[] {
  const account = DEMO_ACCOUNTS.find((a) => a.key === 'demo')!;
  return account.factories.map((f) => simFactoryFromSeed('demo', f, counterUnits));
}
