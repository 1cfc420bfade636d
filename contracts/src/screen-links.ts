/**
 * Links that open a factory screen on a given selection (issue 13: an e-mail report's "Open in
 * Linepulse" opens the dashboard or the availability page on the report's period, lines and shifts).
 * The api writes them and the platform reads them, with these two functions only.
 *
 * `?start=2026-11-01&end=2026-11-07&lines=<id>,<id>&shifts=<id>`: the period as the period picker's
 * dates (production days, yyyy-LL-dd, end inclusive) and, when the selection narrows the factory, its
 * lines and shifts. A link is read once: the page applies it to its period and filters (which the
 * user then changes as usual) and drops it from the address.
 */
import { DateTime } from 'luxon';
import { DATA_AVAILABLE_FROM } from './constants';
import { productionDayOf, type FactoryCalendar } from './time-windows';

export const SCREEN_LINK_PARAMS = { start: 'start', end: 'end', lines: 'lines', shifts: 'shifts' } as const;

export interface ScreenLinkSelection {
  /** First production day (yyyy-LL-dd). */
  startDate: string;
  /** Last production day, inclusive. */
  endDate: string;
  /** Lines to show; empty: all the factory's lines. */
  lineIds: string[];
  /** Shifts to show; empty: all shifts. */
  shiftIds: string[];
}

/** The production days an instant window [start, end) touches, as the period picker's dates. */
export function windowDates(window: { start: number; end: number }, calendar: FactoryCalendar): { startDate: string; endDate: string } {
  const day = (t: number): string => productionDayOf(DateTime.fromMillis(t, { zone: calendar.timezone }), calendar);
  return { startDate: day(window.start), endDate: day(Math.max(window.start, window.end - 1)) };
}

/** The search part of a link (without `?`). */
export function screenLinkSearch(selection: ScreenLinkSelection): string {
  const search = new URLSearchParams({ [SCREEN_LINK_PARAMS.start]: selection.startDate, [SCREEN_LINK_PARAMS.end]: selection.endDate });
  if (selection.lineIds.length > 0) search.set(SCREEN_LINK_PARAMS.lines, selection.lineIds.join(','));
  if (selection.shiftIds.length > 0) search.set(SCREEN_LINK_PARAMS.shifts, selection.shiftIds.join(','));
  return search.toString();
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const validDate = (text: string | null): text is string => text !== null && DATE.test(text) && DateTime.fromISO(text).isValid;

function ids(text: string | null): string[] | null {
  if (text === null || text === '') return [];
  const list = [...new Set(text.split(','))];
  return list.every((id) => UUID.test(id)) ? list : null;
}

/**
 * The selection a link carries, or null when the address holds none or a malformed one (then the page
 * shows what it would show anyway). Dates before the data's first day are moved to it.
 */
export function screenLinkSelectionOf(search: URLSearchParams): ScreenLinkSelection | null {
  const start = search.get(SCREEN_LINK_PARAMS.start);
  const end = search.get(SCREEN_LINK_PARAMS.end);
  if (!validDate(start) || !validDate(end)) return null;
  const startDate = start < DATA_AVAILABLE_FROM ? DATA_AVAILABLE_FROM : start;
  if (end < startDate) return null;
  const lineIds = ids(search.get(SCREEN_LINK_PARAMS.lines));
  const shiftIds = ids(search.get(SCREEN_LINK_PARAMS.shifts));
  if (lineIds === null || shiftIds === null) return null;
  return { startDate, endDate: end, lineIds, shiftIds };
}

/** Whether the address carries any link parameter (to drop them, valid or not). */
export function hasScreenLinkParams(search: URLSearchParams): boolean {
  return Object.values(SCREEN_LINK_PARAMS).some((name) => search.has(name));
}
