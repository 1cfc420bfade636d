import { atom } from 'jotai';
import { sharedLines, type DowntimeType, type Factory, type KpiGroupRequest, type SavedFilter } from '@linepulse/contracts';

/**
 * What the overview and dashboard show: either whole factories, the "new filters" of the drawer
 * (lines, downtime types, shifts, products), or the comparison groups of a saved (or not yet saved)
 * filter.
 */
export interface NewFilters {
  /** Selected lines; a factory none of whose lines is selected is left out. */
  production_unit_ids: string[];
  downtime_types: DowntimeType[];
  /** Shift ids per factory; absent for a factory = all its shifts. */
  work_shift_ids: Record<string, string[]>;
  /** Product ids per factory; absent for a factory = all its products. */
  product_ids: Record<string, string[]>;
}

export interface ComparisonGroupDraft {
  name: string;
  factory_id: string;
  production_unit_ids: string[];
  work_shift_ids: string[];
}

export type Selection =
  | { kind: 'factories' }
  | { kind: 'filters'; filters: NewFilters }
  | { kind: 'groups'; groups: ComparisonGroupDraft[]; savedFilterId: string | null; savedFilterName: string | null };

export const selectionAtom = atom<Selection>({ kind: 'factories' });

/** Factories picked in the overview's factory selector; null = all of them. */
export const selectedFactoryIdsAtom = atom<string[] | null>(null);

/** KPI groups of a selection over some factories (one per factory, or the comparison groups). */
export function groupsOf(selection: Selection, factories: readonly Factory[]): KpiGroupRequest[] {
  if (selection.kind === 'groups') {
    const known = new Set(factories.map((f) => f.id));
    return selection.groups
      .filter((group) => known.has(group.factory_id))
      .map((group) => ({
        name: group.name,
        factory_id: group.factory_id,
        production_unit_ids: group.production_unit_ids,
        work_shift_ids: group.work_shift_ids.length > 0 ? group.work_shift_ids : undefined,
      }));
  }
  return factories.flatMap((factory): KpiGroupRequest[] => {
    const all = factory.production_units.map((unit) => unit.id);
    if (selection.kind === 'factories') return all.length > 0 ? [{ name: factory.name, factory_id: factory.id, production_unit_ids: all }] : [];
    const { filters } = selection;
    const units = all.filter((id) => filters.production_unit_ids.includes(id));
    if (units.length === 0) return [];
    const group: KpiGroupRequest = { name: factory.name, factory_id: factory.id, production_unit_ids: units };
    if (filters.downtime_types.length < 3) group.downtime_types = filters.downtime_types;
    const shifts = filters.work_shift_ids[factory.id];
    if (shifts) group.work_shift_ids = shifts;
    const products = filters.product_ids[factory.id];
    if (products) group.product_ids = products;
    return [group];
  });
}

/**
 * One factory's part of the selection, as one group: its lines narrowed by the new filters (with their
 * shifts, products and downtime types), or all its lines when the filters leave none of them or the
 * selection is not about lines (whole factories, comparison groups). Null for a factory without lines.
 * The factory pages (dashboard, availability and downtime) show this.
 */
export function factoryGroupOf(factory: Factory, selection: Selection): KpiGroupRequest | null {
  return (selection.kind === 'filters' ? groupsOf(selection, [factory])[0] : undefined) ?? groupsOf({ kind: 'factories' }, [factory])[0] ?? null;
}

/** Comparison groups of a saved filter, as drafts. */
export function draftsOf(filter: SavedFilter): ComparisonGroupDraft[] {
  return filter.groups.map((group) => ({
    name: group.name,
    factory_id: group.factory_id,
    production_unit_ids: group.production_unit_ids,
    work_shift_ids: group.work_shift_ids,
  }));
}

/**
 * Whether no two groups hold the same line, so that adding up their figures counts each line once.
 * Otherwise a total is added up from contracts' countedOnceGroups instead.
 */
export function groupsAreDisjoint(groups: readonly KpiGroupRequest[]): boolean {
  return sharedLines(groups).length === 0;
}

/** Names of the lines that comparison groups share (empty when they share none), in the factories' order. */
export function sharedLineNames(groups: readonly ComparisonGroupDraft[], factories: readonly Factory[]): string[] {
  const shared = new Set(sharedLines(groups).flatMap((pair) => pair.production_unit_ids.map((id) => id.toLowerCase())));
  return factories.flatMap((factory) => factory.production_units.filter((unit) => shared.has(unit.id.toLowerCase())).map((unit) => unit.name));
}
