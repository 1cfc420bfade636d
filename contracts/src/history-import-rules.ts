/**
 * History import (issue 21, decision 34): the formats, phases, limits and codes of a historian export's
 * import, and whether a job still works, without the wire schemas (history-imports.ts), so the admin
 * area's import page does not load TypeBox.
 */

/** Formats a file may have. */
export const HISTORY_IMPORT_FORMATS = ['ndjson', 'csv'] as const;
export type HistoryImportFormat = (typeof HISTORY_IMPORT_FORMATS)[number];

/** Content types of an upload, and the format each one means (application/octet-stream needs `format`). */
export const HISTORY_IMPORT_CONTENT_TYPES: Readonly<Record<string, HistoryImportFormat | null>> = {
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'text/csv': 'csv',
  'application/octet-stream': null,
};

/** The CSV header's possible columns: the events' fields (`id` and `type` are required). */
export const HISTORY_IMPORT_CSV_COLUMNS = ['id', 'type', 'unit', 'at', 'state', 'good', 'rejected', 'total', 'from', 'to', 'reason', 'sku'] as const;

/** Phases of a job: upload → store (lines read, checked and stored in batches) → derive (figures) → done, or failed. */
export const HISTORY_IMPORT_PHASES = ['upload', 'store', 'derive', 'done', 'failed'] as const;
export type HistoryImportPhase = (typeof HISTORY_IMPORT_PHASES)[number];

/** Refused rows listed per job (with line numbers); the others are counted. */
export const HISTORY_IMPORT_MAX_LISTED_ERRORS = 1_000;
/** Longest line read (bytes); a longer one is refused whole. */
export const HISTORY_IMPORT_MAX_LINE_BYTES = 64 * 1024;
/** Largest file accepted (bytes). */
export const HISTORY_IMPORT_MAX_FILE_BYTES = 8 * 1024 ** 3;

/** Codes of the import's own refusals (each row's other problems keep ingestion's ING_* codes). */
export const HISTORY_IMPORT_CODES = {
  /** 404: no import of that id in the factory (or another account's). */
  notFound: 'IMP_404',
  /** 400: application/octet-stream without ?format=ndjson|csv. */
  formatRequired: 'IMP_FORMAT_REQUIRED',
  /** 400: the file holds no byte. */
  fileEmpty: 'IMP_FILE_EMPTY',
  /** 413: over HISTORY_IMPORT_MAX_FILE_BYTES (`max`). */
  fileTooLarge: 'IMP_FILE_TOO_LARGE',
  /** 400: the CSV's first line is not a header of known columns with id and type (`columns`). */
  csvHeaderInvalid: 'IMP_CSV_HEADER_INVALID',
  /** Row: not a JSON object (NDJSON) or not as many cells as the header (CSV). */
  lineInvalid: 'IMP_LINE_INVALID',
  /** Row: longer than HISTORY_IMPORT_MAX_LINE_BYTES (`max`). */
  lineTooLong: 'IMP_LINE_TOO_LONG',
  /** Row: an instant more than 5 minutes after the moment it was checked (`field`, `max_minutes`). */
  eventInFuture: 'IMP_EVENT_IN_FUTURE',
  /** Job: the upload stopped before the end of the file (the client went away, or the api stopped). */
  uploadIncomplete: 'IMP_UPLOAD_INCOMPLETE',
  /** Job: the kept file cannot be read any more. */
  fileMissing: 'IMP_FILE_MISSING',
} as const;

/** Whether a job still works (the page keeps asking for its progress). */
export function historyImportRunning(phase: HistoryImportPhase): boolean {
  return phase === 'upload' || phase === 'store' || phase === 'derive';
}
