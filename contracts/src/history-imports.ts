import { Type, type Static } from 'typebox';
import { Uuid } from './schemas/common';
import { HISTORY_IMPORT_FORMATS, HISTORY_IMPORT_PHASES } from './history-import-rules';

/**
 * History import (issue 21, decision 34): a historian export of ingestion events (NDJSON or CSV) for
 * one factory, uploaded once, then stored in batches and derived in the background. Wire shapes of the
 * api's `…/history-imports` calls, read by the api and the admin area. Their formats, phases, codes
 * and limits are in history-import-rules.ts (no TypeBox: the admin area imports them), re-exported here.
 */

export * from './history-import-rules';

export const HistoryImportParams = Type.Object({ id: Uuid, importId: Uuid });

export const HistoryImportUploadQuery = Type.Object({
  format: Type.Optional(Type.Enum([...HISTORY_IMPORT_FORMATS], { description: 'Needed with application/octet-stream; otherwise taken from the content type' })),
  file_name: Type.Optional(Type.String({ maxLength: 255, description: 'The file’s name, shown in the list' })),
});

/** The command's upload (ingest key): the factory it means, checked against the key's before anything is read. */
export const HistoryImportKeyUploadQuery = Type.Object({
  ...HistoryImportUploadQuery.properties,
  factory_id: Type.Optional(Type.String({ format: 'uuid', description: 'The factory the file is for: refused (401) unless it is the key’s' })),
});

/** What the upload's body is (documentation: the body is read as a stream, not as JSON). */
export const HistoryImportBodyDoc = Type.String({
  description:
    'The file itself, streamed: NDJSON (Content-Type application/x-ndjson, one ingestion event object a line) or CSV (text/csv, a header line naming the columns id, type, unit, at, state, good, rejected, total, from, to, reason, sku; empty cells are absent fields). application/octet-stream with ?format=. Events as in POST /api/ingest/v1/events.',
});

export const HistoryImportErrorSchema = Type.Object({
  line: Type.Integer({ minimum: 1, description: 'Line number in the file, from 1 (a CSV header is line 1)' }),
  code: Type.String({ description: 'ING_* (ingestion’s rules), IMP_LINE_INVALID, IMP_LINE_TOO_LONG or IMP_EVENT_IN_FUTURE' }),
  field: Type.Union([Type.String(), Type.Null()]),
  arguments: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  message: Type.String({ description: 'English text; screens translate the code' }),
});
export type HistoryImportError = Static<typeof HistoryImportErrorSchema>;

export const HistoryImportFailureSchema = Type.Object({
  code: Type.String(),
  arguments: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  message: Type.String(),
});

export const HistoryImportSchema = Type.Object({
  id: Uuid,
  factory_id: Uuid,
  format: Type.Enum([...HISTORY_IMPORT_FORMATS]),
  file_name: Type.Union([Type.String(), Type.Null()]),
  phase: Type.Enum([...HISTORY_IMPORT_PHASES]),
  bytes_total: Type.Integer({ minimum: 0, description: 'Size of the file (bytes received during upload)' }),
  bytes_read: Type.Integer({ minimum: 0, description: 'Bytes of the file stored so far (up to the last committed line)' }),
  rows_read: Type.Integer({ minimum: 0, description: 'Event rows read (blank lines and the CSV header not counted)' }),
  rows_stored: Type.Integer({ minimum: 0, description: 'Events stored by this import' }),
  rows_duplicate: Type.Integer({ minimum: 0, description: 'Events whose id the factory already had (same file twice, overlapping exports): not stored again' }),
  rows_refused: Type.Integer({ minimum: 0, description: 'Rows refused, each with its line in errors (the first 1 000)' }),
  units_total: Type.Integer({ minimum: 0, description: 'Production units that received events' }),
  units_pending: Type.Integer({ minimum: 0, description: 'Of those, units whose figures still wait for derivation (rollup_dirty rows)' }),
  failure: Type.Union([HistoryImportFailureSchema, Type.Null()], { description: 'Why the job failed as a whole (phase failed)' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type HistoryImport = Static<typeof HistoryImportSchema>;

export const HistoryImportDetailSchema = Type.Object({
  ...HistoryImportSchema.properties,
  errors: Type.Array(HistoryImportErrorSchema, { description: 'Refused rows in line order, at most 1 000' }),
  errors_omitted: Type.Integer({ minimum: 0, description: 'Refused rows not listed' }),
});
export type HistoryImportDetail = Static<typeof HistoryImportDetailSchema>;
