import type { OpportunityKindName, RouteId } from '@linepulse/contracts';

/** The four performance-manager pages: their route, the api's kind and their messages' prefix. */
export type PageKind = 'shiftChanges' | 'lineStarts' | 'productChanges' | 'plannedDowntimes';

export const PAGE_KINDS: Record<PageKind, { route: RouteId; kind: OpportunityKindName; fileName: string }> = {
  shiftChanges: { route: 'shiftChanges', kind: 'shift_changes', fileName: 'shift-changes' },
  lineStarts: { route: 'lineStarts', kind: 'line_starts', fileName: 'line-starts' },
  productChanges: { route: 'productChanges', kind: 'product_changes', fileName: 'product-changes' },
  plannedDowntimes: { route: 'plannedDowntimesWithTarget', kind: 'planned_downtime_above_target', fileName: 'planned-downtimes-with-target' },
};

/** Whether the user sets this kind's target per unit (a planned reason carries its own). */
export const hasUnitTarget = (kind: PageKind): boolean => kind !== 'plannedDowntimes';
