-- Raw production facts, as ingested (docs/architecture.md, "Data: facts are the truth, rollups are derived"). One table per event type;
-- each event's id is unique within its factory, so a re-sent event is a duplicate, not a second fact.
-- Derived rollups are rebuilt from these tables; `rollup_dirty` records what late or corrected facts
-- (and configuration changes) touched, for the engine to re-derive.

CREATE TABLE unit_state_events (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  event_id           text NOT NULL,
  at                 timestamptz NOT NULL,
  running            boolean NOT NULL,
  PRIMARY KEY (account_id, factory_id, event_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX unit_state_events_unit_at_idx ON unit_state_events (account_id, production_unit_id, at);

-- Increments: good and rejected units counted since the previous count event.
CREATE TABLE unit_count_events (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  event_id           text NOT NULL,
  at                 timestamptz NOT NULL,
  good               bigint NOT NULL CHECK (good >= 0),
  rejected           bigint NOT NULL CHECK (rejected >= 0),
  PRIMARY KEY (account_id, factory_id, event_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX unit_count_events_unit_at_idx ON unit_count_events (account_id, production_unit_id, at);

-- Cumulative machine counters: total includes rejects; the first reading is the baseline; a reading
-- below the previous one means the counter was reset. Increments are derived in time order.
CREATE TABLE unit_counter_readings (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  event_id           text NOT NULL,
  at                 timestamptz NOT NULL,
  total              bigint NOT NULL CHECK (total >= 0),
  rejected           bigint NOT NULL CHECK (rejected >= 0),
  PRIMARY KEY (account_id, factory_id, event_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX unit_counter_readings_unit_at_idx ON unit_counter_readings (account_id, production_unit_id, at);

-- A reason over the downtime inside [from_at, to_at).
CREATE TABLE downtime_justifications (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  event_id           text NOT NULL,
  from_at            timestamptz NOT NULL,
  to_at              timestamptz NOT NULL,
  downtime_reason_id uuid NOT NULL,
  CHECK (from_at < to_at),
  PRIMARY KEY (account_id, factory_id, event_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, downtime_reason_id) REFERENCES downtime_reasons (account_id, id) ON DELETE CASCADE
);
CREATE INDEX downtime_justifications_unit_from_idx ON downtime_justifications (account_id, production_unit_id, from_at);

-- The product running on a unit from `at` on.
CREATE TABLE product_run_events (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  event_id           text NOT NULL,
  at                 timestamptz NOT NULL,
  product_id         uuid NOT NULL,
  PRIMARY KEY (account_id, factory_id, event_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, product_id) REFERENCES products (account_id, id) ON DELETE CASCADE
);
CREATE INDEX product_run_events_unit_at_idx ON product_run_events (account_id, production_unit_id, at);

-- Time ranges of a unit whose derived data must be rebuilt (late facts, configuration changes).
CREATE TABLE rollup_dirty (
  id                 bigserial PRIMARY KEY,
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  from_at            timestamptz NOT NULL,
  to_at              timestamptz NOT NULL,
  marked_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (from_at < to_at)
);
CREATE INDEX rollup_dirty_unit_idx ON rollup_dirty (account_id, production_unit_id, from_at);

-- Ingestion keys: shown once, stored as a SHA-256 hash.
CREATE TABLE ingest_keys (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL,
  factory_id uuid NOT NULL,
  key_hash   text NOT NULL UNIQUE,
  -- First characters of the key, to recognise it in a list.
  prefix     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  UNIQUE (account_id, id),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);
