/**
 * Figures as Linepulse shows them (product §9): thousands separated by spaces in every language, durations
 * as hours and minutes (seconds under one minute), "N/D" where a figure is not available. Pure
 * functions of a locale, so screens, exports and end-to-end tests format the same way.
 */

/** "Not available" of product §8 (N/D, docs/domain.md §6), the same word in English, French and Spanish. */
export const NOT_AVAILABLE = 'N/D';

/** The thousands separator: a no-break space, so a figure never wraps inside itself. */
export const THOUSANDS_SEPARATOR = '\u00a0';

type Figure = number | null | undefined;

function available(value: Figure): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

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
  if (!available(value)) return NOT_AVAILABLE;
  return withSpaces(numberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }), value);
}

/** A fraction (0–1, as the API sends indicators) as a percentage with two decimals. */
export function formatPercent(locale: string, fraction: Figure, fractionDigits = 2): string {
  if (!available(fraction)) return NOT_AVAILABLE;
  return withSpaces(
    numberFormat(locale, { style: 'percent', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    fraction,
  );
}

/** A duration in ms: "12 h 05 min", "45 min", "38 s" under one minute; "1 234 h 00 min" for long ones. */
export function formatDuration(locale: string, ms: Figure): string {
  if (!available(ms)) return NOT_AVAILABLE;
  const negative = ms < 0;
  const abs = Math.abs(ms);
  let text: string;
  if (abs < 60_000) {
    text = `${formatNumber(locale, Math.round(abs / 1000))} s`;
    if (text === '60 s') text = '1 min';
  } else {
    const minutes = Math.round(abs / 60_000);
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    text = hours === 0 ? `${rest} min` : `${formatNumber(locale, hours)} h ${String(rest).padStart(2, '0')} min`;
  }
  return negative ? `−${text}` : text;
}

/** Hours with one decimal (potential gains): "12.5 h". */
export function formatHours(locale: string, hours: Figure): string {
  if (!available(hours)) return NOT_AVAILABLE;
  return `${formatNumber(locale, hours, 1)} h`;
}

/** An amount of money in its currency, thousands spaced, no decimals. */
export function formatMoney(locale: string, amount: Figure, currency: string): string {
  if (!available(amount)) return NOT_AVAILABLE;
  return withSpaces(numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }), amount);
}
