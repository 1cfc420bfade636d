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
