-- Heatmaps read a unit's hours by the hundred (20 units × 14 days = 6 720 unit-hours). Read as rows,
-- or aggregated to JSON at query time, that costs ~20 ms of row handling per call; read as one
-- packed text per unit and UTC day it costs ~4 ms. A pack is derived from rollup_unit_hours (whose
-- rows stay the truth for grouped reads) and rewritten with them (api/src/analytics/rollups.ts):
-- the hours of that UTC day, in time order, each as ten comma-separated numbers
--   hour start (epoch ms), calendar_ms, scheduled_ms, planned_ms, unplanned_ms, unjustified_ms,
--   good, rejected, ideal_ms, occurrences.
CREATE TABLE rollup_unit_hour_packs (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  utc_day            date NOT NULL,
  hours              text NOT NULL,
  PRIMARY KEY (account_id, production_unit_id, utc_day)
);

INSERT INTO rollup_unit_hour_packs (account_id, factory_id, production_unit_id, utc_day, hours)
SELECT account_id, factory_id, production_unit_id, (hour_start AT TIME ZONE 'UTC')::date,
       string_agg(concat_ws(',', (extract(epoch FROM hour_start) * 1000)::bigint, calendar_ms, scheduled_ms, planned_ms, unplanned_ms,
                            unjustified_ms, good, rejected, ideal_ms, occurrences), ',' ORDER BY hour_start)
  FROM rollup_unit_hours
 GROUP BY 1, 2, 3, 4;

-- Removal with the unit, as for the other rollups (009).
CREATE OR REPLACE FUNCTION delete_unit_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rollup_slices WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_reason_slices WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_days WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_unit_days WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_unit_hours WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_unit_hour_packs WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM derived_downtimes WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  RETURN OLD;
END $$;
