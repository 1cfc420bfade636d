-- Ingestion without a check per row (issue 26, docs/decisions/0058-facts-without-row-checks.md).
-- State events, count events and counter readings arrive by the thousand a second, and a foreign key
-- ran a lookup of production_units for every stored row: about a quarter of the ingestion statement's
-- time (`pnpm load` showed that statement as half of the primary's). What the keys guaranteed is kept
-- once per batch instead: the batch locks its units (FOR KEY SHARE, one row each) and fails as a
-- foreign key would (23503, through require_batch_units below) when one of them is gone; the
-- configuration refuses to remove a unit that facts use, and checks again after removing it (a batch
-- holding its lock makes the removal wait for it, and then sees its facts).
-- Justifications and product runs keep their keys: a few a minute, and they also name a reason or a product.
ALTER TABLE unit_state_events DROP CONSTRAINT IF EXISTS unit_state_events_account_id_production_unit_id_fkey;
ALTER TABLE unit_count_events DROP CONSTRAINT IF EXISTS unit_count_events_account_id_production_unit_id_fkey;
ALTER TABLE unit_counter_readings DROP CONSTRAINT IF EXISTS unit_counter_readings_account_id_production_unit_id_fkey;

-- Raises what a foreign key would (23503) when fewer of a batch's units were found (and locked) than it names.
CREATE FUNCTION require_batch_units(named integer, locked bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF locked < named THEN
    RAISE EXCEPTION 'a production unit of the batch no longer exists' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN true;
END $$;
