-- The embedded OpenID Connect provider's state (docs/decisions, "sign-in hardening"): sessions, grants,
-- interactions, codes, refresh tokens… kept here rather than in one process's memory, so that a restart
-- or a second instance on the same database keeps everyone signed in. One table for every model: the
-- provider hands over opaque JSON payloads and looks them up by id, by uid (sessions), by user code
-- (device flow) and revokes by grant.
CREATE TABLE oidc_models (
  model       text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  user_code   text,
  uid         text,
  -- NULL: no expiry given by the provider (kept until destroyed).
  expires_at  timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant_id ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid ON oidc_models (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_user_code ON oidc_models (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_models_expires_at ON oidc_models (expires_at) WHERE expires_at IS NOT NULL;

-- Failed sign-in attempts of the embedded provider's password form, per account (the e-mail typed,
-- lower case, whether or not it exists) and per client address. Shared by every instance, so that
-- spreading guesses over instances does not multiply the allowance.
CREATE TABLE sign_in_throttle (
  scope        text NOT NULL CHECK (scope IN ('account', 'address')),
  key          text NOT NULL,
  -- Failures counted since window_start; the count restarts once the window has passed.
  failures     integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX sign_in_throttle_window ON sign_in_throttle (window_start);
