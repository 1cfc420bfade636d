import type { FactoryConfiguration } from '@linepulse/contracts';
import { unitsWithAlteredHistory, type WeekDay } from '@linepulse/contracts';
import type { Queryable } from './db.ts';
import { markHistoryDirty } from './rollup-dirty.ts';

/** A validated declaration: optional values resolved to null, numbers rounded to what is stored. */
export interface ConfigurationDeclaration {
  production_units: {
    key: string;
    name: string;
    converted_unit_name: string | null;
    packages: number | null;
    cost_per_hour: number | null;
    downtime_delay_seconds: number | null;
  }[];
  work_shifts: { key: string; name: string; production_units: string[]; start: string; end: string; days: WeekDay[] }[];
  products: { sku: string; name: string; ideal_rate_per_hour: Record<string, number> }[];
  downtime_reasons: { key: string; name: string; category: string; is_planned: boolean; target_seconds: number | null }[];
}

/** The factory's configuration with generated ids (units and shifts in declaration order, products by SKU, reasons by key). */
export async function readConfiguration(q: Queryable, accountId: string, factoryId: string): Promise<FactoryConfiguration> {
  const params = [accountId, factoryId];
  const units = await q.query<FactoryConfiguration['production_units'][number]>(
    `SELECT id, key, name, converted_unit_name, packages, cost_per_hour, downtime_delay_seconds
       FROM production_units WHERE account_id = $1 AND factory_id = $2 ORDER BY sort_order, key`,
    params,
  );
  const shifts = await q.query<{ id: string; key: string; name: string; start_local: string; end_local: string; days: WeekDay[] }>(
    `SELECT id, key, name, start_local, end_local, days
       FROM work_shifts WHERE account_id = $1 AND factory_id = $2 ORDER BY sort_order, key`,
    params,
  );
  const shiftUnits = await q.query<{ work_shift_id: string; key: string }>(
    `SELECT wsu.work_shift_id, pu.key
       FROM work_shift_units wsu
       JOIN production_units pu ON pu.account_id = wsu.account_id AND pu.id = wsu.production_unit_id
      WHERE pu.account_id = $1 AND pu.factory_id = $2 ORDER BY pu.sort_order, pu.key`,
    params,
  );
  const products = await q.query<{ id: string; sku: string; name: string }>(
    'SELECT id, sku, name FROM products WHERE account_id = $1 AND factory_id = $2 ORDER BY sku',
    params,
  );
  const rates = await q.query<{ product_id: string; key: string; ideal_rate_per_hour: number }>(
    `SELECT r.product_id, pu.key, r.ideal_rate_per_hour
       FROM product_unit_rates r
       JOIN production_units pu ON pu.account_id = r.account_id AND pu.id = r.production_unit_id
      WHERE pu.account_id = $1 AND pu.factory_id = $2 ORDER BY pu.sort_order, pu.key`,
    params,
  );
  const reasons = await q.query<FactoryConfiguration['downtime_reasons'][number]>(
    `SELECT id, key, name, category, is_planned, target_seconds
       FROM downtime_reasons WHERE account_id = $1 AND factory_id = $2 ORDER BY key`,
    params,
  );
  return {
    production_units: units.map((u) => ({ ...u, cost_per_hour: u.cost_per_hour === null ? null : Number(u.cost_per_hour) })),
    work_shifts: shifts.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      production_units: shiftUnits.filter((w) => w.work_shift_id === s.id).map((w) => w.key),
      start: s.start_local,
      end: s.end_local,
      days: s.days,
    })),
    products: products.map((p) => ({
      ...p,
      ideal_rate_per_hour: Object.fromEntries(rates.filter((r) => r.product_id === p.id).map((r) => [r.key, Number(r.ideal_rate_per_hour)])),
    })),
    downtime_reasons: reasons,
  };
}

/** Keys the declaration removes but facts still refer to (removing them would cascade into history). */
export interface InUse {
  production_units: string[];
  products: string[];
  downtime_reasons: string[];
}

export interface ApplyResult {
  /** Anything at all differs from what was stored. */
  changed: boolean;
  /** Units whose whole history was marked for re-derivation. */
  dirtyUnits: string[];
}

