/**
 * Spreadsheet formula injection ("CSV injection", OWASP): a cell whose text starts with `=`, `+`, `-`
 * or `@` (or a tab or carriage return, which some programs skip before reading the rest) is read by
 * Excel, LibreOffice and Google Sheets as a formula — `=HYPERLINK("http://evil.example","x")` in a
 * line's name becomes a live link in the file a director opens. Every CSV cell and every text cell of
 * an Excel sheet the product writes goes through these functions (api exports, the UI tables' files).
 *
 * The rule (OWASP's recommendation): such text gets a single quote in front, so the program shows it
 * as text, and a CSV field is always quoted with its quotes doubled. Numbers stay numbers: a number is
 * written as one, and a text that is only a number as shown (`-12`, `-1 234,5`, `-3.5 %`) is left as
 * it is, since it holds no letter, reference or function a program could run.
 */

/** First characters that make a spreadsheet read a cell as a formula (the full-width forms too). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A number as a table shows it: a sign, digits with grouping spaces, dots or commas, an optional
 * exponent and an optional per cent sign. Nothing a formula could call or refer to.
 */
const PLAIN_NUMBER = /^[-+]?(?:\d[\d \u00a0\u202f.,]*)?\d(?:[eE][-+]?\d+)?(?: ?%)?$/;

/** Whether a spreadsheet program would read this text as a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** Text made safe for a spreadsheet cell: a single quote in front of what would be read as a formula. */
export function spreadsheetText(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/** A cell value as the exports hold it: text, a number, a yes/no, or nothing. */
export type SheetValue = string | number | boolean | null | undefined;

/**
 * One CSV field (RFC 4180): text is always quoted, its quotes doubled and a formula neutralised;
 * a finite number is written bare (so `-5` stays the number −5), a non-finite one and nothing as an
 * empty field; yes/no as `true`/`false`.
 */
export function csvField(value: SheetValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `"${spreadsheetText(value).replace(/"/g, '""')}"`;
}

/** One CSV record: the fields joined with commas (no line end). */
export function csvRecord(values: readonly SheetValue[]): string {
  return values.map(csvField).join(',');
}

/**
 * A value for a typed sheet cell (Excel): text neutralised like the CSV's, so both files of an export
 * show the same text and editing a cell in the program never turns it into a formula; anything else as
 * it is.
 */
export function sheetValue<T extends SheetValue>(value: T): T {
  return (typeof value === 'string' ? spreadsheetText(value) : value) as T;
}
