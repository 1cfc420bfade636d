-- Saved filters of the company overview (docs/decisions/0009-saved-filters.md): each belongs to one user of one account and holds
-- 1 to 10 comparison groups, each a factory with some of its lines and shifts. What happens when the
-- configuration removes a line, a shift or a factory: docs/decisions/0009-saved-filters.md.

-- Lets a group's lines and shifts be referenced together with their factory, so the database itself
-- guarantees that a group never mixes factories.
ALTER TABLE production_units ADD CONSTRAINT production_units_account_factory_id_key UNIQUE (account_id, factory_id, id);
ALTER TABLE work_shifts ADD CONSTRAINT work_shifts_account_factory_id_key UNIQUE (account_id, factory_id, id);

CREATE TABLE saved_filters (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL,
  user_id    uuid NOT NULL,
  -- Stored trimmed; the api checks the length (product §5 names unique per user, any case).
  name       text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id),
  FOREIGN KEY (account_id, user_id) REFERENCES users (account_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX saved_filters_user_name_key ON saved_filters (account_id, user_id, lower(name));

CREATE TABLE saved_filter_groups (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL,
  filter_id  uuid NOT NULL,
  factory_id uuid NOT NULL,
  name       text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 50),
  -- The order the user gave (group 1, 2, … on the charts). Names are unique in the filter (any case):
  -- the api checks it, a filter being always written whole.
  sort_order integer NOT NULL CHECK (sort_order BETWEEN 0 AND 9),
  UNIQUE (account_id, id),
  UNIQUE (account_id, factory_id, id),
  UNIQUE (account_id, filter_id, sort_order),
  FOREIGN KEY (account_id, filter_id) REFERENCES saved_filters (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);

-- A group's lines and shifts: removing one from the configuration removes it from every group.
CREATE TABLE saved_filter_group_units (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  group_id           uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  PRIMARY KEY (account_id, group_id, production_unit_id),
  FOREIGN KEY (account_id, factory_id, group_id) REFERENCES saved_filter_groups (account_id, factory_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, factory_id, production_unit_id) REFERENCES production_units (account_id, factory_id, id) ON DELETE CASCADE
);
CREATE INDEX saved_filter_group_units_unit_idx ON saved_filter_group_units (account_id, factory_id, production_unit_id);

CREATE TABLE saved_filter_group_shifts (
  account_id    uuid NOT NULL,
  factory_id    uuid NOT NULL,
  group_id      uuid NOT NULL,
  work_shift_id uuid NOT NULL,
  PRIMARY KEY (account_id, group_id, work_shift_id),
  FOREIGN KEY (account_id, factory_id, group_id) REFERENCES saved_filter_groups (account_id, factory_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, factory_id, work_shift_id) REFERENCES work_shifts (account_id, factory_id, id) ON DELETE CASCADE
);
CREATE INDEX saved_filter_group_shifts_shift_idx ON saved_filter_group_shifts (account_id, factory_id, work_shift_id);

-- A group left without any line or any shift would select nothing: it is dropped. Deferred to the end
-- of the transaction, so a transaction that replaces a filter's groups is never seen half-way.
CREATE FUNCTION saved_filter_group_prune() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM saved_filter_groups g
   WHERE g.account_id = OLD.account_id AND g.id = OLD.group_id
     AND (NOT EXISTS (SELECT 1 FROM saved_filter_group_units u WHERE u.account_id = g.account_id AND u.group_id = g.id)
       OR NOT EXISTS (SELECT 1 FROM saved_filter_group_shifts s WHERE s.account_id = g.account_id AND s.group_id = g.id));
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER saved_filter_group_units_prune AFTER DELETE ON saved_filter_group_units
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION saved_filter_group_prune();
CREATE CONSTRAINT TRIGGER saved_filter_group_shifts_prune AFTER DELETE ON saved_filter_group_shifts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION saved_filter_group_prune();

-- Likewise a filter left without any group (its factories are gone) is dropped.
CREATE FUNCTION saved_filter_prune() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM saved_filters f
   WHERE f.account_id = OLD.account_id AND f.id = OLD.filter_id
     AND NOT EXISTS (SELECT 1 FROM saved_filter_groups g WHERE g.account_id = f.account_id AND g.filter_id = f.id);
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER saved_filter_groups_prune AFTER DELETE ON saved_filter_groups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION saved_filter_prune();

-- However a filter goes (DELETE /api/filters/{id} or the pruning above), its owner's preferences stop
-- selecting it in the same transaction (product §3 selected_tilelytics_filter_id).
CREATE FUNCTION saved_filter_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_preferences
     SET tilelytics = jsonb_set(tilelytics, '{selected_tilelytics_filter_id}', 'null'::jsonb), updated_at = now()
   WHERE account_id = OLD.account_id AND user_id = OLD.user_id
     AND lower(tilelytics ->> 'selected_tilelytics_filter_id') = OLD.id::text;
  RETURN NULL;
END
$$;
CREATE TRIGGER saved_filters_forget AFTER DELETE ON saved_filters FOR EACH ROW EXECUTE FUNCTION saved_filter_forget();
