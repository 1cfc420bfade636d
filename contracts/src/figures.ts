/**
 * Figures as Linepulse writes them (product §9), once for the screens, their exports and the e-mails
 * (decision 37): thousands separated by no-break spaces in every language, percentages with a fixed
 * number of decimals, durations as hours and minutes ("2 h 05 min", "45 min", "38 s" under one minute),
 * never decimal hours, and "N/D" where a figure is not available.
 *
 * Rounding happens once, on the exact figure: a duration's milliseconds go to whole minutes (or whole
 * seconds under one minute) in one step, never seconds first and minutes from them, and a total is the
 * sum of the exact parts, rounded afterwards. Numbers round half away from zero on their shortest decimal
 * writing (what `Intl.NumberFormat` does), with integer arithmetic: no binary fraction error ever turns
 * 84.645 into 84.64, and a server and a browser with different ICU data write the same digits.
 */

/** "Not available" of product §8 (N/D, docs/domain.md §6), the same word in English, French and Spanish. */
export const NOT_AVAILABLE = 'N/D';

/** The thousands separator: a no-break space, so a figure never wraps inside itself. */
export const THOUSANDS_SEPARATOR = '\u00a0';

/** Decimals of every percentage (88.81 %), on screens, in exports and in e-mails. */
export const PERCENT_DECIMALS = 2;

const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;

export type Figure = number | null | undefined;

/** Whether a figure can be shown: a finite number (null, undefined and NaN are N/D). */
export function isAvailable(value: Figure): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/** The decimal mark of a locale: a point in English, a comma in French and Spanish. */
function decimalMark(locale: string): string {
  return locale.toLowerCase().startsWith('en') ? '.' : ',';
}

/**
 * |value| × 10^shift rounded half away from zero to `decimals` decimals, as the digits before and after
 * the mark. Works on the value's shortest decimal writing (`toExponential()`), so 1.005 is 1.01 and
 * 0.84645 as a percentage is 84.65, as people (and spreadsheets) read them.
 */
function roundedDigits(value: number, shift: number, decimals: number): { integer: string; fraction: string } {
  const [mantissa = '0', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText) + shift;
  const integerDigits = exponent >= 0 ? digits.slice(0, exponent + 1).padEnd(exponent + 1, '0') : '0';
  const fractionDigits = exponent >= 0 ? digits.slice(exponent + 1) : `${'0'.repeat(-exponent - 1)}${digits}`;
  const kept = fractionDigits.slice(0, decimals).padEnd(decimals, '0');
  const up = (fractionDigits[decimals] ?? '0') >= '5';
  const scaled = (BigInt(`${integerDigits}${kept}`) + (up ? 1n : 0n)).toString().padStart(decimals + 1, '0');
  return { integer: scaled.slice(0, scaled.length - decimals), fraction: scaled.slice(scaled.length - decimals) };
}

/** Digits grouped by three from 1 000 on, with no-break spaces (1 234 567). */
function grouped(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
}

function numberOf(locale: string, value: number, shift: number, decimals: number): string {
  const { integer, fraction } = roundedDigits(value, shift, decimals);
  // A value that rounds to zero is 0, never -0.
  const negative = value < 0 && /[1-9]/.test(`${integer}${fraction}`);
  return `${negative ? '-' : ''}${grouped(integer)}${decimals > 0 ? `${decimalMark(locale)}${fraction}` : ''}`;
}

/** A number with `decimals` decimals (0 by default) and spaces between thousands: "1 234", "1 234,5". */
export function numberText(locale: string, value: Figure, decimals = 0): string {
  if (!isAvailable(value)) return NOT_AVAILABLE;
  return numberOf(locale, value, 0, decimals);
}

/**
 * A fraction (0–1, as the api sends indicators) as a percentage with `PERCENT_DECIMALS` decimals:
 * "88.81%" in English, "88,81 %" (no-break space) in French and Spanish.
 */
export function percentText(locale: string, fraction: Figure, decimals = PERCENT_DECIMALS): string {
  if (!isAvailable(fraction)) return NOT_AVAILABLE;
  const number = numberOf(locale, fraction, 2, decimals);
  return decimalMark(locale) === '.' ? `${number}%` : `${number}${THOUSANDS_SEPARATOR}%`;
}

/** A duration rounded once: whole seconds under one minute, else whole hours and minutes (0–59). */
export type RoundedDuration =
  | { negative: boolean; unit: 'seconds'; seconds: number }
  | { negative: boolean; unit: 'minutes'; hours: number; minutes: number };

/**
 * A duration in ms rounded once, half away from zero: to whole seconds when that is under a minute,
 * else straight from the milliseconds to whole minutes (2 789 600 ms is 46 min, 29.6 s: 46 min; rounding
 * to 2 790 s first would have made it 46.5 min, then 47).
 */
export function roundDuration(ms: number): RoundedDuration {
  const abs = Math.abs(ms);
  const seconds = Math.round(abs / SECOND_MS);
  if (seconds < 60) return { negative: ms < 0 && seconds > 0, unit: 'seconds', seconds };
  const total = Math.round(abs / MINUTE_MS);
  return { negative: ms < 0, unit: 'minutes', hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * A duration in ms as text: "12 h 05 min", "45 min", "38 s" under one minute, "1 234 h 00 min" for long
 * ones, a minus sign (−) in front of a negative one. Never decimal hours.
 */
export function durationText(locale: string, ms: Figure): string {
  if (!isAvailable(ms)) return NOT_AVAILABLE;
  const rounded = roundDuration(ms);
  const text =
    rounded.unit === 'seconds'
      ? `${rounded.seconds} s`
      : rounded.hours === 0
        ? `${rounded.minutes} min`
        : `${numberText(locale, rounded.hours)} h ${String(rounded.minutes).padStart(2, '0')} min`;
  return rounded.negative ? `\u2212${text}` : text;
}

/**
 * The total of durations in ms: the exact parts added, to be rounded once when written. Adding parts
 * already rounded to minutes drifts (three lines of 20 min 20 s are 61 min, not 60).
 */
export function totalDuration(parts: readonly Figure[]): number {
  return parts.reduce<number>((sum, part) => sum + (isAvailable(part) ? part : 0), 0);
}

/**
 * What goes between a label and its value: ": ", and in French a no-break space before the colon
 * ("Période : …", "Bourrage : 2 h 05 min"), so the colon never starts a line alone.
 */
export function labelColon(locale: string): string {
  return locale.toLowerCase().startsWith('fr') ? `${THOUSANDS_SEPARATOR}: ` : ': ';
}

/** Hours (a potential gain, a cost basis) as milliseconds, to be written as a duration. */
export function hoursToMs(hours: number): number {
  return hours * 3_600_000;
}
