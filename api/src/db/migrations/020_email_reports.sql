-- Scheduled e-mail reports (product §3, §5, §8; docs/decisions/0023-report-scheduling.md).

-- The subscription package decides how many reports an account may keep (contracts REPORT_PACKAGES).
ALTER TABLE accounts ADD COLUMN report_package text NOT NULL DEFAULT 'free'
  CHECK (report_package IN ('none', 'free', 'professional', 'enterprise'));

CREATE TABLE email_reports (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id          uuid NOT NULL,
  user_id             uuid NOT NULL,
  factory_id          uuid NOT NULL,
  title               text NOT NULL CHECK (title = btrim(title) AND length(title) BETWEEN 1 AND 60),
  template            text NOT NULL CHECK (template IN ('overview', 'downtime_main_page', 'downtime_by_production_line', 'downtime_by_shift')),
  frequency           text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  schedule_type       text NOT NULL CHECK (schedule_type IN ('last', 'current')),
  duration            integer NOT NULL CHECK (duration BETWEEN 1 AND 92),
  time_unit           text NOT NULL CHECK (time_unit IN ('hour', 'day', 'week', 'month')),
  -- Trimmed, lower case, no repeats (the api normalises them); empty once every recipient unsubscribed.
  recipients          text[] NOT NULL CHECK (cardinality(recipients) <= 20),
  -- Lines and shifts of the factory when saved; one removed from the configuration later is skipped
  -- when the report is rendered.
  production_unit_ids uuid[] NOT NULL,
  work_shift_ids      uuid[] NOT NULL,
  language            text NOT NULL CHECK (language IN ('en', 'fr', 'es')),
  day                 integer CHECK (day BETWEEN 1 AND 28),
  time                text NOT NULL CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  timezone            text NOT NULL,
  active              boolean NOT NULL DEFAULT true,
  -- The next scheduled delivery (UTC); null while inactive. The scheduler claims rows whose instant has come.
  next_due_at         timestamptz,
  -- Signs each recipient's unsubscribe link (HMAC of the address), so the link needs no sign-in.
  unsubscribe_secret  text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id),
  FOREIGN KEY (account_id, user_id) REFERENCES users (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);
CREATE INDEX email_reports_owner_idx ON email_reports (account_id, user_id, factory_id);
CREATE INDEX email_reports_due_idx ON email_reports (next_due_at) WHERE active;

-- One row per delivery: a scheduled one is unique per (report, due instant), which is what makes each
-- due report go out once however many instances run the scheduler.
CREATE TABLE email_report_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id      uuid NOT NULL,
  report_id       uuid NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('scheduled', 'test')),
  due_at          timestamptz NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'retrying', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- A sender holds a delivery until this instant; past it (the sender died) another one takes it over.
  claimed_until   timestamptz,
  recipients      text[] NOT NULL,
  -- Recipients whose message the SMTP server accepted: a retry sends only to the others.
  sent_to         text[] NOT NULL DEFAULT '{}',
  window_start    timestamptz NOT NULL,
  window_end      timestamptz NOT NULL,
  subject         text,
  html            text,
  text_body       text,
  raw_message     text,
  smtp_response   text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id),
  FOREIGN KEY (account_id, report_id) REFERENCES email_reports (account_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX email_report_deliveries_once_key ON email_report_deliveries (report_id, due_at) WHERE kind = 'scheduled';
CREATE INDEX email_report_deliveries_report_idx ON email_report_deliveries (account_id, report_id, created_at DESC);
CREATE INDEX email_report_deliveries_work_idx ON email_report_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying', 'sending');
