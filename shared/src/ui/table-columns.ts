import type { IntlShape } from 'react-intl';
import type { DataColumn } from './data-table';
import { formatDuration, formatNumber, formatPercent } from './format';

const DAY_MS = 86_400_000;

/** A duration column: hours and minutes as shown, a day fraction with an `[h]:mm` format for Excel. */
export function durationColumn<T>(intl: IntlShape, id: string, header: string, msOf: (row: T) => number | null): DataColumn<T> {
  return {
    id,
    header,
    text: (row) => formatDuration(intl.locale, msOf(row)),
    value: (row) => {
      const ms = msOf(row);
      return ms === null ? null : ms / DAY_MS;
    },
    excelFormat: '[h]:mm',
    numeric: true,
  };
}

/** A percentage column from a fraction (null = N/D): as shown, the fraction for Excel. */
export function percentColumn<T>(intl: IntlShape, id: string, header: string, fractionOf: (row: T) => number | null): DataColumn<T> {
  return { id, header, text: (row) => formatPercent(intl.locale, fractionOf(row)), value: fractionOf, excelFormat: '0.00%', numeric: true };
}

/** A count column (occurrences, units): grouped digits as shown, the number for Excel. */
export function countColumn<T>(intl: IntlShape, id: string, header: string, countOf: (row: T) => number): DataColumn<T> {
  return { id, header, text: (row) => formatNumber(intl.locale, countOf(row)), value: countOf, numeric: true };
}
