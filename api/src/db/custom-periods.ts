import type { CustomPeriod, CustomPeriodInput } from '@linepulse/contracts';
import type { Queryable } from './db.ts';

const COLUMNS = 'id, name, start_date, end_date, (end_date - start_date + 1) AS days';

/** The account's custom periods, newest first; days counts both ends (end inclusive). */
export async function listCustomPeriods(db: Queryable, accountId: string): Promise<CustomPeriod[]> {
  return db.query<CustomPeriod>(`SELECT ${COLUMNS} FROM custom_periods WHERE account_id = $1 ORDER BY start_date DESC, name`, [accountId]);
}

/** One period of the account, or null (another account's id is as unknown as a made-up one). */
export async function findCustomPeriod(db: Queryable, accountId: string, id: string): Promise<CustomPeriod | null> {
  const rows = await db.query<CustomPeriod>(`SELECT ${COLUMNS} FROM custom_periods WHERE account_id = $1 AND id = $2`, [accountId, id]);
  return rows[0] ?? null;
}

/**
 * Serialises the account's custom-period writes until the transaction ends: the duplicate and overlap
 * checks read the other periods, and two admins saving at once must not both pass them.
 */
export async function lockAccountCustomPeriods(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
}

export async function insertCustomPeriod(tx: Queryable, accountId: string, period: CustomPeriodInput): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO custom_periods (account_id, name, start_date, end_date) VALUES ($1, $2, $3, $4) RETURNING id',
    [accountId, period.name, period.start_date, period.end_date],
  );
  return row!.id;
}

/** Whether the account had this period to change. */
export async function updateCustomPeriod(tx: Queryable, accountId: string, id: string, period: CustomPeriodInput): Promise<boolean> {
  const rows = await tx.query('UPDATE custom_periods SET name = $3, start_date = $4, end_date = $5 WHERE account_id = $1 AND id = $2 RETURNING id', [
    accountId,
    id,
    period.name,
    period.start_date,
    period.end_date,
  ]);
  return rows.length === 1;
}

/** Whether the account had this period to delete. */
export async function deleteCustomPeriod(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM custom_periods WHERE account_id = $1 AND id = $2 RETURNING id', [accountId, id]);
  return rows.length === 1;
}
