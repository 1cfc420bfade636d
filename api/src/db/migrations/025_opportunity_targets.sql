-- Issue 14: the target of shift changes, line starts and product changes, set per production unit
-- (stored with the unit's factory). Without a row the target is the unit's own median over the window
-- asked (docs/decisions/0025). A planned reason's target stays on the reason (downtime_reasons).
CREATE TABLE opportunity_targets (
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('shift_changes', 'line_starts', 'product_changes')),
  target_seconds     integer NOT NULL CHECK (target_seconds >= 0 AND target_seconds <= 86400),
  updated_by         text NOT NULL,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, production_unit_id, kind),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX opportunity_targets_factory_idx ON opportunity_targets (account_id, factory_id);
