/**
 * Labels of periods and interval buckets on chart axes, in the user's language (Intl), short enough to
 * be read whole on an axis of 12 trend periods ("13–19 Nov", "Nov 2026") and in full in tooltips and
 * exports. Dates are production days: a week of a factory whose day starts at 05:00 is 16–22 Nov, not
 * 16–23 Nov as its end instant (23 Nov 05:00) would read.
 */
import { addDateDays, bucketKeyParts, productionDayHolding, type AnalyticsInterval, type FactoryCalendar } from '@linepulse/contracts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Dates are formatted as UTC midnights of their own (a production day is a date, not an instant). */
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return found;
}

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const MONTH: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };

function isMonthStart(date: string): boolean {
  return date.endsWith('-01');
}

function isMonthEnd(date: string): boolean {
  return isMonthStart(addDateDays(date, 1));
}

/**
 * The production days `first`..`last` (yyyy-LL-dd, inclusive): one day ("13 Nov"), whole months
 * ("Nov 2026", "Sep – Nov 2026"), up to 31 days ("13–19 Nov", "28 Oct – 3 Nov"), or longer spans by
 * month ("Sep – Nov 2026"). `withYear` adds the year to day-precise labels (a full label always has it).
 */
export function daysLabel(first: string, last: string, locale: string, withYear: boolean): string {
  const [from, to] = [utc(first), utc(last)];
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
  if (first === last) return format(locale, withYear ? { ...DAY, year: 'numeric' } : DAY).format(from);
  if ((isMonthStart(first) && isMonthEnd(last)) || days > 31) {
    return first.slice(0, 7) === last.slice(0, 7) ? format(locale, MONTH).format(from) : format(locale, MONTH).formatRange(from, to);
  }
  return format(locale, withYear ? { ...DAY, year: 'numeric' } : DAY).formatRange(from, to);
}

/**
 * Axis and full labels of consecutive spans of production days: on the axis the year shows on the
 * first label and where it changes, so that twelve labels stay short; the full labels carry it always.
 */
export function daysLabels(spans: readonly { first: string; last: string }[], locale: string): { axis: string[]; full: string[] } {
  const axis = spans.map((span, index) => {
    const year = span.last.slice(0, 4);
    const withYear = index === 0 || spans[index - 1]!.last.slice(0, 4) !== year || span.first.slice(0, 4) !== year;
    return daysLabel(span.first, span.last, locale, withYear);
  });
  return { axis, full: spans.map((span) => daysLabel(span.first, span.last, locale, true)) };
}

/** The production days a period of the api covers (its end is exclusive; an ongoing period ends now). */
export function periodDays(period: { start_time: string; end_time: string }, calendar: FactoryCalendar): { first: string; last: string } {
  return {
    first: productionDayHolding(Date.parse(period.start_time), calendar),
    last: productionDayHolding(Date.parse(period.end_time) - 1, calendar),
  };
}

/** The production days a bucket key stands for: one day, the week from its first day, or the month of its first day. */
function bucketDays(key: string, interval: Exclude<AnalyticsInterval, 'hour'>): { first: string; last: string } {
  if (interval === 'day') return { first: key, last: key };
  if (interval === 'week') return { first: key, last: addDateDays(key, 6) };
  const [year, month] = key.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { first: key, last };
}

/**
 * Labels of bucket keys (contracts' intervalBuckets) on an axis and in full: an hour as its local
 * wall-clock date and time ("Nov 25, 06:00"), a day, week or month as its production days. `repeated`
 * words the second of two hours a fall-back repeats.
 */
export function bucketLabels(
  keys: readonly string[],
  interval: AnalyticsInterval,
  locale: string,
  repeated: (label: string) => string,
): { axis: string[]; full: string[] } {
  if (interval !== 'hour') return daysLabels(keys.map((key) => bucketDays(key, interval)), locale);
  const hourFormat = format(locale, { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const fullFormat = format(locale, { ...DAY, year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const labels = keys.map((key) => {
    const parts = bucketKeyParts(key);
    const at = new Date(`${parts.date}T${parts.time ?? '00:00'}:00Z`);
    const [axis, full] = [hourFormat.format(at), fullFormat.format(at)];
    return parts.repeated ? { axis: repeated(axis), full: repeated(full) } : { axis, full };
  });
  return { axis: labels.map((l) => l.axis), full: labels.map((l) => l.full) };
}
