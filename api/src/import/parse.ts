import { HISTORY_IMPORT_CODES, HISTORY_IMPORT_CSV_COLUMNS, INPUT_MAX_DEPTH } from '@linepulse/contracts';

/** A row refused before ingestion's rules are applied (its line is added by the caller). */
export interface RowProblem {
  code: string;
  field: string | null;
  arguments: Record<string, string | number>;
  message: string;
}

const NUMERIC_COLUMNS = new Set(['good', 'rejected', 'total']);
const INTEGER = /^\d+$/;

/** Nesting depth of a parsed JSON value beyond which it is refused (the api's common input rule). */
function tooDeep(value: unknown, depth = 0): boolean {
  if (depth > INPUT_MAX_DEPTH) return true;
  if (value === null || typeof value !== 'object') return false;
  for (const child of Object.values(value as Record<string, unknown>)) if (tooDeep(child, depth + 1)) return true;
  return false;
}

/** One NDJSON line: an event object, or why not. */
export function parseNdjsonLine(text: string): { event: Record<string, unknown> } | { problem: RowProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      problem: {
        code: HISTORY_IMPORT_CODES.lineInvalid,
        field: null,
        arguments: { reason: 'json' },
        message: `not JSON (${error instanceof Error ? error.message : String(error)})`,
      },
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: { code: HISTORY_IMPORT_CODES.lineInvalid, field: null, arguments: { reason: 'object' }, message: 'must be one JSON object (an event)' } };
  }
  if (tooDeep(value)) {
    return { problem: { code: HISTORY_IMPORT_CODES.lineInvalid, field: null, arguments: { reason: 'depth' }, message: `nested deeper than ${INPUT_MAX_DEPTH} levels` } };
  }
  return { event: value as Record<string, unknown> };
}

/**
 * Cells of one CSV line (RFC 4180 within a line: fields in double quotes may hold commas and doubled
 * quotes). Null when a quoted field is not closed on the line (fields spanning lines are not read).
 */
export function splitCsvLine(text: string): string[] | null {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    if (text[i] === '"') {
      let value = '';
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return null;
        value += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      if (i < text.length && text[i] !== ',') return null;
      cells.push(value);
    } else {
      const comma = text.indexOf(',', i);
      cells.push(comma === -1 ? text.slice(i) : text.slice(i, comma));
      if (comma === -1) return cells;
      i = comma;
    }
    if (i >= text.length) return cells;
    i += 1; // the comma
    if (i === text.length) {
      cells.push('');
      return cells;
    }
  }
}

/** The CSV header: its columns, or the problems (unknown or repeated columns, id or type missing). */
export function parseCsvHeader(text: string): { columns: string[] } | { problem: RowProblem } {
  const cells = splitCsvLine(text);
  const known = HISTORY_IMPORT_CSV_COLUMNS as readonly string[];
  const columns = (cells ?? []).map((c) => c.trim());
  const unknown = columns.filter((c) => !known.includes(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  const missing = ['id', 'type'].filter((c) => !columns.includes(c));
  if (cells === null || unknown.length > 0 || repeated.length > 0 || missing.length > 0) {
    const parts = [
      cells === null ? 'an unclosed quote' : '',
      unknown.length > 0 ? `unknown columns ${unknown.join(', ')}` : '',
      repeated.length > 0 ? `repeated columns ${[...new Set(repeated)].join(', ')}` : '',
      missing.length > 0 ? `missing columns ${missing.join(', ')}` : '',
    ].filter((p) => p !== '');
    return {
      problem: {
        code: HISTORY_IMPORT_CODES.csvHeaderInvalid,
        field: null,
        arguments: { unknown: unknown.join(', '), missing: missing.join(', '), columns: known.join(', ') },
        message: `The first line must name the columns (${known.join(', ')}; id and type required): ${parts.join('; ')}`,
      },
    };
  }
  return { columns };
}

/**
 * One CSV data line as an event: each non-empty cell is the field of its column; good, rejected and
 * total are numbers when they are digits (anything else stays text, which ingestion then refuses).
 */
export function parseCsvLine(text: string, columns: readonly string[]): { event: Record<string, unknown> } | { problem: RowProblem } {
  const cells = splitCsvLine(text);
  if (cells === null || cells.length !== columns.length) {
    return {
      problem: {
        code: HISTORY_IMPORT_CODES.lineInvalid,
        field: null,
        arguments: { reason: 'cells', expected: columns.length, count: cells?.length ?? 0 },
        message: cells === null ? 'a quoted cell is not closed on its line' : `${cells.length} cells where the header has ${columns.length}`,
      },
    };
  }
  const event: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) {
    const cell = cells[i]!;
    if (cell === '') continue;
    const column = columns[i]!;
    event[column] = NUMERIC_COLUMNS.has(column) && INTEGER.test(cell) && cell.length <= 16 ? Number(cell) : cell;
  }
  return { event };
}
