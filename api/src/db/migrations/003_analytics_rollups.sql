-- Derived, rebuildable analytics rollups (docs/architecture.md, "Data: facts are the truth, rollups are derived").
-- Everything here can be dropped and rebuilt from the fact tables of 002 and the configuration of 001
-- (api/src/analytics/rollups.ts). Per unit, derived data covers [derived_from, derived_until) of
-- rollup_units; reads outside that (the current hour, window edges) are derived on the fly.

-- Derivation state per production unit.
CREATE TABLE rollup_units (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  -- The unit's first fact: its timeline starts there (nothing is scheduled or counted before).
  derived_from       timestamptz,
  -- Slices exist up to this instant (a local hour boundary).
  derived_until      timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, production_unit_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);

-- Small slices of a unit's timeline, cut at every local hour, production-day start, shift boundary,
-- product change and the unit's first fact, so every bucket and filter sums exactly.
CREATE TABLE rollup_slices (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  slice_start        timestamptz NOT NULL,
  slice_end          timestamptz NOT NULL,
  production_day     date NOT NULL,
  -- Start of the local (factory time zone) hour holding the slice.
  hour_start         timestamptz NOT NULL,
  -- The shift in force (NULL when unscheduled or when the unit has no shift schedule).
  work_shift_id      uuid,
  product_id         uuid,
  scheduled          boolean NOT NULL,
  calendar_ms        bigint NOT NULL,
  scheduled_ms       bigint NOT NULL,
  planned_ms         bigint NOT NULL,
  unplanned_ms       bigint NOT NULL,
  unjustified_ms     bigint NOT NULL,
  good               bigint NOT NULL,
  rejected           bigint NOT NULL,
  -- Σ count × ideal cycle time (ms) of the product running at each count.
  ideal_ms           double precision NOT NULL,
  -- Downtimes starting in this slice inside scheduled time.
  occurrences        integer NOT NULL,
  PRIMARY KEY (account_id, production_unit_id, slice_start),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX rollup_slices_unit_hour_idx ON rollup_slices (account_id, production_unit_id, hour_start);

-- Justified downtime time per reason within each slice (inside scheduled time), for top reasons.
CREATE TABLE rollup_reason_slices (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  slice_start        timestamptz NOT NULL,
  slice_end          timestamptz NOT NULL,
  production_day     date NOT NULL,
  work_shift_id      uuid,
  product_id         uuid,
  downtime_reason_id uuid NOT NULL,
  duration_ms        bigint NOT NULL,
  PRIMARY KEY (account_id, production_unit_id, slice_start, downtime_reason_id),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX rollup_reason_slices_day_idx ON rollup_reason_slices (account_id, production_unit_id, production_day);

-- Per production day, shift and product (for filtered reads over long windows).
CREATE TABLE rollup_days (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  production_day     date NOT NULL,
  work_shift_id      uuid,
  product_id         uuid,
  scheduled          boolean NOT NULL,
  calendar_ms        bigint NOT NULL,
  scheduled_ms       bigint NOT NULL,
  planned_ms         bigint NOT NULL,
  unplanned_ms       bigint NOT NULL,
  unjustified_ms     bigint NOT NULL,
  good               bigint NOT NULL,
  rejected           bigint NOT NULL,
  ideal_ms           double precision NOT NULL,
  occurrences        integer NOT NULL,
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX rollup_days_unit_day_idx ON rollup_days (account_id, production_unit_id, production_day);

-- One row per unit and production day (unfiltered reads: a company-year reads units × days rows).
CREATE TABLE rollup_unit_days (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  production_day     date NOT NULL,
  calendar_ms        bigint NOT NULL,
  scheduled_ms       bigint NOT NULL,
  planned_ms         bigint NOT NULL,
  unplanned_ms       bigint NOT NULL,
  unjustified_ms     bigint NOT NULL,
  good               bigint NOT NULL,
  rejected           bigint NOT NULL,
  ideal_ms           double precision NOT NULL,
  occurrences        integer NOT NULL,
  PRIMARY KEY (account_id, production_unit_id, production_day),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);

-- Each downtime, whole: for justification types, summaries and opportunities.
CREATE TABLE derived_downtimes (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  start_at           timestamptz NOT NULL,
  end_at             timestamptz NOT NULL,
  -- Still going at derivation time (end_at is then that time).
  is_open            boolean NOT NULL,
  production_day     date NOT NULL,
  -- Started inside scheduled time (counts as an occurrence).
  in_schedule        boolean NOT NULL,
  work_shift_id      uuid,
  product_id         uuid,
  scheduled_ms       bigint NOT NULL,
  planned_ms         bigint NOT NULL,
  unplanned_ms       bigint NOT NULL,
  unjustified_ms     bigint NOT NULL,
  justification_type text NOT NULL CHECK (justification_type IN ('planned', 'unplanned', 'mixed', 'partially_justified', 'unjustified')),
  -- Justified time inside scheduled time per reason: { "<reason id>": ms }.
  reasons            jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (account_id, production_unit_id, start_at),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX derived_downtimes_unit_end_idx ON derived_downtimes (account_id, production_unit_id, end_at);
