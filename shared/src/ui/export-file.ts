import { csvRecord, sheetValue } from '@linepulse/contracts';

/**
 * File exports of charts and tables: one naming rule (page, factory, period) and the browser download.
 */

/** A file-name-safe slug: accents dropped, spaces and punctuation to hyphens, lower case. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** "company-overview_lyon_2026-11-01_2026-11-07": the page, the factory and the period, in that order. */
export function exportFileName(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => !!part && part.trim() !== '')
    .map(fileSlug)
    .filter((part) => part !== '')
    .join('_');
}

/**
 * The period's part of a file name: its name (the time option; none for dates picked by hand), then its
 * production days — a one-day period names its day once ("lastday_2026-11-24"), a longer one its first
 * and last day ("last7days_2026-11-18_2026-11-24").
 */
export function periodFilePart(name: string | null, firstDay: string, lastDay: string): string {
  return [name, firstDay, ...(lastDay === firstDay ? [] : [lastDay])].filter((part): part is string => !!part).join('_');
}

/** Saves a blob under a file name through a temporary link (works in every browser we support). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * RFC 4180 CSV (comma separated, CRLF), with a byte-order mark so spreadsheet programs read UTF-8.
 * Every text is quoted and a text starting like a formula (`=`, `+`, `-`, `@`, tab, CR) gets a single
 * quote in front (`csvField` of contracts, OWASP's rule): a line named `=HYPERLINK(…)` stays text.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\ufeff${rows.map((row) => csvRecord(row)).join('\r\n')}\r\n`;
}

export type SheetCell = string | number | null;

/**
 * An .xlsx workbook of one sheet. The writer (write-excel-file, see docs/decisions/0010-exports.md) is
 * loaded only when someone exports, so no page pays for it up front.
 */
export async function toXlsx(
  rows: readonly (readonly SheetCell[])[],
  options: { sheet: string; formats?: (string | undefined)[] },
): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx-writer" */ 'write-excel-file/browser');
  const data = rows.map((row, rowIndex) =>
    row.map((value, column) => {
      if (value === null) return null;
      if (rowIndex === 0) return { value: sheetValue(String(value)), fontWeight: 'bold' as const };
      if (typeof value === 'number') {
        const format = options.formats?.[column];
        return format ? { value, type: Number, format } : { value, type: Number };
      }
      // The CSV's text: a name starting like a formula shows as text, even once edited in the program.
      return { value: sheetValue(value), type: String };
    }),
  );
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = options.sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
  return writeXlsxFile(data, { sheet }).toBlob();
}
