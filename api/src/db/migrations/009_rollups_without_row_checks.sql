-- Derived rollups are written by the million (a first start derives 400+ days of every unit), and a
-- foreign key checks every inserted row against production_units. The rows only ever come from the
-- engine, which derives units that exist, so the per-row check buys nothing; what the keys did give,
-- removal with the unit, is done once per removed unit by the trigger below instead.
-- rollup_units keeps its key (one row per unit).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT conrelid::regclass AS tbl, conname
      FROM pg_constraint
     WHERE contype = 'f'
       AND conrelid::regclass::text IN ('rollup_slices', 'rollup_reason_slices', 'rollup_days', 'rollup_unit_days', 'rollup_unit_hours', 'derived_downtimes')
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tbl, c.conname);
  END LOOP;
END $$;

CREATE FUNCTION delete_unit_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rollup_slices WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_reason_slices WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_days WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_unit_days WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM rollup_unit_hours WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  DELETE FROM derived_downtimes WHERE account_id = OLD.account_id AND production_unit_id = OLD.id;
  RETURN OLD;
END $$;

CREATE TRIGGER production_units_delete_rollups AFTER DELETE ON production_units
  FOR EACH ROW EXECUTE FUNCTION delete_unit_rollups();
