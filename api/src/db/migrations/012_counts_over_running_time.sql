-- A count is now production over the running time since the unit's previous count (docs/domain.md §4),
-- no longer booked at its own instant: every unit that has stored rollups is marked for re-derivation
-- of its whole history (1 September 2019 at the earliest local midnight, as markHistoryDirty does).
-- The engine processes these rows as it does any other: a read re-derives the units it needs first,
-- and the background sweep does the rest. Units never derived have nothing stored to correct.
INSERT INTO rollup_dirty (account_id, factory_id, production_unit_id, from_at, to_at)
SELECT ru.account_id, ru.factory_id, ru.production_unit_id, '2019-08-31T10:00:00Z'::timestamptz, now() + interval '1 day'
  FROM rollup_units ru;
