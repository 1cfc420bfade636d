import type { SavedFilter, SavedFilterGroup, SavedFilterGroupRow } from '@linepulse/contracts';
import type { Queryable } from './db.ts';

/** A group to store: names trimmed, ids checked against the account's configuration, no repeats. */
export type SavedFilterGroupInput = Omit<SavedFilterGroup, 'id'>;

/** The lines and shifts of one factory of the account, to check a group against. */
export interface FactoryMembers {
  production_unit_ids: Set<string>;
  work_shift_ids: Set<string>;
}

interface Row {
  filter_id: string;
  filter_name: string;
  created_at: string;
  updated_at: string;
  id: string | null;
  name: string | null;
  factory_id: string | null;
  production_unit_ids: string[] | null;
  work_shift_ids: string[] | null;
}

// Lines and shifts in the factory's configuration order, whatever order they were saved in.
const SELECT_FILTERS = `
  SELECT f.id AS filter_id, f.name AS filter_name, f.created_at, f.updated_at, g.id, g.name, g.factory_id,
         ARRAY(SELECT gu.production_unit_id::text
                 FROM saved_filter_group_units gu
                 JOIN production_units pu ON pu.account_id = gu.account_id AND pu.id = gu.production_unit_id
                WHERE gu.account_id = g.account_id AND gu.group_id = g.id
                ORDER BY pu.sort_order, pu.name, pu.id) AS production_unit_ids,
         ARRAY(SELECT gs.work_shift_id::text
                 FROM saved_filter_group_shifts gs
                 JOIN work_shifts ws ON ws.account_id = gs.account_id AND ws.id = gs.work_shift_id
                WHERE gs.account_id = g.account_id AND gs.group_id = g.id
                ORDER BY ws.sort_order, ws.start_local, ws.id) AS work_shift_ids
    FROM saved_filters f
    LEFT JOIN saved_filter_groups g ON g.account_id = f.account_id AND g.filter_id = f.id
   WHERE f.account_id = $1 AND f.user_id = $2`;

// Names sort as people read them in en, fr and es: case and accents ignored, numbers by value. Done
// here rather than in SQL so the order does not depend on the database's collation.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function toFilters(rows: Row[]): SavedFilter[] {
  const filters = new Map<string, SavedFilter>();
  for (const row of rows) {
    let filter = filters.get(row.filter_id);
    if (!filter) {
      filter = { id: row.filter_id, name: row.filter_name, groups: [], created_at: row.created_at, updated_at: row.updated_at };
      filters.set(row.filter_id, filter);
    }
    if (row.id !== null) {
      filter.groups.push({
        id: row.id,
        name: row.name ?? '',
        factory_id: row.factory_id ?? '',
        production_unit_ids: row.production_unit_ids ?? [],
        work_shift_ids: row.work_shift_ids ?? [],
      });
    }
  }
  const tieBreak = (a: SavedFilter, b: SavedFilter): number => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
  return [...filters.values()].sort((a, b) => byName.compare(a.name, b.name) || tieBreak(a, b));
}

/** The user's saved filters, by name (case-insensitive), each with its groups in their saved order. */
export async function listSavedFilters(q: Queryable, accountId: string, userId: string): Promise<SavedFilter[]> {
  return toFilters(await q.query<Row>(`${SELECT_FILTERS} ORDER BY f.id, g.sort_order`, [accountId, userId]));
}

/** One saved filter of the user; null when it does not exist or belongs to someone else. */
export async function findSavedFilter(q: Queryable, accountId: string, userId: string, filterId: string): Promise<SavedFilter | null> {
  const rows = await q.query<Row>(`${SELECT_FILTERS} AND f.id = $3 ORDER BY g.sort_order`, [accountId, userId, filterId]);
  return toFilters(rows)[0] ?? null;
}

/** Every group of the user's saved filters, flat, filters by name then groups in their order. */
export async function listSavedFilterGroups(q: Queryable, accountId: string, userId: string): Promise<SavedFilterGroupRow[]> {
  const filters = await listSavedFilters(q, accountId, userId);
  return filters.flatMap((filter) => filter.groups.map((group) => ({ ...group, filter_id: filter.id, filter_name: filter.name })));
}

/**
 * Serialises the writes of one user's saved filters until the transaction ends, so two saves at once
 * cannot both pass the duplicate checks. FOR NO KEY UPDATE does not block the foreign-key checks of
 * other tables that reference the user.
 */
export async function lockUserFilters(q: Queryable, accountId: string, userId: string): Promise<void> {
  await q.query('SELECT 1 FROM users WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE', [accountId, userId]);
}

