-- Tenancy and configuration. Every tenant table carries account_id, and child rows reference their
-- parent through (account_id, id), so a row can never point into another account and the schema can
-- later be distributed by account_id (Citus). Written for PostgreSQL 15 (PGlite is 18).

CREATE TABLE accounts (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name             text NOT NULL,
  insights_enabled boolean NOT NULL DEFAULT false,
  is_tilelytics    boolean NOT NULL DEFAULT true,
  domain_name      text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_domain_name_key ON accounts (lower(domain_name));

CREATE TABLE users (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id         uuid NOT NULL REFERENCES accounts (id),
  email              text NOT NULL,
  display_name       text NOT NULL,
  role               text NOT NULL CHECK (role IN ('supervisor', 'director', 'presenter')),
  is_admin           boolean NOT NULL DEFAULT false,
  is_financial_admin boolean NOT NULL DEFAULT false,
  is_tilelytics      boolean NOT NULL DEFAULT true,
  is_wx_user         boolean NOT NULL DEFAULT false,
  -- scrypt hash, only for the embedded sign-in provider; NULL for users of an external provider.
  password_hash      text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id)
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_preferences (
  account_id uuid NOT NULL,
  user_id    uuid NOT NULL,
  language   text NOT NULL,
  theme      text NOT NULL,
  tilelytics jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, user_id),
  FOREIGN KEY (account_id, user_id) REFERENCES users (account_id, id) ON DELETE CASCADE
);

CREATE TABLE factories (
  id                                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id                           uuid NOT NULL REFERENCES accounts (id),
  name                                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  timezone                             text NOT NULL,
  primary_language                     text NOT NULL DEFAULT 'en' CHECK (primary_language IN ('en', 'fr', 'es')),
  year_first_month                     text NOT NULL DEFAULT 'january' CHECK (year_first_month IN
    ('january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december')),
  week_first_day                       text NOT NULL DEFAULT 'monday' CHECK (week_first_day IN
    ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
  currency                             text NOT NULL DEFAULT 'CAD' CHECK (currency ~ '^[A-Z]{3}$'),
  production_day_minutes_from_midnight integer NOT NULL DEFAULT 0 CHECK (production_day_minutes_from_midnight BETWEEN 0 AND 1439),
  is_calendar_day_business_day         boolean NOT NULL DEFAULT true,
  alert_capability                     boolean NOT NULL DEFAULT false,
  forms_workspace_id                   text,
  created_at                           timestamptz NOT NULL DEFAULT now(),
  updated_at                           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id)
);
-- Factory names are unique per account, ignoring case (product §5: duplicates rejected).
CREATE UNIQUE INDEX factories_account_name_key ON factories (account_id, lower(name));

CREATE TABLE factory_objectives (
  account_id     uuid NOT NULL,
  factory_id     uuid NOT NULL,
  objective_type text NOT NULL CHECK (objective_type IN ('availability', 'performance', 'quality')),
  value          integer NOT NULL CHECK (value BETWEEN 1 AND 100),
  PRIMARY KEY (account_id, factory_id, objective_type),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);

CREATE TABLE production_units (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id             uuid NOT NULL,
  factory_id             uuid NOT NULL,
  -- Stable key machines and integrations use when they send events (ingestion; api/README.md, "Ingestion").
  key                    text NOT NULL,
  name                   text NOT NULL,
  converted_unit_name    text,
  packages               integer CHECK (packages > 0),
  cost_per_hour          numeric(12, 2) CHECK (cost_per_hour >= 0),
  -- No count for longer than this starts a downtime (docs/domain.md §4, delay mode); NULL: explicit state events only.
  downtime_delay_seconds integer CHECK (downtime_delay_seconds > 0),
  sort_order             integer NOT NULL DEFAULT 0,
  created_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, id),
  UNIQUE (account_id, factory_id, key),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);

CREATE TABLE work_shifts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id  uuid NOT NULL,
  factory_id  uuid NOT NULL,
  key         text NOT NULL,
  name        text NOT NULL,
  -- Local wall-clock times in the factory's time zone; end <= start means the shift crosses midnight.
  start_local text NOT NULL CHECK (start_local ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_local   text NOT NULL CHECK (end_local ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- Days on which the shift starts.
  days        text[] NOT NULL DEFAULT ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday']
              CHECK (days <@ ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  sort_order  integer NOT NULL DEFAULT 0,
  UNIQUE (account_id, id),
  UNIQUE (account_id, factory_id, key),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);

CREATE TABLE work_shift_units (
  account_id         uuid NOT NULL,
  work_shift_id      uuid NOT NULL,
  production_unit_id uuid NOT NULL,
  PRIMARY KEY (account_id, work_shift_id, production_unit_id),
  FOREIGN KEY (account_id, work_shift_id) REFERENCES work_shifts (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);
CREATE INDEX work_shift_units_unit_idx ON work_shift_units (account_id, production_unit_id);

CREATE TABLE products (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL,
  factory_id uuid NOT NULL,
  sku        text NOT NULL,
  name       text NOT NULL,
  UNIQUE (account_id, id),
  UNIQUE (account_id, factory_id, sku),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);

CREATE TABLE product_unit_rates (
  account_id          uuid NOT NULL,
  product_id          uuid NOT NULL,
  production_unit_id  uuid NOT NULL,
  -- Ideal rate in units per hour: the ideal cycle time is 3600 / rate seconds.
  ideal_rate_per_hour numeric(14, 4) NOT NULL CHECK (ideal_rate_per_hour > 0),
  PRIMARY KEY (account_id, product_id, production_unit_id),
  FOREIGN KEY (account_id, product_id) REFERENCES products (account_id, id) ON DELETE CASCADE,
  FOREIGN KEY (account_id, production_unit_id) REFERENCES production_units (account_id, id) ON DELETE CASCADE
);

CREATE TABLE downtime_reasons (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id     uuid NOT NULL,
  factory_id     uuid NOT NULL,
  key            text NOT NULL,
  name           text NOT NULL,
  category       text NOT NULL,
  is_planned     boolean NOT NULL,
  target_seconds integer CHECK (target_seconds > 0),
  UNIQUE (account_id, id),
  UNIQUE (account_id, factory_id, key),
  FOREIGN KEY (account_id, factory_id) REFERENCES factories (account_id, id) ON DELETE CASCADE
);

CREATE TABLE custom_periods (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id),
  name       text NOT NULL,
  start_date date NOT NULL,
  end_date   date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_date <= end_date),
  UNIQUE (account_id, id)
);
CREATE UNIQUE INDEX custom_periods_account_name_key ON custom_periods (account_id, lower(name));
