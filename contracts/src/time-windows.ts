/**
 * Production-time windows (docs/domain.md §1): every bucket and every time option follows the factory's
 * time zone, production-day start, first day of week and first month of year. Windows are half-open
 * [start, end) instants; production days follow the wall clock, so a daylight-saving day lasts 23 or
 * 25 hours.
 */
import { DateTime } from 'luxon';
import { DATA_AVAILABLE_FROM, DATE_FORMAT, MONTHS, WEEK_DAYS, type Month, type TimeOption, type WeekDay } from './constants';
import type { CustomPeriod } from './entities';

/** The time settings of a factory that bucketing needs. */
export interface FactoryCalendar {
  timezone: string;
  production_day_minutes_from_midnight: number;
  week_first_day: WeekDay;
  year_first_month: Month;
}

export interface TimeWindow {
  start: DateTime;
  end: DateTime;
}

/** Every time range of product §4 (the options of product §3 plus day and year). */
export type TimeRangeOption = TimeOption | 'day' | 'year';

/**
 * The production day (a local date, yyyy-LL-dd) an instant belongs to: the day whose start
 * (productionDayStart, on the wall clock) is at or before the instant and whose next day's start is
 * after it. Subtracting the day's offset in elapsed time alone disagrees for the hour a daylight-saving
 * change moves when the production day starts after the change (Montréal starting at 06:00: 05:00–06:00
 * on the fall-back day is still the day before), so the guess is checked against the days' starts.
 */
export function productionDayOf(instant: DateTime, calendar: FactoryCalendar): string {
  const t = instant.toMillis();
  const guess = instant
    .setZone(calendar.timezone)
    .minus({ minutes: calendar.production_day_minutes_from_midnight })
    .toISODate()!;
  if (productionDayStart(guess, calendar).toMillis() > t) return addDateDays(guess, -1);
  const next = addDateDays(guess, 1);
  return productionDayStart(next, calendar).toMillis() <= t ? next : guess;
}

// Date strings (yyyy-LL-dd) are handled with plain UTC arithmetic: the analytics engine calls these
// for every day of a year-long window, where parsing with a format string costs milliseconds.
const DAY_MS = 86_400_000;
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateFields(date: string): [number, number, number] {
  const m = DATE_SHAPE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * Whether a value is a calendar date as dates are written and stored: a string yyyy-LL-dd naming a day
 * that exists, from 0001-01-01 to 9999-12-31 (PostgreSQL has no year 0; a longer year is not
 * yyyy-LL-dd). Anything else (a number, an object, 2024-02-30) is not one.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_SHAPE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d);
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** Epoch ms of the date at 00:00 UTC. */
function utcMillis(date: string): number {
  const [y, m, d] = dateFields(date);
  return Date.UTC(y, m - 1, d);
}

/** The instant production day `date` (yyyy-LL-dd) starts: local midnight plus the offset, wall clock. */
export function productionDayStart(date: string, calendar: FactoryCalendar): DateTime {
  const offset = calendar.production_day_minutes_from_midnight;
  const [year, month, day] = dateFields(date);
  const start = DateTime.fromObject({ year, month, day, hour: Math.floor(offset / 60), minute: offset % 60 }, { zone: calendar.timezone });
  if (!start.isValid) throw new RangeError(`not a date: ${date}`);
  return start;
}

/** `date` plus `days` calendar days (yyyy-LL-dd). */
export function addDateDays(date: string, days: number): string {
  return new Date(utcMillis(date) + days * DAY_MS).toISOString().slice(0, 10);
}
const addDays = addDateDays;

