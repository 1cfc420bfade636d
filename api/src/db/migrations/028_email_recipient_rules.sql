-- Who an account's e-mail reports may go to, and how many test sends it may ask for (issue 21;
-- docs/decisions/0032-e-mail-recipients-and-test-sends.md).

-- Addresses and whole domains outside the account's own domain and users that its admins allow:
-- 'name@partner.example' or '@partner.example', trimmed and lower case.
CREATE TABLE email_report_allowed_recipients (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  entry      text NOT NULL CHECK (entry = lower(btrim(entry)) AND length(entry) BETWEEN 3 AND 254 AND position('@' IN entry) > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, entry)
);

-- One row per test send asked for, kept a day: counted per user and per account over a sliding window,
-- in the database so that every api instance counts the same sends. Not tied to the report: deleting
-- the report must not give the sends back.
CREATE TABLE email_report_test_sends (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL,
  sent_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_report_test_sends_account_idx ON email_report_test_sends (account_id, sent_at);

-- Recipients a delivery did not write to because the account may not address them (any more): listed
-- in the delivery's history beside those it was sent to.
ALTER TABLE email_report_deliveries ADD COLUMN skipped_to text[] NOT NULL DEFAULT '{}';
