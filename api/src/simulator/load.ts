/**
 * Between the pure generator and the database: reading an account's configuration as a simulator
 * config, and writing facts (COPY for bulk loads, staged INSERT … ON CONFLICT DO NOTHING for the
 * live loop, so a re-run never doubles a fact).
 */
import type { Queryable } from '../db/db.ts';
import type { WeekDay } from '@linepulse/contracts';
import type { Facts, SimFactory } from './generate.ts';

interface Row {
  [key: string]: unknown;
}

/** The account's factories (all, or those named by id) as simulator configuration. */
export async function loadSimFactories(q: Queryable, accountId: string, counterUnitKeys: readonly string[] = [], factoryIds?: readonly string[]): Promise<SimFactory[]> {
  const counters = new Set(counterUnitKeys);
  const factories = await q.query<{ id: string; name: string; timezone: string }>(
    `SELECT id, name, timezone FROM factories WHERE account_id = $1 ${factoryIds ? 'AND id = ANY($2::uuid[])' : ''} ORDER BY name, id`,
    factoryIds ? [accountId, factoryIds] : [accountId],
  );
  const units = await q.query<{ id: string; factory_id: string; key: string; downtime_delay_seconds: number | null }>(
    'SELECT id, factory_id, key, downtime_delay_seconds FROM production_units WHERE account_id = $1 ORDER BY sort_order, key',
    [accountId],
  );
  const shifts = await q.query<{ id: string; factory_id: string; key: string; start_local: string; end_local: string; days: WeekDay[]; unit_ids: string[] | null }>(
    `SELECT s.id, s.factory_id, s.key, s.start_local, s.end_local, s.days,
            array_agg(wsu.production_unit_id ORDER BY wsu.production_unit_id) FILTER (WHERE wsu.production_unit_id IS NOT NULL) AS unit_ids
       FROM work_shifts s LEFT JOIN work_shift_units wsu ON wsu.account_id = s.account_id AND wsu.work_shift_id = s.id
      WHERE s.account_id = $1 GROUP BY s.account_id, s.id ORDER BY s.sort_order, s.key`,
    [accountId],
  );
  const products = await q.query<{ id: string; factory_id: string; sku: string }>('SELECT id, factory_id, sku FROM products WHERE account_id = $1 ORDER BY sku', [accountId]);
  const rates = await q.query<{ product_id: string; production_unit_id: string; ideal_rate_per_hour: number }>(
    'SELECT product_id, production_unit_id, ideal_rate_per_hour FROM product_unit_rates WHERE account_id = $1',
    [accountId],
  );
  const reasons = await q.query<{ id: string; factory_id: string; key: string; is_planned: boolean; target_seconds: number | null }>(
    'SELECT id, factory_id, key, is_planned, target_seconds FROM downtime_reasons WHERE account_id = $1 ORDER BY key',
    [accountId],
  );
  return factories.map((f) => ({
    accountId,
    id: f.id,
    key: f.name,
    timezone: f.timezone,
    units: units
      .filter((u) => u.factory_id === f.id)
      .map((u) => ({
        id: u.id,
        key: u.key,
        downtimeDelaySeconds: u.downtime_delay_seconds === null ? null : Number(u.downtime_delay_seconds),
        counters: counters.has(u.key),
      })),
    shifts: shifts
      .filter((s) => s.factory_id === f.id)
      .map((s) => ({ key: s.key, start: s.start_local, end: s.end_local, days: s.days, unitIds: s.unit_ids ?? [] })),
    products: products
      .filter((p) => p.factory_id === f.id)
      .map((p) => ({
        id: p.id,
        sku: p.sku,
        rates: Object.fromEntries(rates.filter((r) => r.product_id === p.id).map((r) => [r.production_unit_id, Number(r.ideal_rate_per_hour)])),
      })),
    reasons: reasons
      .filter((r) => r.factory_id === f.id)
      .map((r) => ({ id: r.id, key: r.key, isPlanned: r.is_planned, targetSeconds: r.target_seconds === null ? null : Number(r.target_seconds) })),
  }));
}

const iso = (ms: number): string => new Date(ms).toISOString();

interface TableSpec {
  table: string;
  columns: string[];
  rows: (facts: Facts) => string[];
}

const BASE = ['account_id', 'factory_id', 'production_unit_id', 'event_id'];