const canonical = (value: unknown): string => JSON.stringify(value);

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** An order-insensitive form for comparing two configurations (declaration order only sorts units and shifts). */
function normalised(config: ConfigurationDeclaration): ConfigurationDeclaration {
  return {
    production_units: config.production_units,
    work_shifts: config.work_shifts.map((s) => ({ ...s, production_units: [...s.production_units].sort(byText), days: [...s.days].sort(byText) })),
    products: [...config.products]
      .sort((a, b) => byText(a.sku, b.sku))
      .map((p) => ({ ...p, ideal_rate_per_hour: Object.fromEntries(Object.entries(p.ideal_rate_per_hour).sort(([a], [b]) => byText(a, b))) })),
    downtime_reasons: [...config.downtime_reasons].sort((a, b) => byText(a.key, b.key)),
  };
}

function withoutIds(config: FactoryConfiguration): ConfigurationDeclaration {
  return {
    production_units: config.production_units.map(({ id: _id, ...u }) => u),
    work_shifts: config.work_shifts.map(({ id: _id, ...s }) => ({ ...s, days: s.days as WeekDay[] })),
    products: config.products.map(({ id: _id, ...p }) => p),
    downtime_reasons: config.downtime_reasons.map(({ id: _id, ...r }) => r),
  };
}

const FACTS_OF_UNIT = ['unit_state_events', 'unit_count_events', 'unit_counter_readings', 'downtime_justifications', 'product_run_events']
  .map((table) => `EXISTS (SELECT 1 FROM ${table} f WHERE f.account_id = $1 AND f.production_unit_id = x.id)`)
  .join(' OR ');

/** Those of `ids` that `sql` returns (its $1 the account, $2 the ids). */
async function idsReferenced(q: Queryable, accountId: string, ids: readonly string[], sql: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: string }>(sql, [accountId, ids]);
  return new Set(rows.map((r) => r.id));
}

/** Those of the units that facts refer to. */
function unitsWithFacts(q: Queryable, accountId: string, ids: readonly string[]): Promise<Set<string>> {
  return idsReferenced(q, accountId, ids, `SELECT x.id FROM unnest($2::uuid[]) AS x(id) WHERE ${FACTS_OF_UNIT}`);
}

async function inUse(q: Queryable, accountId: string, current: FactoryConfiguration, next: ConfigurationDeclaration): Promise<InUse> {
  const removed = <T extends { id: string }>(list: T[], keyOf: (item: T) => string, kept: Set<string>): T[] =>
    list.filter((item) => !kept.has(keyOf(item)));
  const units = removed(current.production_units, (u) => u.key, new Set(next.production_units.map((u) => u.key)));
  const products = removed(current.products, (p) => p.sku, new Set(next.products.map((p) => p.sku)));
  const reasons = removed(current.downtime_reasons, (r) => r.key, new Set(next.downtime_reasons.map((r) => r.key)));
  const usedUnits = await unitsWithFacts(q, accountId, units.map((u) => u.id));
  const usedProducts = await idsReferenced(
    q,
    accountId,
    products.map((p) => p.id),
    'SELECT x.id FROM unnest($2::uuid[]) AS x(id) WHERE EXISTS (SELECT 1 FROM product_run_events f WHERE f.account_id = $1 AND f.product_id = x.id)',
  );
  const usedReasons = await idsReferenced(
    q,
    accountId,
    reasons.map((r) => r.id),
    'SELECT x.id FROM unnest($2::uuid[]) AS x(id) WHERE EXISTS (SELECT 1 FROM downtime_justifications f WHERE f.account_id = $1 AND f.downtime_reason_id = x.id)',
  );
  return {
    production_units: units.filter((u) => usedUnits.has(u.id)).map((u) => u.key),
    products: products.filter((p) => usedProducts.has(p.id)).map((p) => p.sku),
    downtime_reasons: reasons.filter((r) => usedReasons.has(r.id)).map((r) => r.key),
  };
}

/**
 * Makes the stored configuration equal to the declaration, inside the caller's transaction: upserts by
 * key/SKU (ids are kept), removes what is no longer declared, marks for re-derivation the whole history
 * of every unit whose schedule, rates, downtime delay or cost changed (every unit when reasons changed),
 * and bumps the factory's config_version when anything changed. Returns `inUse` instead when the
 * declaration would remove units, products or reasons that facts refer to: the caller then rolls its
 * transaction back (units may have been removed before facts arriving meanwhile were seen).
 */
