import type { OpportunityNames, OpportunityUnit } from '@linepulse/contracts';
import { nameIn, type NameFallbacks } from './occurrences';

export type Breakdown = OpportunityUnit['breakdowns'][number];
export type BreakdownRow = Breakdown['rows'][number];

/**
 * A breakdown row's label: a pair of shifts or products joined by an arrow, a weekday's name, a shift or
 * a reason; `none` for an empty key (outside the shifts), the translated "unknown …" for an id the
 * answer does not name.
 */
export function breakdownLabel(
  by: Breakdown['by'],
  keys: readonly string[],
  names: OpportunityNames,
  weekdayName: (isoWeekday: number) => string,
  none: string,
  fallbacks: NameFallbacks,
): string {
  const of = (table: 'shifts' | 'products' | 'reasons', id: string | undefined): string => (id ? nameIn(names, table, id, fallbacks) : none);
  switch (by) {
    case 'shift_pair':
      return `${of('shifts', keys[0])} → ${of('shifts', keys[1])}`;
    case 'product_pair':
      return `${of('products', keys[0])} → ${of('products', keys[1])}`;
    case 'weekday':
      return weekdayName(Number(keys[0]));
    case 'shift':
      return of('shifts', keys[0]);
    case 'reason':
      return of('reasons', keys[0]);
  }
}

/** Weekday rows in week order from the factory's first day (ISO 1 = Monday), not by loss. */
export function inWeekOrder(rows: readonly BreakdownRow[], firstIsoWeekday: number): BreakdownRow[] {
  const rank = (row: BreakdownRow): number => (Number(row.keys[0]) - firstIsoWeekday + 7) % 7;
  return [...rows].sort((a, b) => rank(a) - rank(b));
}

export interface ProductMatrix {
  /** Products changed from (rows) and to (columns), by name. */
  from: string[];
  to: string[];
  cell: (from: string, to: string) => BreakdownRow | undefined;
}

/** The from-product × to-product matrix of a product-pair breakdown. */
export function productMatrix(rows: readonly BreakdownRow[], names: OpportunityNames): ProductMatrix {
  const byName = (a: string, b: string): number => (names.products[a] ?? a).localeCompare(names.products[b] ?? b);
  const from = [...new Set(rows.map((r) => r.keys[0] ?? ''))].sort(byName);
  const to = [...new Set(rows.map((r) => r.keys[1] ?? ''))].sort(byName);
  const cells = new Map(rows.map((r) => [`${r.keys[0] ?? ''}|${r.keys[1] ?? ''}`, r]));
  return { from, to, cell: (f, t) => cells.get(`${f}|${t}`) };
}
