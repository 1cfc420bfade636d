-- Issue 11: the downtime list, the durations distribution and the production data export.

-- Data export is only for accounts of the integrated ecosystem (product §8).
ALTER TABLE accounts ADD COLUMN integrated_ecosystem boolean NOT NULL DEFAULT false;
-- The demo account has it (its seed only runs on a database without it).
UPDATE accounts SET integrated_ecosystem = true WHERE lower(domain_name) = 'demo.linepulse.test';

-- The downtime list counts and pages a window's downtimes (a year of a large factory: ~125 000) from
-- the index alone; only the answered page's reasons are read from the table.
CREATE INDEX derived_downtimes_list_idx ON derived_downtimes (account_id, production_unit_id, start_at)
  INCLUDE (end_at, is_open, planned_ms, unplanned_ms, unjustified_ms, work_shift_id, product_id, justification_type);
