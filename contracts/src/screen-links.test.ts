import { DateTime } from 'luxon';
import { screenLinkSearch, screenLinkSelectionOf, windowDates, hasScreenLinkParams } from './screen-links';
import type { FactoryCalendar } from './time-windows';

const lyon: FactoryCalendar = { timezone: 'Europe/Paris', production_day_minutes_from_midnight: 360, week_first_day: 'monday', year_first_month: 'january' };
const at = (iso: string): number => DateTime.fromISO(iso, { zone: 'Europe/Paris' }).toMillis();
const A = '0b0f6a8e-6d3c-4c57-9a55-6f0d5a1c2b3d';
const B = '7e5b1c2d-8f9a-4b3c-a1d2-e3f4a5b6c7d8';

describe('screen links', () => {
  it('turn a window into the production days it touches, end inclusive', () => {
    // Production days start at 06:00: yesterday's day ends at 06:00 today.
    expect(windowDates({ start: at('2026-11-24T06:00'), end: at('2026-11-25T06:00') }, lyon)).toEqual({ startDate: '2026-11-24', endDate: '2026-11-24' });
    // A week, and a window ending inside a day (a "current" report): that day included.
    expect(windowDates({ start: at('2026-11-16T06:00'), end: at('2026-11-23T06:00') }, lyon)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(windowDates({ start: at('2026-11-25T06:00'), end: at('2026-11-25T09:30') }, lyon)).toEqual({ startDate: '2026-11-25', endDate: '2026-11-25' });
    // Hours before the day's start belong to the day before.
    expect(windowDates({ start: at('2026-11-25T03:00'), end: at('2026-11-25T05:00') }, lyon)).toEqual({ startDate: '2026-11-24', endDate: '2026-11-24' });
  });

  it('round-trip a selection through the address', () => {
    const selection = { startDate: '2026-11-01', endDate: '2026-11-07', lineIds: [A, B], shiftIds: [B] };
    const search = screenLinkSearch(selection);
    expect(search).toBe(`start=2026-11-01&end=2026-11-07&lines=${A}%2C${B}&shifts=${B}`);
    expect(screenLinkSelectionOf(new URLSearchParams(search))).toEqual(selection);
    // Without lines or shifts: the whole factory.
    expect(screenLinkSelectionOf(new URLSearchParams(screenLinkSearch({ ...selection, lineIds: [], shiftIds: [] })))).toEqual({ ...selection, lineIds: [], shiftIds: [] });
  });

  it('ignore a missing or malformed selection, and move dates before the data to its first day', () => {
    const of = (search: string) => screenLinkSelectionOf(new URLSearchParams(search));
    expect(of('')).toBeNull();
    expect(of('start=2026-11-01')).toBeNull();
    expect(of('start=2026-11-31&end=2026-12-01')).toBeNull();
    expect(of('start=2026-11-08&end=2026-11-07')).toBeNull();
    expect(of('start=2026-11-01&end=2026-11-07&lines=not-an-id')).toBeNull();
    expect(of('start=2019-01-01&end=2019-09-03')).toEqual({ startDate: '2019-09-01', endDate: '2019-09-03', lineIds: [], shiftIds: [] });
    expect(of('start=2019-01-01&end=2019-02-01')).toBeNull();
    expect(hasScreenLinkParams(new URLSearchParams('interval=hour'))).toBe(false);
    expect(hasScreenLinkParams(new URLSearchParams('lines=x'))).toBe(true);
  });
});
