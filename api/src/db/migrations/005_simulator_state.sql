-- Demo-history simulator (src/simulator): how far the deterministic simulation of an account has been
-- written. The first start generates the history up to `generated_to`; the live loop then appends
-- [generated_to, now) and moves it on, under an advisory lock, so two instances never both simulate.
CREATE TABLE simulator_state (
  account_id    uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  seed          text NOT NULL,
  history_start timestamptz NOT NULL,
  generated_to  timestamptz NOT NULL,
  -- Unit keys whose counts are written as cumulative counter readings.
  counter_units text[] NOT NULL DEFAULT '{}',
  updated_at    timestamptz NOT NULL DEFAULT now()
);
