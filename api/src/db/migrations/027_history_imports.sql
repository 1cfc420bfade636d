-- History import (issue 21, decision 34): an admin or a key holder uploads a historian export (NDJSON
-- or CSV of ingestion events) for one factory. The file is kept under DATA_DIR/imports/<id> while the
-- job runs; the row says how far it got, so a restarted api continues from the last stored line.
CREATE TABLE history_imports (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id       uuid NOT NULL,
  factory_id       uuid NOT NULL,
  format           text NOT NULL CHECK (format IN ('ndjson', 'csv')),
  file_name        text,
  -- upload → store (lines read, checked and stored in batches) → derive (figures) → done; or failed.
  phase            text NOT NULL CHECK (phase IN ('upload', 'store', 'derive', 'done', 'failed')),
  bytes_total      bigint NOT NULL DEFAULT 0,
  -- Byte offset just after the last line whose batch is committed, and that line's number (from 1):
  -- where a restarted job reads on.
  bytes_done       bigint NOT NULL DEFAULT 0,
  lines_done       bigint NOT NULL DEFAULT 0,
  rows_read        bigint NOT NULL DEFAULT 0,
  rows_stored      bigint NOT NULL DEFAULT 0,
  rows_duplicate   bigint NOT NULL DEFAULT 0,
  rows_refused     bigint NOT NULL DEFAULT 0,
  -- CSV column names of the header line, once read.
  csv_columns      text[],
  -- Units that received events: the derive phase re-derives them.
  unit_ids         uuid[] NOT NULL DEFAULT '{}',
  units_total      integer NOT NULL DEFAULT 0,
  -- Why a whole job failed (an incomplete upload, an unreadable file): { code, arguments, message }.
  failure          jsonb,
  -- The instance working on it and when it last said so (a stopped instance's jobs are taken over).
  runner           text,
  heartbeat_at     timestamptz,
  created_by       uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz,
  UNIQUE (account_id, id),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);
CREATE INDEX history_imports_factory_idx ON history_imports (account_id, factory_id, created_at);
CREATE INDEX history_imports_unfinished_idx ON history_imports (phase) WHERE phase IN ('upload', 'store', 'derive');

-- The refused rows of a job, with their line numbers: the first 1 000 are kept (rows_refused counts all).
CREATE TABLE history_import_errors (
  account_id  uuid NOT NULL,
  import_id   uuid NOT NULL,
  line        bigint NOT NULL,
  seq         integer NOT NULL,
  code        text NOT NULL,
  field       text,
  arguments   jsonb NOT NULL DEFAULT '{}',
  message     text NOT NULL,
  PRIMARY KEY (account_id, import_id, line, seq),
  FOREIGN KEY (account_id, import_id) REFERENCES history_imports (account_id, id) ON DELETE CASCADE
);
