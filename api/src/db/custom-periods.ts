import type { CustomPeriod } from '@linepulse/contracts';
import type { Queryable } from './db.ts';

/** The account's custom periods, newest first; days counts both ends (end inclusive). */
export async function listCustomPeriods(db: Queryable, accountId: string): Promise<CustomPeriod[]> {
  return db.query<CustomPeriod>(
    `SELECT id, name, start_date, end_date, (end_date - start_date + 1) AS days
       FROM custom_periods WHERE account_id = $1 ORDER BY start_date DESC, name`,
    [accountId],
  );
}
