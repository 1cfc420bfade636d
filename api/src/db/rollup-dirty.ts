import type { Queryable } from './db.ts';

/**
 * Start of "the whole history" when a configuration change re-derives everything: 1 September 2019
 * (product §5) at 00:00 in UTC+14, the earliest local midnight anywhere, so it precedes the first
 * production day of every factory whatever its time zone (even after a time-zone change).
 */
export const HISTORY_START = '2019-08-31T10:00:00Z';

/**
 * Marks the whole history of some units (all of the factory's when unitIds is omitted) for
 * re-derivation: one rollup_dirty row each, from HISTORY_START to now + 1 day. Returns the rows added.
 */
export async function markHistoryDirty(q: Queryable, accountId: string, factoryId: string, unitIds?: readonly string[]): Promise<number> {
  if (unitIds && unitIds.length === 0) return 0;
  const rows = await q.query<{ id: number }>(
    `INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at)
     SELECT $1::uuid, $2::uuid, pu.id, $3::timestamptz, now() + interval '1 day'
       FROM production_units pu
      WHERE pu.account_id = $1 AND pu.factory_id = $2 AND ($4::uuid[] IS NULL OR pu.id = ANY($4::uuid[]))
     RETURNING id`,
    [accountId, factoryId, HISTORY_START, unitIds ?? null],
  );
  return rows.length;
}
