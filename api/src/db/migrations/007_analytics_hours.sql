-- Analytics engine: one row per unit and local hour (derived from rollup_slices), so unfiltered hour
-- intervals (heatmaps) read units × hours rows without grouping slices.
CREATE TABLE rollup_unit_hours (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  hour_start         timestamptz NOT NULL,
  calendar_ms        bigint NOT NULL,
  scheduled_ms       bigint NOT NULL,
  planned_ms         bigint NOT NULL,
  unplanned_ms       bigint NOT NULL,
  unjustified_ms     bigint NOT NULL,
  good               bigint NOT NULL,
  rejected           bigint NOT NULL,
  ideal_ms           double precision NOT NULL,
  occurrences        integer NOT NULL,
  PRIMARY KEY (account_id, production_unit_id, hour_start),
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
-- Units derived before this table existed get theirs from their slices.
INSERT INTO rollup_unit_hours (account_id, factory_id, production_unit_id, hour_start, calendar_ms, scheduled_ms, planned_ms,
  unplanned_ms, unjustified_ms, good, rejected, ideal_ms, occurrences)
SELECT account_id, factory_id, production_unit_id, hour_start, sum(calendar_ms), sum(scheduled_ms), sum(planned_ms),
  sum(unplanned_ms), sum(unjustified_ms), sum(good), sum(rejected), sum(ideal_ms), sum(occurrences)
  FROM rollup_slices GROUP BY account_id, factory_id, production_unit_id, hour_start;
