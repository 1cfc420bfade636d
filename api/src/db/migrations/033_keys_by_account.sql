-- Ready to shard by account (issue 26; docs/decisions/0053-keys-by-account.md). A table distributed by
-- `account_id` (Citus) must carry it in its primary key, in every unique constraint and index, and in
-- every foreign key to another distributed table. Global tables (accounts, the sign-in provider's
-- store, the throttle) and the two tables looked up across accounts (users by e-mail, ingest keys by
-- hash) stay as they are: reference tables, copied to every node.
--
-- Online on a populated database: the keys that change are those of configuration tables (factories,
-- lines, shifts, reports: small); the foreign keys of the fact tables that pointed at their
-- (account_id, id) unique constraints are re-created NOT VALID (no scan, a brief lock) and validated
-- once the migrations' transaction has committed (a scan that blocks neither reads nor writes).

-- 1. The two tables without account_id get it, from their parent.
ALTER TABLE alert_deliveries ADD COLUMN account_id uuid;
UPDATE alert_deliveries d SET account_id = e.account_id FROM alert_episodes e WHERE e.id = d.episode_id;
ALTER TABLE alert_deliveries ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE alert_timers ADD COLUMN account_id uuid;
UPDATE alert_timers t SET account_id = r.account_id FROM alert_rules r WHERE r.id = t.rule_id;
ALTER TABLE alert_timers ALTER COLUMN account_id SET NOT NULL;

-- 2. Foreign keys on `id` alone, and the unique keys without account_id, dropped (re-made below).
ALTER TABLE alert_deliveries DROP CONSTRAINT alert_deliveries_episode_id_fkey;
ALTER TABLE alert_deliveries DROP CONSTRAINT alert_deliveries_episode_id_event_channel_target_key;
ALTER TABLE alert_episodes DROP CONSTRAINT alert_episodes_rule_id_fkey;
ALTER TABLE alert_timers DROP CONSTRAINT alert_timers_rule_id_fkey;
ALTER TABLE justification_changes DROP CONSTRAINT justification_changes_undoes_fkey;
ALTER TABLE justification_changes DROP CONSTRAINT justification_changes_undone_by_fkey;
DROP INDEX email_report_deliveries_once_key;
DROP INDEX alert_episodes_open_idx;

-- 3. Primary keys (account_id, id). Where a UNIQUE (account_id, id) served foreign keys, they move to
-- the new primary key, NOT VALID (validated after the migrations' transaction, one statement each:
-- validateForeignKeys in migrate.ts), and the duplicate unique key goes.
DO $$
DECLARE
  t text;
  uniq text;
  moved text[] := '{}';
  i int;
BEGIN
  FOREACH t IN ARRAY ARRAY['factories', 'production_units', 'work_shifts', 'products', 'downtime_reasons', 'custom_periods',
                           'email_reports', 'email_report_deliveries', 'email_report_test_sends', 'history_imports',
                           'saved_filters', 'saved_filter_groups', 'alert_rules', 'alert_episodes', 'alert_deliveries',
                           'justification_changes', 'live_events', 'rollup_dirty'] LOOP
    uniq := t || '_account_id_id_key';
    IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = t::regclass AND conname = uniq) THEN
      -- Table, name and definition of each foreign key resting on that unique key, three entries each.
      moved := moved || ARRAY(
        SELECT unnest(ARRAY[c.conrelid::regclass::text, c.conname::text, pg_get_constraintdef(c.oid)])
          FROM pg_constraint c
         WHERE c.contype = 'f' AND c.confrelid = t::regclass
           AND c.conindid = (SELECT conindid FROM pg_constraint WHERE conrelid = t::regclass AND conname = uniq));
      FOR i IN 1 .. coalesce(array_length(moved, 1), 0) BY 3 LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', moved[i], moved[i + 1]);
      END LOOP;
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, uniq);
    END IF;
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_pkey');
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (account_id, id)', t, t || '_pkey');
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(moved, 1), 0) BY 3 LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s NOT VALID', moved[i], moved[i + 1], moved[i + 2]);
  END LOOP;
END $$;

-- 4. What step 2 dropped, with account_id.
ALTER TABLE alert_timers DROP CONSTRAINT alert_timers_pkey;
ALTER TABLE alert_timers ADD CONSTRAINT alert_timers_pkey PRIMARY KEY (account_id, rule_id, production_unit_id);
ALTER TABLE alert_timers ADD CONSTRAINT alert_timers_rule_fkey FOREIGN KEY (account_id, rule_id) REFERENCES alert_rules (account_id, id) ON DELETE CASCADE;
ALTER TABLE alert_episodes ADD CONSTRAINT alert_episodes_rule_fkey FOREIGN KEY (account_id, rule_id) REFERENCES alert_rules (account_id, id) ON DELETE CASCADE;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_episode_fkey FOREIGN KEY (account_id, episode_id) REFERENCES alert_episodes (account_id, id) ON DELETE CASCADE;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_once_key UNIQUE (account_id, episode_id, event, channel, target);
ALTER TABLE justification_changes ADD CONSTRAINT justification_changes_undoes_fkey FOREIGN KEY (account_id, undoes) REFERENCES justification_changes (account_id, id) ON DELETE CASCADE;
ALTER TABLE justification_changes ADD CONSTRAINT justification_changes_undone_by_fkey FOREIGN KEY (account_id, undone_by) REFERENCES justification_changes (account_id, id) ON DELETE SET NULL (undone_by);
CREATE UNIQUE INDEX email_report_deliveries_once_key ON email_report_deliveries (account_id, report_id, due_at) WHERE kind = 'scheduled';
CREATE UNIQUE INDEX alert_episodes_open_idx ON alert_episodes (account_id, rule_id, production_unit_id) WHERE resolved_at IS NULL;
