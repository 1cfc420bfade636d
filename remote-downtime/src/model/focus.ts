import { DateTime } from 'luxon';

/** A heatmap cell the page is narrowed to: one unit during one interval (kept in the URL, so it can be shared). */
export interface Focus {
  unitId: string;
  /** ISO instants, end exclusive. */
  start: string;
  end: string;
}

const PARAMS = { unit: 'unit', from: 'from', to: 'to' } as const;

/** The focus the URL names, when it names a unit of the factory and a valid, non-empty interval; else null. */
export function focusFromSearch(search: URLSearchParams, unitIds: readonly string[]): Focus | null {
  const unitId = search.get(PARAMS.unit);
  const start = search.get(PARAMS.from);
  const end = search.get(PARAMS.to);
  if (!unitId || !start || !end || !unitIds.includes(unitId)) return null;
  const from = DateTime.fromISO(start, { setZone: true });
  const to = DateTime.fromISO(end, { setZone: true });
  if (!from.isValid || !to.isValid || to <= from) return null;
  return { unitId, start, end };
}

/** The URL's search with `focus` set (or cleared when null); other parameters are kept. */
export function withFocus(search: URLSearchParams, focus: Focus | null): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of Object.values(PARAMS)) next.delete(name);
  if (focus) {
    next.set(PARAMS.unit, focus.unitId);
    next.set(PARAMS.from, focus.start);
    next.set(PARAMS.to, focus.end);
  }
  return next;
}
