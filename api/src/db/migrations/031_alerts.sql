-- Alerts (issue 25; docs/decisions/0051-alerts.md): rules per factory, episodes (one open per rule and
-- line: the unique index makes two instances open it once), deliveries (one per episode event, channel
-- and target: claimed with SKIP LOCKED and retried, as the e-mail reports' deliveries are), and the
-- instants at which a rule must look at a line again (a stop reaching its minutes with no new event).
CREATE TABLE alert_rules (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id          uuid NOT NULL,
  factory_id          uuid NOT NULL,
  name                text NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('line_down', 'no_data')),
  minutes             integer NOT NULL CHECK (minutes BETWEEN 1 AND 1440),
  downtime_type       text NOT NULL DEFAULT 'any' CHECK (downtime_type IN ('any', 'unplanned', 'unjustified')),
  production_unit_ids uuid[] NOT NULL DEFAULT '{}',
  recipients          text[] NOT NULL DEFAULT '{}',
  webhook_url         text,
  webhook_secret      text,
  in_app              boolean NOT NULL DEFAULT true,
  enabled             boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);
CREATE INDEX alert_rules_factory_idx ON alert_rules (account_id, factory_id);

CREATE TABLE alert_episodes (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rule_id            uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  account_id         uuid NOT NULL,
  factory_id         uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  since              timestamptz NOT NULL,
  opened_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  resolved_at        timestamptz,
  acknowledged_at    timestamptz,
  acknowledged_by    text,
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX alert_episodes_open_idx ON alert_episodes (rule_id, production_unit_id) WHERE resolved_at IS NULL;
CREATE INDEX alert_episodes_account_idx ON alert_episodes (account_id, opened_at DESC);

CREATE TABLE alert_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  episode_id      uuid NOT NULL REFERENCES alert_episodes (id) ON DELETE CASCADE,
  event           text NOT NULL CHECK (event IN ('opened', 'resolved')),
  channel         text NOT NULL CHECK (channel IN ('email', 'webhook')),
  target          text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until   timestamptz,
  response        text,
  sent_at         timestamptz,
  UNIQUE (episode_id, event, channel, target)
);
CREATE INDEX alert_deliveries_due_idx ON alert_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');

CREATE TABLE alert_timers (
  rule_id            uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  production_unit_id uuid NOT NULL,
  due_at             timestamptz NOT NULL,
  PRIMARY KEY (rule_id, production_unit_id)
);
CREATE INDEX alert_timers_due_idx ON alert_timers (due_at);
