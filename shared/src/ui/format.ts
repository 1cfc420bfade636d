/**
 * Figures as Linepulse shows them (product §9): thousands separated by spaces in every language, durations
 * as hours and minutes (seconds under one minute), "N/D" where a figure is not available. The rule is the
 * contracts' (`figures.ts`, decision 37), which the api's e-mails follow too: screens, exports, e-mails
 * and end-to-end tests write the same figure the same way. Money stays here (no e-mail shows any).
 */
import { NOT_AVAILABLE, THOUSANDS_SEPARATOR, durationText, hoursToMs, isAvailable, numberText, percentText, type Figure } from '@linepulse/contracts';

export { NOT_AVAILABLE, THOUSANDS_SEPARATOR };

function withSpaces(format: Intl.NumberFormat, value: number): string {
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? THOUSANDS_SEPARATOR : part.value))
    .join('');
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Grouping from 1 000 on in every language (Spanish would otherwise leave 4-digit numbers whole).
    format = new Intl.NumberFormat(locale, { useGrouping: 'always', ...options });
    formats.set(key, format);
  }
  return format;
}

/** A number with `fractionDigits` decimals (0 by default) and spaces between thousands. */
export function formatNumber(locale: string, value: Figure, fractionDigits = 0): string {
  return numberText(locale, value, fractionDigits);
}

/** A fraction (0–1, as the API sends indicators) as a percentage with two decimals, as the e-mails write it. */
export function formatPercent(locale: string, fraction: Figure, fractionDigits?: number): string {
  return percentText(locale, fraction, fractionDigits);
}

/** A duration in ms: "12 h 05 min", "45 min", "38 s" under one minute; "1 234 h 00 min" for long ones. */
export function formatDuration(locale: string, ms: Figure): string {
  return durationText(locale, ms);
}

/**
 * Hours (a potential gain) as a duration: "2 h 18 min", never "2.3 h" (product §9).
 * @deprecated Pages write durations with `formatDuration` from milliseconds. Kept (the same answer as
 * `formatDuration` of the hours in ms) because remotes built against an earlier 1.x platform may still
 * call it; it goes with the next major version.
 */
export function formatHours(locale: string, hours: Figure): string {
  return isAvailable(hours) ? durationText(locale, hoursToMs(hours)) : NOT_AVAILABLE;
}

/** An amount of money in its currency, thousands spaced, no decimals. */
export function formatMoney(locale: string, amount: Figure, currency: string): string {
  if (!isAvailable(amount)) return NOT_AVAILABLE;
  return withSpaces(numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }), amount);
}