/** The lines and shifts of those factories of the account that exist; unknown ids are left out. */
export async function factoryMembers(q: Queryable, accountId: string, factoryIds: readonly string[]): Promise<Map<string, FactoryMembers>> {
  if (factoryIds.length === 0) return new Map();
  const rows = await q.query<{ id: string; production_unit_ids: string[]; work_shift_ids: string[] }>(
    `SELECT f.id,
            ARRAY(SELECT pu.id::text FROM production_units pu WHERE pu.account_id = f.account_id AND pu.factory_id = f.id) AS production_unit_ids,
            ARRAY(SELECT ws.id::text FROM work_shifts ws WHERE ws.account_id = f.account_id AND ws.factory_id = f.id) AS work_shift_ids
       FROM factories f
      WHERE f.account_id = $1 AND f.id = ANY($2::uuid[])`,
    [accountId, [...new Set(factoryIds)]],
  );
  return new Map(
    rows.map((row) => [row.id, { production_unit_ids: new Set(row.production_unit_ids), work_shift_ids: new Set(row.work_shift_ids) }]),
  );
}

async function insertGroups(q: Queryable, accountId: string, filterId: string, groups: readonly SavedFilterGroupInput[]): Promise<void> {
  const inserted = await q.query<{ id: string; sort_order: number }>(
    `INSERT INTO saved_filter_groups (account_id, filter_id, factory_id, name, sort_order)
     SELECT $1::uuid, $2::uuid, t.factory_id, t.name, t.sort_order
       FROM unnest($3::uuid[], $4::text[], $5::int[]) AS t(factory_id, name, sort_order)
     RETURNING id, sort_order`,
    [accountId, filterId, groups.map((g) => g.factory_id), groups.map((g) => g.name), groups.map((_, index) => index)],
  );
  const groupId = new Map(inserted.map((row) => [Number(row.sort_order), row.id]));
  const members = (pick: (group: SavedFilterGroupInput) => string[]): [string[], string[], string[]] => {
    const ids: [string[], string[], string[]] = [[], [], []];
    groups.forEach((group, index) => {
      for (const id of pick(group)) {
        ids[0].push(groupId.get(index)!);
        ids[1].push(group.factory_id);
        ids[2].push(id);
      }
    });
    return ids;
  };
  await q.query(
    `INSERT INTO saved_filter_group_units (account_id, group_id, factory_id, production_unit_id)
     SELECT $1::uuid, t.g, t.f, t.u FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) AS t(g, f, u)`,
    [accountId, ...members((g) => g.production_unit_ids)],
  );
  await q.query(
    `INSERT INTO saved_filter_group_shifts (account_id, group_id, factory_id, work_shift_id)
     SELECT $1::uuid, t.g, t.f, t.s FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) AS t(g, f, s)`,
    [accountId, ...members((g) => g.work_shift_ids)],
  );
}

/** Stores a new saved filter with its groups (in the caller's transaction); returns its id. */
export async function insertSavedFilter(
  q: Queryable,
  accountId: string,
  userId: string,
  name: string,
  groups: readonly SavedFilterGroupInput[],
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO saved_filters (account_id, user_id, name) VALUES ($1, $2, $3) RETURNING id',
    [accountId, userId, name],
  );
  await insertGroups(q, accountId, row!.id, groups);
  return row!.id;
}

/**
 * Renames a saved filter and replaces its groups (new group ids), in the caller's transaction.
 * False when the filter is not the user's.
 */
export async function replaceSavedFilter(
  q: Queryable,
  accountId: string,
  userId: string,
  filterId: string,
  name: string,
  groups: readonly SavedFilterGroupInput[],
): Promise<boolean> {
  const updated = await q.query(
    'UPDATE saved_filters SET name = $4, updated_at = now() WHERE account_id = $1 AND user_id = $2 AND id = $3 RETURNING id',
    [accountId, userId, filterId, name],
  );
  if (updated.length === 0) return false;
  await q.query('DELETE FROM saved_filter_groups WHERE account_id = $1 AND filter_id = $2', [accountId, filterId]);
  await insertGroups(q, accountId, filterId, groups);
  return true;
}

/**
 * Deletes a saved filter of the user; a trigger (migration 008) clears the user's preference that
 * selected it in the same transaction. False when the filter is not the user's.
 */
export async function deleteSavedFilter(q: Queryable, accountId: string, userId: string, filterId: string): Promise<boolean> {
  const deleted = await q.query('DELETE FROM saved_filters WHERE account_id = $1 AND user_id = $2 AND id = $3 RETURNING id', [
    accountId,
    userId,
    filterId,
  ]);
  return deleted.length > 0;
}
