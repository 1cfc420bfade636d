/**
 * Interval buckets and their local keys (decision 0038): how the api cuts a window into hours, days,
 * weeks or months of a factory's calendar, and how a chart of several factories lines them up — on
 * each factory's local wall clock, so that 06:00 in Lyon sits beside 06:00 in Montréal.
 */
import { DateTime, IANAZone } from 'luxon';
import type { Interval } from './intervals';
import { addDateDays, addDateMonths, monthStartOf, productionDayOf, productionDayStart, weekStartOf, type FactoryCalendar } from './time-windows';

const HOUR_MS = 3_600_000;

/**
 * A bucket of an interval, clipped to its window. `key` names it on the factory's wall clock, the same
 * way in every zone: an hour is its local start `yyyy-LL-ddTHH:mm` (the second of two hours a
 * fall-back repeats gets `#2`), a day, week or month its first production day `yyyy-LL-dd`. Keys sort
 * as text in time order.
 */
export interface IntervalBucket {
  key: string;
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
}

/** The suffix of the second hour with the same wall-clock time (a daylight-saving fall-back). */
export const REPEATED_HOUR = '#2';

/** Offset of a zone at an instant, in ms (UTC when the zone is unknown, as luxon would fail anyway). */
function offsetMs(t: number, zone: string): number {
  const z = IANAZone.create(zone);
  return z.isValid ? z.offset(t) * 60_000 : 0;
}

/** Start of the local hour holding t (the wall clock's hh:00, at the offset in force then). */
export function localHourStart(t: number, zone: string): number {
  const offset = offsetMs(t, zone);
  const start = t - ((((t + offset) % HOUR_MS) + HOUR_MS) % HOUR_MS);
  if (offsetMs(start, zone) === offset) return start;
  // An offset change between the hour's start and t: let luxon resolve it.
  return DateTime.fromMillis(t, { zone }).startOf('hour').toMillis();
}

/** The wall-clock text `yyyy-LL-ddTHH:mm` of an instant in a zone. */
function wallClock(t: number, zone: string): string {
  return new Date(t + offsetMs(t, zone)).toISOString().slice(0, 16);
}

/** The key of the local hour starting at `hourStart`: its wall-clock start, `#2` when the hour before read the same. */
function hourKey(hourStart: number, zone: string): string {
  const text = wallClock(hourStart, zone);
  return wallClock(hourStart - HOUR_MS, zone) === text ? `${text}${REPEATED_HOUR}` : text;
}

/** The first production day of the interval bucket holding production day `day`. */
export function bucketStartDay(interval: Exclude<Interval, 'hour'>, day: string, calendar: FactoryCalendar): string {
  if (interval === 'day') return day;
  if (interval === 'week') return weekStartOf(day, calendar);
  return monthStartOf(day);
}

function nextBucketDay(interval: Exclude<Interval, 'hour'>, day: string): string {
  if (interval === 'day') return addDateDays(day, 1);
  if (interval === 'week') return addDateDays(day, 7);
  return addDateMonths(day, 1);
}

/** The production day holding instant t (epoch ms): productionDayOf, which checks the days' starts. */
export function productionDayHolding(t: number, calendar: FactoryCalendar): string {
  return productionDayOf(DateTime.fromMillis(t), calendar);
}

/** The key of the bucket of `interval` holding instant `t` (epoch ms) in a factory's calendar. */
export function bucketKeyOf(interval: Interval, t: number, calendar: FactoryCalendar): string {
  if (interval === 'hour') return hourKey(localHourStart(t, calendar.timezone), calendar.timezone);
  return bucketStartDay(interval, productionDayHolding(t, calendar), calendar);
}

/**
 * The buckets of an interval covering a window (epoch ms, half-open), clipped to it, in a factory's
 * calendar: local hours (23 or 25 on a daylight-saving day), production days, weeks from the
 * factory's first day of week, calendar months of production days.
 */
export function intervalBuckets(interval: Interval, window: { start: number; end: number }, calendar: FactoryCalendar): IntervalBucket[] {
  const out: IntervalBucket[] = [];
  const zone = calendar.timezone;
  if (interval === 'hour') {
    for (let h = localHourStart(window.start, zone); h < window.end; h += HOUR_MS) {
      out.push({ key: hourKey(h, zone), start: Math.max(h, window.start), end: Math.min(h + HOUR_MS, window.end) });
    }
    return out;
  }
  const lastDay = productionDayHolding(window.end - 1, calendar);
  let day = bucketStartDay(interval, productionDayHolding(window.start, calendar), calendar);
  while (day <= lastDay) {
    const next = nextBucketDay(interval, day);
    const start = productionDayStart(day, calendar).toMillis();
    const end = productionDayStart(next, calendar).toMillis();
    out.push({ key: day, start: Math.max(start, window.start), end: Math.min(end, window.end) });
    day = next;
  }
  return out;
}

/** Several factories' bucket keys on one axis: every key once, in time order, and where each series' points go. */
export interface AlignedKeys {
  keys: string[];
  /** For series s, point i: its index in `keys`. */
  positions: number[][];
}

/**
 * Lines up the buckets of several factories on their local wall clocks: bucket keys that read the same
 * share one place on the axis (Lyon's 06:00 beside Montréal's 06:00), whatever instant each is.
 */
export function alignBucketKeys(series: readonly (readonly string[])[]): AlignedKeys {
  const keys = [...new Set(series.flat())].sort();
  const index = new Map(keys.map((key, i) => [key, i]));
  return { keys, positions: series.map((list) => list.map((key) => index.get(key)!)) };
}

/** A key's parts: its local date, its local time for an hour ("HH:mm", else null), and whether it is a fall-back's repeated hour. */
export function bucketKeyParts(key: string): { date: string; time: string | null; repeated: boolean } {
  const repeated = key.endsWith(REPEATED_HOUR);
  const text = repeated ? key.slice(0, -REPEATED_HOUR.length) : key;
  return { date: text.slice(0, 10), time: text.length > 10 ? text.slice(11, 16) : null, repeated };
}