export async function applyConfiguration(
  q: Queryable,
  accountId: string,
  factoryId: string,
  next: ConfigurationDeclaration,
): Promise<ApplyResult | { inUse: InUse }> {
  // Serialises concurrent declarations of one factory.
  await q.query('SELECT id FROM factories WHERE account_id = $1 AND id = $2 FOR UPDATE', [accountId, factoryId]);
  const current = await readConfiguration(q, accountId, factoryId);
  const blocked = await inUse(q, accountId, current, next);
  if (blocked.production_units.length + blocked.products.length + blocked.downtime_reasons.length > 0) return { inUse: blocked };

  const before = withoutIds(current);
  const was = normalised(before);
  const will = normalised(next);
  if (canonical(was) === canonical(will)) return { changed: false, dirtyUnits: [] };

  const ids = [accountId, factoryId];
  const units = next.production_units;
  const removedUnits = await q.query<{ id: string; key: string }>(
    `DELETE FROM production_units WHERE account_id = $1 AND factory_id = $2 AND NOT (key = ANY($3::text[])) RETURNING id, key`,
    [...ids, units.map((u) => u.key)],
  );
  // Asked again now that the removal holds the units' rows: an ingestion batch that had locked one
  // (state, count and counter facts have no foreign key, migration 034) has committed by now and is
  // seen here; a later one waits for this transaction and then finds the unit gone.
  const usedAfter = await unitsWithFacts(q, accountId, removedUnits.map((u) => u.id));
  if (usedAfter.size > 0) {
    return { inUse: { production_units: removedUnits.filter((u) => usedAfter.has(u.id)).map((u) => u.key), products: [], downtime_reasons: [] } };
  }
  const unitRows = await q.query<{ id: string; key: string }>(
    `INSERT INTO production_units (account_id, factory_id, key, name, converted_unit_name, packages, cost_per_hour, downtime_delay_seconds, sort_order)
     SELECT $1::uuid, $2::uuid, t.* FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::numeric[], $8::int[], $9::int[])
         AS t(key, name, converted_unit_name, packages, cost_per_hour, downtime_delay_seconds, sort_order)
     ON CONFLICT (account_id, factory_id, key) DO UPDATE SET
       name = EXCLUDED.name, converted_unit_name = EXCLUDED.converted_unit_name, packages = EXCLUDED.packages,
       cost_per_hour = EXCLUDED.cost_per_hour, downtime_delay_seconds = EXCLUDED.downtime_delay_seconds, sort_order = EXCLUDED.sort_order
     RETURNING id, key`,
    [
      ...ids,
      units.map((u) => u.key),
      units.map((u) => u.name),
      units.map((u) => u.converted_unit_name),
      units.map((u) => u.packages),
      units.map((u) => u.cost_per_hour),
      units.map((u) => u.downtime_delay_seconds),
      units.map((_, index) => index),
    ],
  );
  const unitId = new Map(unitRows.map((r) => [r.key, r.id]));

  const shifts = next.work_shifts;
  await q.query('DELETE FROM work_shifts WHERE account_id = $1 AND factory_id = $2 AND NOT (key = ANY($3::text[]))', [
    ...ids,
    shifts.map((s) => s.key),
  ]);
  const shiftRows = await q.query<{ id: string; key: string }>(
    `INSERT INTO work_shifts (account_id, factory_id, key, name, start_local, end_local, days, sort_order)
     SELECT $1::uuid, $2::uuid, t.key, t.name, t.start_local, t.end_local, string_to_array(t.days, ','), t.sort_order
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[]) AS t(key, name, start_local, end_local, days, sort_order)
     ON CONFLICT (account_id, factory_id, key) DO UPDATE SET
       name = EXCLUDED.name, start_local = EXCLUDED.start_local, end_local = EXCLUDED.end_local, days = EXCLUDED.days, sort_order = EXCLUDED.sort_order
     RETURNING id, key`,
    [
      ...ids,
      shifts.map((s) => s.key),
      shifts.map((s) => s.name),
      shifts.map((s) => s.start),
      shifts.map((s) => s.end),
      shifts.map((s) => s.days.join(',')),
      shifts.map((_, index) => index),
    ],
  );
  const shiftId = new Map(shiftRows.map((r) => [r.key, r.id]));
  const memberships = shifts.flatMap((s) => s.production_units.map((unit) => [shiftId.get(s.key)!, unitId.get(unit)!] as const));
  await q.query(
    `DELETE FROM work_shift_units WHERE account_id = $1
        AND work_shift_id IN (SELECT id FROM work_shifts WHERE account_id = $1 AND factory_id = $2)`,
    ids,
  );
  await q.query(
    `INSERT INTO work_shift_units (account_id, work_shift_id, production_unit_id)
     SELECT $1::uuid, t.s, t.u FROM unnest($2::uuid[], $3::uuid[]) AS t(s, u)`,
    [accountId, memberships.map((m) => m[0]), memberships.map((m) => m[1])],
  );

  const products = next.products;
  await q.query('DELETE FROM products WHERE account_id = $1 AND factory_id = $2 AND NOT (sku = ANY($3::text[]))', [
    ...ids,
    products.map((p) => p.sku),
  ]);
  const productRows = await q.query<{ id: string; sku: string }>(
    `INSERT INTO products (account_id, factory_id, sku, name)
     SELECT $1::uuid, $2::uuid, t.sku, t.name FROM unnest($3::text[], $4::text[]) AS t(sku, name)
     ON CONFLICT (account_id, factory_id, sku) DO UPDATE SET name = EXCLUDED.name
     RETURNING id, sku`,
    [...ids, products.map((p) => p.sku), products.map((p) => p.name)],
  );
  const productId = new Map(productRows.map((r) => [r.sku, r.id]));
  const rates = products.flatMap((p) =>
    Object.entries(p.ideal_rate_per_hour).map(([unit, rate]) => [productId.get(p.sku)!, unitId.get(unit)!, rate] as const),
  );
  await q.query(
    `DELETE FROM product_unit_rates WHERE account_id = $1
        AND product_id IN (SELECT id FROM products WHERE account_id = $1 AND factory_id = $2)`,
    ids,
  );
  await q.query(
    `INSERT INTO product_unit_rates (account_id, product_id, production_unit_id, ideal_rate_per_hour)
     SELECT $1::uuid, t.p, t.u, t.r FROM unnest($2::uuid[], $3::uuid[], $4::numeric[]) AS t(p, u, r)`,
    [accountId, rates.map((r) => r[0]), rates.map((r) => r[1]), rates.map((r) => r[2])],
  );

  const reasons = next.downtime_reasons;
  await q.query('DELETE FROM downtime_reasons WHERE account_id = $1 AND factory_id = $2 AND NOT (key = ANY($3::text[]))', [
    ...ids,
    reasons.map((r) => r.key),
  ]);
  await q.query(
    `INSERT INTO downtime_reasons (account_id, factory_id, key, name, category, is_planned, target_seconds)
     SELECT $1::uuid, $2::uuid, t.* FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[], $7::int[])
         AS t(key, name, category, is_planned, target_seconds)
     ON CONFLICT (account_id, factory_id, key) DO UPDATE SET
       name = EXCLUDED.name, category = EXCLUDED.category, is_planned = EXCLUDED.is_planned, target_seconds = EXCLUDED.target_seconds`,
    [
      ...ids,
      reasons.map((r) => r.key),
      reasons.map((r) => r.name),
      reasons.map((r) => r.category),
      reasons.map((r) => r.is_planned),
      reasons.map((r) => r.target_seconds),
    ],
  );

  // Re-derivation: units whose own inputs changed, or all of them when reasons changed (contracts' rule,
  // which the admin wizard shows before saving). New units have no facts yet; removed ones had none.
  const dirtyKeys = unitsWithAlteredHistory(before, next);
  const dirtyUnits = dirtyKeys.map((key) => unitId.get(key)!);
  await markHistoryDirty(q, accountId, factoryId, dirtyUnits);
  await q.query('UPDATE factories SET config_version = config_version + 1, updated_at = now() WHERE account_id = $1 AND id = $2', ids);
  return { changed: true, dirtyUnits: dirtyKeys };
}
