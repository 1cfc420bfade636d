-- What changed, for the live screens (issue 25; docs/decisions/0049-live-screens.md). A row is written
-- in the same transaction as the change it announces, with NOTIFY linepulse_live: it exists only if
-- the change committed. Its id is the server-sent event's id, so a screen that reconnects (to this or
-- another instance) asks for what came after the last one it saw. Kept an hour (the live plugin
-- deletes older rows); a screen away longer refetches everything.
CREATE TABLE live_events (
  id                  bigserial PRIMARY KEY,
  account_id          uuid NOT NULL,
  factory_id          uuid NOT NULL,
  -- The units whose facts changed (empty: the factory as a whole, e.g. its configuration).
  production_unit_ids uuid[] NOT NULL DEFAULT '{}',
  -- state, counts, product, justification, configuration.
  kinds               text[] NOT NULL,
  at                  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);
CREATE INDEX live_events_account_idx ON live_events (account_id, id);
CREATE INDEX live_events_at_idx ON live_events (at);
