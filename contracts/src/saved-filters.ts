/** Saved filters of the company overview (product §3): the wire shapes of GET/POST/PUT filters and GET filter-groups. */
/** A comparison group of a saved filter: a name, a factory, its lines and its shifts (product §3). */
export interface SavedFilterGroup {
  id: string;
  name: string;
  factory_id: string;
  production_unit_ids: string[];
  work_shift_ids: string[];
}

/** A saved filter of the signed-in user (stored per account and user). */
export interface SavedFilter {
  id: string;
  name: string;
  groups: SavedFilterGroup[];
  created_at: string;
  updated_at: string;
}

/** A comparison group listed flat with its filter (GET filter-groups). */
export interface SavedFilterGroupRow extends SavedFilterGroup {
  filter_id: string;
  filter_name: string;
}

/** Body of POST filters and PUT filters/{id}. */
export interface SavedFilterInput {
  name: string;
  groups: Omit<SavedFilterGroup, 'id'>[];
}

/** Product §5 saved filters: names of 1 to 50 characters once trimmed, 1 to 10 comparison groups. */
export const SAVED_FILTER_LIMITS = { nameMax: 50, groupsMin: 1, groupsMax: 10 } as const;

/** Length in characters as people (and PostgreSQL) count them: code points, not UTF-16 units. */
export function nameLength(text: string): number {
  return [...text].length;
}

/**
 * What makes two names the same for people: trimmed, any case. Saved-filter names are unique among a
 * user's filters, and group names within a filter, by this key.
 */
export function sameNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/** Why a saved filter's (or comparison group's) name cannot be saved, or null when it can. */
export function savedFilterNameProblem(name: unknown): 'required' | 'tooLong' | null {
  if (typeof name !== 'string' || name.trim() === '') return 'required';
  return nameLength(name.trim()) > SAVED_FILTER_LIMITS.nameMax ? 'tooLong' : null;
}

/**
 * Identity of a group's selection: same factory, same set of lines, same set of shifts, whatever the
 * order and case of the ids. A selection that duplicates a saved group can be applied but not saved.
 */
export function selectionKey(group: { factory_id: string; production_unit_ids: readonly string[]; work_shift_ids: readonly string[] }): string {
  const set = (ids: readonly string[]): string => [...new Set(ids.map((id) => id.toLowerCase()))].sort().join(',');
  return `${group.factory_id.toLowerCase()}|${set(group.production_unit_ids)}|${set(group.work_shift_ids)}`;
}
