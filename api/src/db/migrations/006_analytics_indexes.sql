-- Analytics engine (after 003): justifications overlapping a recent span are found from their end;
-- the from_at index of 002 alone scans every earlier justification of the unit.
CREATE INDEX downtime_justifications_unit_to_idx ON downtime_justifications (account_id, production_unit_id, to_at);
