import { WEEK_DAYS, type WeekDay } from './constants';

/**
 * Rules of a factory's production configuration (PUT /factories/{id}/configuration) that the admin
 * editor must apply exactly as the api does: written once here, so a declaration the editor accepts is
 * not refused for a reason the plant user could not see while editing.
 */

/** Keys of units, shifts and reasons: letters, digits, . : - _ (1 to 64), not starting with a sign. */
export const CONFIGURATION_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
export const CONFIGURATION_KEY_MAX = 64;

/** Local wall-clock time of a shift's start or end. */
export const SHIFT_TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const WEEK_MINUTES = 7 * 1440;

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** What the overlap rule reads of a shift. */
export interface ShiftSchedule {
  key: string;
  production_units: readonly string[];
  start: string;
  end: string;
  days: readonly string[];
}

/** Two shifts that share a unit and a scheduled minute: `index` is the later one in the list. */
export interface ShiftOverlap {
  index: number;
  otherIndex: number;
  key: string;
  other: string;
  unit: string;
}

/** Minutes a shift lasts: an end at or before the start crosses midnight (equal: 24 hours). */
export function shiftMinutes(start: string, end: string): number {
  const from = minutesOf(start);
  const to = minutesOf(end);
  return to > from ? to - from : to + 1440 - from;
}

/**
 * Two shifts of one unit may not overlap (in local wall-clock time over a week): a scheduled minute
 * belongs to one shift, or per-shift figures would count it twice or arbitrarily. Adjacent shifts
 * (one ends when the next starts) are fine. One overlap per pair of shifts, on the later one, naming the
 * first unit of the later shift they share. Meant for shifts whose times are valid HH:mm.
 */
export function shiftOverlaps(shifts: readonly ShiftSchedule[]): ShiftOverlap[] {
  const spans = shifts.map((shift) => {
    const start = minutesOf(shift.start);
    const length = shiftMinutes(shift.start, shift.end);
    return shift.days.flatMap((day) => {
      const dayIndex = WEEK_DAYS.indexOf(day as WeekDay);
      if (dayIndex < 0) return [];
      const from = dayIndex * 1440 + start;
      // A Sunday-night shift runs into Monday of the next week: also compare it one week earlier.
      return [[from, from + length], [from - WEEK_MINUTES, from + length - WEEK_MINUTES]] as const;
    });
  });
  const overlaps: ShiftOverlap[] = [];
  for (let j = 1; j < shifts.length; j += 1) {
    for (let i = 0; i < j; i += 1) {
      const unit = shifts[j]!.production_units.find((u) => shifts[i]!.production_units.includes(u));
      if (unit === undefined) continue;
      const overlap = spans[i]!.some(([a0, a1]) => spans[j]!.some(([b0, b1]) => a0 < b1 && b0 < a1));
      if (overlap) overlaps.push({ index: j, otherIndex: i, key: shifts[j]!.key, other: shifts[i]!.key, unit });
    }
  }
  return overlaps;
}

/**
 * A key for a new item made from its name, so that a plant user never has to invent one: lower case,
 * accents dropped, anything else than a letter or a digit becomes one hyphen; `fallback` when nothing
 * is left (a name in another script); a number appended when the key is taken. Always matches
 * CONFIGURATION_KEY_PATTERN.
 */
export function configurationKeyFrom(name: string, taken: Iterable<string>, fallback = 'item'): string {
  const used = new Set(taken);
  const slug =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, CONFIGURATION_KEY_MAX - 4)
      .replace(/-+$/, '') || fallback;
  if (!used.has(slug)) return slug;
  for (let n = 2; ; n += 1) {
    const candidate = `${slug}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** What decides whether a configuration change re-derives a unit's past figures. */
export interface ConfigurationHistoryInputs {
  production_units: readonly { key: string; downtime_delay_seconds?: number | null; cost_per_hour?: number | null }[];
  work_shifts: readonly ShiftSchedule[];
  products: readonly { sku: string; ideal_rate_per_hour: Readonly<Record<string, number>> }[];
  downtime_reasons: readonly { key: string; name: string; category: string; is_planned: boolean; target_seconds?: number | null }[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A unit's inputs to its figures: downtime delay, cost, its shifts' schedules and its products' rates. */
function unitSignature(config: ConfigurationHistoryInputs, unit: ConfigurationHistoryInputs['production_units'][number]): string {
  const shifts = config.work_shifts
    .filter((s) => s.production_units.includes(unit.key))
    .map((s) => `${s.start}-${s.end}-${[...s.days].sort().join(',')}`)
    .sort();
  const rates = config.products
    .filter((p) => p.ideal_rate_per_hour[unit.key] !== undefined)
    .map((p) => `${p.sku}=${p.ideal_rate_per_hour[unit.key]}`)
    .sort();
  return JSON.stringify([unit.downtime_delay_seconds ?? null, unit.cost_per_hour ?? null, shifts, rates]);
}

const reasonsSignature = (config: ConfigurationHistoryInputs): string =>
  JSON.stringify(
    [...config.downtime_reasons]
      .sort((a, b) => byText(a.key, b.key))
      .map((r) => [r.key, r.name, r.category, r.is_planned, r.target_seconds ?? null]),
  );

/**
 * The units whose past figures a configuration change re-derives (PUT configuration marks their history
 * for recomputation; the wizard says so before saving): the units kept whose schedule, rates, downtime
 * delay or cost changed, and every kept unit when the downtime reasons changed (any unit's
 * justifications may use any reason). New units have no history; in declaration order.
 */
export function unitsWithAlteredHistory(before: ConfigurationHistoryInputs, after: ConfigurationHistoryInputs): string[] {
  const reasonsChanged = reasonsSignature(before) !== reasonsSignature(after);
  const previous = new Map(before.production_units.map((unit) => [unit.key, unitSignature(before, unit)]));
  return after.production_units
    .filter((unit) => previous.has(unit.key) && (reasonsChanged || previous.get(unit.key) !== unitSignature(after, unit)))
    .map((unit) => unit.key);
}
