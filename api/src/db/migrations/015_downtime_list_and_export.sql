-- Issue 11: the downtime list, the durations distribution and the production data export.

-- Data export is only for accounts of the integrated ecosystem (product §8).
ALTER TABLE accounts ADD COLUMN integrated_ecosystem boolean NOT NULL DEFAULT false;
-- The demo account has it (its seed only runs on a database without it).
UPDATE accounts SET integrated_ecosystem = true WHERE lower(domain_name) = 'demo.linepulse.test';
