import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { DATE_FORMAT } from '@linepulse/contracts';
import { hashPassword } from '../auth/password.ts';
import type { Db, Queryable } from '../db/db.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type SeedAccount, type SeedFactory } from './demo-data.ts';

/** Advisory-lock key of the seed ("LPSD"), distinct from the migrations' key. */
const SEED_LOCK_KEY = 0x4c505344;

/**
 * A UUID (version 5 layout) derived from a name, so demo ids stay the same on every fresh database:
 * bookmarks, e2e tests and docs can rely on them.
 */
export function stableUuid(name: string): string {
  const bytes = createHash('sha1').update(`linepulse-demo:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const demoIds = {
  account: (account: string): string => stableUuid(`account:${account}`),
  factory: (account: string, factory: string): string => stableUuid(`factory:${account}:${factory}`),
  user: (email: string): string => stableUuid(`user:${email.toLowerCase()}`),
};

function customPeriod(kind: SeedAccount['customPeriods'][number], today: DateTime): { name: string; start: DateTime; end: DateTime } {
  const month = today.startOf('month');
  const monthName = (start: DateTime): string => start.setLocale('en').toFormat('LLLyy');
  switch (kind) {
    case 'current-month':
      return { name: monthName(month), start: month, end: month.endOf('month') };
    case 'previous-month': {
      const start = month.minus({ months: 1 });
      return { name: monthName(start), start, end: start.endOf('month') };
    }
    case 'earlier-quarter': {
      // The whole quarter before the one holding the previous month: never overlaps the two months.
      const start = month.minus({ months: 1 }).startOf('quarter').minus({ quarters: 1 });
      return { name: `Q${start.quarter}-${start.toFormat('yy')}`, start, end: start.endOf('quarter') };
    }
  }
}

async function seedFactory(tx: Queryable, accountId: string, account: SeedAccount, factory: SeedFactory): Promise<void> {
  const factoryId = demoIds.factory(account.key, factory.key);
  await tx.query(
    `INSERT INTO factories (id, account_id, name, timezone, primary_language, currency, production_day_minutes_from_midnight)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [factoryId, accountId, factory.name, factory.timezone, factory.primary_language, factory.currency, factory.production_day_minutes_from_midnight],
  );
  for (const [type, value] of Object.entries(factory.objectives)) {
    await tx.query('INSERT INTO factory_objectives (account_id, factory_id, objective_type, value) VALUES ($1, $2, $3, $4)', [
      accountId,
      factoryId,
      type,
      value,
    ]);
  }
  const unitIds = new Map<string, string>();
  for (const [index, unit] of factory.units.entries()) {
    const id = stableUuid(`unit:${account.key}:${unit.key}`);
    unitIds.set(unit.key, id);
    await tx.query(
      `INSERT INTO production_units (id, account_id, factory_id, key, name, converted_unit_name, packages, cost_per_hour, downtime_delay_seconds, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, accountId, factoryId, unit.key, unit.name, unit.converted_unit_name, unit.packages, unit.cost_per_hour, unit.downtime_delay_seconds, index],
    );
  }
  const unitId = (key: string): string => {
    const id = unitIds.get(key);
    if (!id) throw new Error(`Seed: unknown unit ${key} in ${factory.name}`);
    return id;
  };
  for (const [index, shift] of factory.shifts.entries()) {
    const id = stableUuid(`shift:${account.key}:${factory.key}:${shift.key}`);
    await tx.query(
      `INSERT INTO work_shifts (id, account_id, factory_id, key, name, start_local, end_local, days, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, accountId, factoryId, shift.key, shift.name, shift.start_local, shift.end_local, shift.days, index],
    );
    for (const key of shift.units ?? [...unitIds.keys()]) {
      await tx.query('INSERT INTO work_shift_units (account_id, work_shift_id, production_unit_id) VALUES ($1, $2, $3)', [
        accountId,
        id,
        unitId(key),
      ]);
    }
  }
  for (const product of factory.products) {
    const id = stableUuid(`product:${account.key}:${factory.key}:${product.sku}`);
    await tx.query('INSERT INTO products (id, account_id, factory_id, sku, name) VALUES ($1, $2, $3, $4, $5)', [
      id,
      accountId,
      factoryId,
      product.sku,
      product.name,
    ]);
    for (const [key, rate] of Object.entries(product.rates)) {
      await tx.query(
        'INSERT INTO product_unit_rates (account_id, product_id, production_unit_id, ideal_rate_per_hour) VALUES ($1, $2, $3, $4)',
        [accountId, id, unitId(key), rate],
      );
    }
  }
  for (const reason of factory.reasons) {
    await tx.query(
      `INSERT INTO downtime_reasons (id, account_id, factory_id, key, name, category, is_planned, target_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        stableUuid(`reason:${account.key}:${factory.key}:${reason.key}`),
        accountId,
        factoryId,
        reason.key,
        reason.name,
        reason.category,
        reason.is_planned,
        reason.target_seconds,
      ],
    );
  }
}

/**
 * Creates the demo accounts that do not exist yet (matched by domain name). Safe to run on every
 * start and from several instances at once: an advisory lock serialises it and existing accounts
 * are left untouched. Returns the names of the accounts it created.
 */
export async function seedDemoData(db: Db, today: DateTime = DateTime.now()): Promise<string[]> {
  let passwordHash: string | null = null;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const created: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const existing = await tx.query('SELECT id FROM accounts WHERE lower(domain_name) = lower($1)', [account.domain_name]);
      if (existing.length > 0) continue;
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      const accountId = demoIds.account(account.key);
      await tx.query('INSERT INTO accounts (id, name, insights_enabled, is_tilelytics, domain_name, integrated_ecosystem) VALUES ($1, $2, $3, $4, $5, $6)', [
        accountId,
        account.name,
        account.insights_enabled,
        account.is_tilelytics,
        account.domain_name,
        account.integrated_ecosystem,
      ]);
      for (const user of account.users) {
        await tx.query(
          `INSERT INTO users (id, account_id, email, display_name, role, is_admin, is_financial_admin, is_tilelytics, is_wx_user, password_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            demoIds.user(user.email),
            accountId,
            user.email,
            user.display_name,
            user.role,
            user.is_admin,
            user.is_financial_admin,
            user.is_tilelytics,
            user.is_wx_user,
            passwordHash,
          ],
        );
      }
      for (const factory of account.factories) await seedFactory(tx, accountId, account, factory);
      for (const kind of account.customPeriods) {
        const period = customPeriod(kind, today);
        await tx.query('INSERT INTO custom_periods (id, account_id, name, start_date, end_date) VALUES ($1, $2, $3, $4, $5)', [
          stableUuid(`period:${account.key}:${kind}:${period.name}`),
          accountId,
          period.name,
          period.start.toFormat(DATE_FORMAT),
          period.end.toFormat(DATE_FORMAT),
        ]);
      }
      created.push(account.name);
    }
    return created;
  });
}