export const FACT_TABLES: TableSpec[] = [
  {
    table: 'unit_state_events',
    columns: [...BASE, 'at', 'running'],
    rows: (f) => f.states.map((e) => `${e.accountId},${e.factoryId},${e.unitId},${e.eventId},${iso(e.at)},${e.running ? 't' : 'f'}`),
  },
  {
    table: 'unit_count_events',
    columns: [...BASE, 'at', 'good', 'rejected'],
    rows: (f) => f.counts.map((e) => `${e.accountId},${e.factoryId},${e.unitId},${e.eventId},${iso(e.at)},${e.good},${e.rejected}`),
  },
  {
    table: 'unit_counter_readings',
    columns: [...BASE, 'at', 'total', 'rejected'],
    rows: (f) => f.counters.map((e) => `${e.accountId},${e.factoryId},${e.unitId},${e.eventId},${iso(e.at)},${e.total},${e.rejected}`),
  },
  {
    table: 'downtime_justifications',
    columns: [...BASE, 'from_at', 'to_at', 'downtime_reason_id'],
    rows: (f) => f.justifications.map((e) => `${e.accountId},${e.factoryId},${e.unitId},${e.eventId},${iso(e.from)},${iso(e.to)},${e.reasonId}`),
  },
  {
    table: 'product_run_events',
    columns: [...BASE, 'at', 'product_id'],
    rows: (f) => f.products.map((e) => `${e.accountId},${e.factoryId},${e.unitId},${e.eventId},${iso(e.at)},${e.productId}`),
  },
];

/**
 * Inside a transaction, a superuser skips the per-row foreign-key triggers of a bulk load (the facts
 * are generated from the configuration they refer to): `SET LOCAL session_replication_role = replica`
 * lasts until the transaction ends. Other roles keep the checks.
 */
async function skipForeignKeyChecks(q: Queryable): Promise<void> {
  const [role] = await q.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  if (role?.rolsuper) await q.exec('SET LOCAL session_replication_role = replica');
}

/** CSV chunks of at most `chunkRows` lines (huge single strings are slow to build and to send). */
function* csvChunks(lines: string[], chunkRows: number): Generator<string> {
  for (let i = 0; i < lines.length; i += chunkRows) yield lines.slice(i, i + chunkRows).join('\n') + '\n';
}

/** COPY every fact into its table: for a load into tables holding none of these facts yet. */
export async function copyFacts(q: Queryable, facts: Facts, chunkRows = 250_000): Promise<void> {
  await skipForeignKeyChecks(q);
  for (const spec of FACT_TABLES) {
    const lines = spec.rows(facts);
    for (const chunk of csvChunks(lines, chunkRows)) await q.copyFrom(spec.table, spec.columns, chunk);
  }
}

/**
 * Inserts facts that may already be there (live loop, re-runs): COPY into a temporary table, then
 * INSERT … ON CONFLICT DO NOTHING. Call inside a transaction (the staging tables drop at commit).
 * Returns how many facts were new.
 */
export async function insertFacts(tx: Queryable, facts: Facts): Promise<number> {
  let inserted = 0;
  for (const spec of FACT_TABLES) {
    const lines = spec.rows(facts);
    if (lines.length === 0) continue;
    const staging = `sim_stage_${spec.table}`;
    await tx.exec(`CREATE TEMP TABLE IF NOT EXISTS ${staging} (LIKE ${spec.table}) ON COMMIT DELETE ROWS`);
    for (const chunk of csvChunks(lines, 100_000)) await tx.copyFrom(staging, spec.columns, chunk);
    const rows = await tx.query<Row>(
      `WITH ins AS (INSERT INTO ${spec.table} (${spec.columns.join(', ')}) SELECT ${spec.columns.join(', ')} FROM ${staging}
         ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*)::int AS n FROM ins`,
    );
    inserted += Number(rows[0]?.n ?? 0);
    await tx.exec(`DELETE FROM ${staging}`);
  }
  return inserted;
}

/** Per unit, the span [earliest fact instant, latest fact instant] of a batch (for rollup_dirty). */
export function spansByUnit(facts: Facts): Map<string, { factoryId: string; accountId: string; from: number; to: number }> {
  const spans = new Map<string, { factoryId: string; accountId: string; from: number; to: number }>();
  const touch = (e: { unitId: string; factoryId: string; accountId: string }, a: number, b: number): void => {
    const s = spans.get(e.unitId);
    if (!s) spans.set(e.unitId, { factoryId: e.factoryId, accountId: e.accountId, from: a, to: b });
    else {
      s.from = Math.min(s.from, a);
      s.to = Math.max(s.to, b);
    }
  };
  for (const e of facts.states) touch(e, e.at, e.at);
  for (const e of facts.counts) touch(e, e.at, e.at);
  for (const e of facts.counters) touch(e, e.at, e.at);
  for (const e of facts.products) touch(e, e.at, e.at);
  for (const e of facts.justifications) touch(e, e.from, e.to);
  return spans;
}