/** `date` plus `months` calendar months, the day clamped to the month's length (yyyy-LL-dd). */
export function addDateMonths(date: string, months: number): string {
  const [y, m, d] = dateFields(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

function productionDaysWindow(first: string, last: string, calendar: FactoryCalendar): TimeWindow {
  return { start: productionDayStart(first, calendar), end: productionDayStart(addDays(last, 1), calendar) };
}

/**
 * The window of production days `first`..`last` (inclusive) that can hold data: from the data start at
 * the earliest to today at the latest (the window ends now anyway, clipWindow). Dates a caller gives
 * (a time range, a custom period) may lie anywhere in yyyy-LL-dd: without the clip the day after
 * 9999-12-31 would be computed, which has five digits. Null when no day is left.
 */
function dataDaysWindow(first: string, last: string, today: string, calendar: FactoryCalendar): TimeWindow | null {
  const from = first < DATA_AVAILABLE_FROM ? DATA_AVAILABLE_FROM : first;
  const to = last > today ? today : last;
  return from <= to ? productionDaysWindow(from, to, calendar) : null;
}

/** First production day of the week containing `date`, given the factory's first day of week. */
export function weekStartOf(date: string, calendar: FactoryCalendar): string {
  const weekday = ((new Date(utcMillis(date)).getUTCDay() + 6) % 7) + 1; // 1 = Monday
  const first = WEEK_DAYS.indexOf(calendar.week_first_day) + 1;
  return addDays(date, -((weekday - first + 7) % 7));
}

/** First production day of the calendar month containing `date`. */
export function monthStartOf(date: string): string {
  dateFields(date);
  return `${date.slice(0, 8)}01`;
}

/** First production day of the (possibly fiscal) year containing `date`. */
export function yearStartOf(date: string, calendar: FactoryCalendar): string {
  const [y, m] = dateFields(date);
  const firstMonth = MONTHS.indexOf(calendar.year_first_month) + 1;
  const year = m >= firstMonth ? y : y - 1;
  return `${String(year).padStart(4, '0')}-${String(firstMonth).padStart(2, '0')}-01`;
}

export interface WindowContext {
  now: DateTime;
  calendar: FactoryCalendar;
  /** For time_range: yyyy-LL-dd, end inclusive. */
  startDate?: string | null;
  endDate?: string | null;
  customPeriods?: readonly CustomPeriod[];
}

/**
 * The window of a time option (docs/domain.md §2), clipped to the data start (1 September 2019) and to now.
 * Returns null when the option has no window (no current or past custom period, missing dates).
 */
export function windowOf(option: TimeRangeOption, context: WindowContext): TimeWindow | null {
  const { now, calendar } = context;
  const today = productionDayOf(now, calendar);
  const soFar = (first: string): TimeWindow => ({ start: productionDayStart(first, calendar), end: now });
  let window: TimeWindow | null;
  switch (option) {
    case 'day':
      window = soFar(today);
      break;
    case 'lastday':
      window = productionDaysWindow(addDays(today, -1), addDays(today, -1), calendar);
      break;
    case 'week':
      window = soFar(weekStartOf(today, calendar));
      break;
    case 'lastweek': {
      const first = addDays(weekStartOf(today, calendar), -7);
      window = productionDaysWindow(first, addDays(first, 6), calendar);
      break;
    }
    case 'month':
      window = soFar(monthStartOf(today));
      break;
    case 'lastmonth': {
      const thisMonth = monthStartOf(today);
      window = productionDaysWindow(monthStartOf(addDays(thisMonth, -1)), addDays(thisMonth, -1), calendar);
      break;
    }
    case 'year':
      window = soFar(yearStartOf(today, calendar));
      break;
    case 'last7days':
    case 'last30days':
    case 'last90days': {
      const days = option === 'last7days' ? 7 : option === 'last30days' ? 30 : 90;
      window = soFar(addDays(today, -(days - 1)));
      break;
    }
    case 'current_custom_period': {
      const period = (context.customPeriods ?? []).find((p) => p.start_date <= today && today <= p.end_date);
      window = period ? dataDaysWindow(period.start_date, period.end_date, today, calendar) : null;
      break;
    }
    case 'last_custom_period': {
      const past = (context.customPeriods ?? []).filter((p) => p.end_date < today).sort((a, b) => (a.end_date < b.end_date ? 1 : -1));
      window = past[0] ? dataDaysWindow(past[0].start_date, past[0].end_date, today, calendar) : null;
      break;
    }
    case 'time_range': {
      const { startDate, endDate } = context;
      const valid = (d: string | null | undefined): d is string => !!d && DateTime.fromFormat(d, DATE_FORMAT).isValid;
      window = valid(startDate) && valid(endDate) ? dataDaysWindow(startDate, endDate, today, calendar) : null;
      break;
    }
  }
  return window ? clipWindow(window, now, calendar) : null;
}

/** Clips a window to the first production day with data and to now; null when nothing is left. */
export function clipWindow(window: TimeWindow, now: DateTime, calendar: FactoryCalendar): TimeWindow | null {
  const dataStart = productionDayStart(DATA_AVAILABLE_FROM, calendar);
  const start = window.start < dataStart ? dataStart : window.start;
  const end = window.end > now ? now : window.end;
  return start < end ? { start, end } : null;
}

/**
 * The period of the same kind before a window's period, for trends ("11 preceding periods"): the
 * previous day, week, month or year; for a window of N production days, the N days before it.
 */
export function precedingPeriods(option: TimeRangeOption, window: TimeWindow, calendar: FactoryCalendar, count: number): TimeWindow[] {
  const first = productionDayOf(window.start, calendar);
  const result: TimeWindow[] = [];
  let cursor = first;
  for (let i = 0; i < count; i += 1) {
    let previousFirst: string;
    let previousLast: string;
    if (option === 'week' || option === 'lastweek') {
      previousFirst = addDays(weekStartOf(cursor, calendar), -7);
      previousLast = addDays(previousFirst, 6);
    } else if (option === 'month' || option === 'lastmonth') {
      previousLast = addDays(monthStartOf(cursor), -1);
      previousFirst = monthStartOf(previousLast);
    } else if (option === 'year') {
      previousLast = addDays(yearStartOf(cursor, calendar), -1);
      previousFirst = yearStartOf(previousLast, calendar);
    } else {
      const days = Math.max(1, Math.ceil(localDays(window, calendar)));
      previousFirst = addDays(cursor, -days);
      previousLast = addDays(cursor, -1);
    }
    result.push(productionDaysWindow(previousFirst, previousLast, calendar));
    cursor = previousFirst;
  }
  return result;
}

/** A window's length in days on the factory's wall clock (a 23-hour DST day counts as one day). */
export function localDays(window: TimeWindow, calendar: FactoryCalendar): number {
  return window.end.setZone(calendar.timezone).diff(window.start.setZone(calendar.timezone), 'days').days;
}
