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

export interface RecomputationUnit {
  id: string;
  key: string;
  name: string;
  pending: boolean;
  pendingSince: string | null;
}

/**
 * The factory's units (declaration order), each with whether a whole-history re-derivation
 * (markHistoryDirty: configuration or calendar change) still waits for it and since when. Only rows
 * starting at HISTORY_START count: ingestion marks a short span on every batch, which the next sweep
 * clears, and counting those would show a live factory as forever recomputing. The sweep deletes a
 * unit's rows in the transaction that re-derives it, so a unit stays pending until its new figures
 * are committed.
 */
export async function recomputationOf(q: Queryable, accountId: string, factoryId: string): Promise<RecomputationUnit[]> {
  const rows = await q.query<{ id: string; key: string; name: string; pending_since: string | Date | null }>(
    `SELECT pu.id, pu.key, pu.name,
            (SELECT min(d.marked_at) FROM rollup_dirty d
              WHERE d.account_id = pu.account_id AND d.production_unit_id = pu.id AND d.from_at <= $3::timestamptz) AS pending_since
       FROM production_units pu
      WHERE pu.account_id = $1 AND pu.factory_id = $2
      ORDER BY pu.sort_order, pu.key`,
    [accountId, factoryId, HISTORY_START],
  );
  return rows.map((r) => {
    const since = r.pending_since === null ? null : new Date(r.pending_since).toISOString();
    return { id: r.id, key: r.key, name: r.name, pending: since !== null, pendingSince: since };
  });
}
