-- Downtime justification by the people on the line (issue 25; docs/decisions/0050-downtime-justification.md).

-- A person's part of a downtime is a justification row like a machine's, marked with the start of the
-- downtime it was given for: the engine lets it win over the machine's rows it overlaps, inside that
-- downtime only. The machine's rows are never changed.
ALTER TABLE downtime_justifications ADD COLUMN person_downtime_start timestamptz;
CREATE INDEX downtime_justifications_person_idx ON downtime_justifications (account_id, production_unit_id, person_downtime_start)
  WHERE person_downtime_start IS NOT NULL;

-- Every change of a downtime's justification by a person, with the state after it (a snapshot: the
-- person's parts and comment), so that the audit list is these rows and undo restores the row before.
CREATE TABLE justification_changes (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  downtime_start     timestamptz NOT NULL,
  action             text NOT NULL CHECK (action IN ('justify', 'split', 'comment', 'undo')),
  -- [{from, to (null: until the downtime ends), reason_id}] after the change; [] = none.
  parts              jsonb NOT NULL,
  comment            text,
  user_id            uuid,
  user_name          text NOT NULL,
  -- The change this one undid (action 'undo'), and, on an undone change, the undo.
  undoes             uuid REFERENCES justification_changes (id) ON DELETE CASCADE,
  undone_by          uuid REFERENCES justification_changes (id) ON DELETE SET NULL,
  -- A client's Idempotency-Key: a retry answers without a second change.
  idempotency_key    text,
  created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE,
  UNIQUE (account_id, idempotency_key)
);
CREATE INDEX justification_changes_downtime_idx ON justification_changes (account_id, production_unit_id, downtime_start, created_at);
