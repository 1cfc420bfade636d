-- Alerts (issue 25; docs/decisions/0051-alerts.md): the third kind of rule, the current shift's
-- availability or OEE projected below the factory's objective; and, on each open episode, since when its
-- condition has been false (the hold before resolving counts from there, not from the last look: a stop
-- justified as planned while the line is still stopped resolves an "unplanned" episode two minutes later).
ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_kind_check;
ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_kind_check CHECK (kind IN ('line_down', 'no_data', 'shift_projection'));
ALTER TABLE alert_rules ADD COLUMN metric text CHECK (metric IN ('availability', 'oee'));
ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_metric_kind_check CHECK ((kind = 'shift_projection') = (metric IS NOT NULL));

ALTER TABLE alert_episodes ADD COLUMN false_since timestamptz;
-- shift_projection: the projection (percent) when the episode opened, and the objective it fell below.
ALTER TABLE alert_episodes ADD COLUMN projected double precision;
ALTER TABLE alert_episodes ADD COLUMN objective double precision;
