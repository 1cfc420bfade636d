/**
 * Writing configuration and raw facts straight into the tables, for the analytics tests.
 * Factories are created in the demo account (so demo users can call the API on them).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/db.ts';

export interface TestFactory {
  accountId: string;
  factoryId: string;
  db: Db;
}

let seq = 0;
const nextId = (prefix: string): string => `${prefix}-${(seq += 1)}-${randomUUID().slice(0, 8)}`;

export async function demoAccountId(db: Db): Promise<string> {
  const rows = await db.query<{ id: string }>("SELECT id FROM accounts WHERE domain_name = 'demo.linepulse.test'");
  return rows[0]!.id;
}

export async function makeFactory(
  db: Db,
  opts: { timezone?: string; dayStartMinutes?: number; weekFirstDay?: string; yearFirstMonth?: string; currency?: string } = {},
): Promise<TestFactory> {
  const accountId = await demoAccountId(db);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO factories (account_id, name, timezone, production_day_minutes_from_midnight, week_first_day, year_first_month, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [accountId, `T ${nextId('f')}`.slice(0, 60), opts.timezone ?? 'UTC', opts.dayStartMinutes ?? 0, opts.weekFirstDay ?? 'monday', opts.yearFirstMonth ?? 'january', opts.currency ?? 'CAD'],
  );
  return { accountId, factoryId: rows[0]!.id, db };
}

export async function makeUnit(f: TestFactory, opts: { name?: string; delaySeconds?: number | null; costPerHour?: number | null } = {}): Promise<string> {
  const key = nextId('u');
  const rows = await f.db.query<{ id: string }>(
    `INSERT INTO production_units (account_id, factory_id, key, name, downtime_delay_seconds, cost_per_hour) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [f.accountId, f.factoryId, key, opts.name ?? key, opts.delaySeconds ?? null, opts.costPerHour ?? null],
  );
  return rows[0]!.id;
}

export async function makeShift(f: TestFactory, opts: { start: string; end: string; days?: string[]; units: string[]; name?: string; sortOrder?: number }): Promise<string> {
  const key = nextId('s');
  const rows = await f.db.query<{ id: string }>(
    `INSERT INTO work_shifts (account_id, factory_id, key, name, start_local, end_local, days, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [f.accountId, f.factoryId, key, opts.name ?? key, opts.start, opts.end,
      opts.days ?? ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], opts.sortOrder ?? 0],
  );
  for (const unit of opts.units) {
    await f.db.query('INSERT INTO work_shift_units (account_id, work_shift_id, production_unit_id) VALUES ($1, $2, $3)', [f.accountId, rows[0]!.id, unit]);
  }
  return rows[0]!.id;
}

export async function makeProduct(f: TestFactory, rates: Record<string, number>): Promise<string> {
  const sku = nextId('p');
  const rows = await f.db.query<{ id: string }>('INSERT INTO products (account_id, factory_id, sku, name) VALUES ($1, $2, $3, $3) RETURNING id', [f.accountId, f.factoryId, sku]);
  for (const [unit, rate] of Object.entries(rates)) {
    await f.db.query('INSERT INTO product_unit_rates (account_id, product_id, production_unit_id, ideal_rate_per_hour) VALUES ($1, $2, $3, $4)', [f.accountId, rows[0]!.id, unit, rate]);
  }
  return rows[0]!.id;
}

export async function makeReason(f: TestFactory, opts: { planned: boolean; category?: string; name?: string; targetSeconds?: number }): Promise<string> {
  const key = nextId('r');
  const rows = await f.db.query<{ id: string }>(
    `INSERT INTO downtime_reasons (account_id, factory_id, key, name, category, is_planned, target_seconds) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [f.accountId, f.factoryId, key, opts.name ?? key, opts.category ?? (opts.planned ? 'Planned' : 'Breakdown'), opts.planned, opts.targetSeconds ?? null],
  );
  return rows[0]!.id;
}

const u = (f: TestFactory, unit: string) => [f.accountId, f.factoryId, unit];

export async function state(f: TestFactory, unit: string, at: string, running: boolean): Promise<void> {
  await f.db.query('INSERT INTO unit_state_events (account_id, factory_id, production_unit_id, event_id, at, running) VALUES ($1, $2, $3, $4, $5, $6)', [...u(f, unit), nextId('e'), at, running]);
}

export async function count(f: TestFactory, unit: string, at: string, good: number, rejected = 0): Promise<void> {
  await f.db.query('INSERT INTO unit_count_events (account_id, factory_id, production_unit_id, event_id, at, good, rejected) VALUES ($1, $2, $3, $4, $5, $6, $7)', [...u(f, unit), nextId('e'), at, good, rejected]);
}

export async function counter(f: TestFactory, unit: string, at: string, total: number, rejected = 0): Promise<void> {
  await f.db.query('INSERT INTO unit_counter_readings (account_id, factory_id, production_unit_id, event_id, at, total, rejected) VALUES ($1, $2, $3, $4, $5, $6, $7)', [...u(f, unit), nextId('e'), at, total, rejected]);
}

export async function justify(f: TestFactory, unit: string, from: string, to: string, reasonId: string, eventId = nextId('e')): Promise<void> {
  await f.db.query('INSERT INTO downtime_justifications (account_id, factory_id, production_unit_id, event_id, from_at, to_at, downtime_reason_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [...u(f, unit), eventId, from, to, reasonId]);
}

export async function product(f: TestFactory, unit: string, at: string, productId: string): Promise<void> {
  await f.db.query('INSERT INTO product_run_events (account_id, factory_id, production_unit_id, event_id, at, product_id) VALUES ($1, $2, $3, $4, $5, $6)', [...u(f, unit), nextId('e'), at, productId]);
}

/** What ingestion does after storing late facts: marks the unit's range dirty. */
export async function markDirty(f: TestFactory, unit: string, from: string, to: string): Promise<void> {
  await f.db.query('INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at) VALUES ($1, $2, $3, $4, $5)', [...u(f, unit), from, to]);
}

export const MIN = 60_000;
export const HOUR = 3_600_000;
