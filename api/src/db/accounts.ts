import type { Account } from '@linepulse/contracts';
import { queryOne, type Queryable } from './db.ts';

export async function findAccount(db: Queryable, id: string): Promise<Account | null> {
  return queryOne<Account>(
    db,
    'SELECT id, name, insights_enabled, is_tilelytics, domain_name, integrated_ecosystem FROM accounts WHERE id = $1',
    [id],
  );
}
