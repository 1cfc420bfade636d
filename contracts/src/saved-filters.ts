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

/** The lines and shifts a comparison group counts; no shifts (absent or empty) = every shift of its lines. */
export interface GroupLines {
  factory_id: string;
  production_unit_ids: readonly string[];
  work_shift_ids?: readonly string[] | undefined;
}

/** Two comparison groups (positions `first` < `second` in the list) that count the same lines. */
export interface SharedLines {
  first: number;
  second: number;
  production_unit_ids: string[];
}

/**
 * Pairs of groups that share a line. Each group still shows its own figures, but the groups' figures
 * overlap: adding them up would count the shared line twice (its calendar time too, even when the
 * groups take different shifts of it). The filter form warns of it and the company total counts each
 * line once (countedOnceGroups); such a filter can be saved (product §5 only refuses a duplicate group).
 */
export function sharedLines(groups: readonly GroupLines[]): SharedLines[] {
  const lines = groups.map((group) => new Map(group.production_unit_ids.map((id) => [id.toLowerCase(), id])));
  const shared: SharedLines[] = [];
  lines.forEach((mine, first) => {
    lines.forEach((theirs, second) => {
      if (second <= first) return;
      const common = [...mine].filter(([key]) => theirs.has(key)).map(([, id]) => id);
      if (common.length > 0) shared.push({ first, second, production_unit_ids: common });
    });
  });
  return shared;
}

/**
 * Groups that count every line and shift of `groups` exactly once, for a total over groups that share
 * lines: each line once, with the shifts of all the groups that hold it (every shift when one of them
 * does not narrow shifts); lines of one factory with the same shifts make one group. Adding up their
 * figures gives the company total. Comparison groups narrow lines and shifts only; products and
 * downtime types are not theirs to carry.
 */
export function countedOnceGroups(groups: readonly GroupLines[]): { name: string; factory_id: string; production_unit_ids: string[]; work_shift_ids?: string[] }[] {
  // line key → its factory, its id as first written, and its shifts (null = every shift)
  const lines = new Map<string, { factory_id: string; id: string; shifts: Map<string, string> | null }>();
  for (const group of groups) {
    const shifts = group.work_shift_ids && group.work_shift_ids.length > 0 ? group.work_shift_ids : null;
    for (const id of group.production_unit_ids) {
      const key = id.toLowerCase();
      const line = lines.get(key) ?? { factory_id: group.factory_id, id, shifts: new Map<string, string>() };
      if (shifts === null) line.shifts = null;
      else if (line.shifts !== null) for (const shift of shifts) if (!line.shifts.has(shift.toLowerCase())) line.shifts.set(shift.toLowerCase(), shift);
      lines.set(key, line);
    }
  }
  const out = new Map<string, { name: string; factory_id: string; production_unit_ids: string[]; work_shift_ids?: string[] }>();
  for (const line of lines.values()) {
    const shiftKey = line.shifts === null ? '*' : [...line.shifts.keys()].sort().join(',');
    const key = `${line.factory_id.toLowerCase()}|${shiftKey}`;
    let group = out.get(key);
    if (!group) {
      group = { name: `${out.size + 1}`, factory_id: line.factory_id, production_unit_ids: [] };
      if (line.shifts !== null) group.work_shift_ids = [...line.shifts.values()];
      out.set(key, group);
    }
    group.production_unit_ids.push(line.id);
  }
  return [...out.values()];
}
