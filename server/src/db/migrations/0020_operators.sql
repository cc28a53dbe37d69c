-- Operators: the product's own staff, who work in the operator console under /api/ops. They are
-- not sellers, so their accounts and sessions live apart from `users` and `sessions`: no seller
-- token opens the console, and no operator token acts inside a tenant.
CREATE TABLE operators (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_name   text NOT NULL CHECK (account_name ~ '^[A-Za-z0-9._-]{3,64}$'),
  display_name   text NOT NULL DEFAULT '' CHECK (char_length(display_name) <= 64),
  password_hash  text NOT NULL,
  status         smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_account_name_key ON operators (lower(account_name));

-- As `sessions`: the operator holds an opaque random token; only its SHA-256 is stored.
CREATE TABLE operator_sessions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id  bigint NOT NULL REFERENCES operators (id),
  token_hash   bytea NOT NULL UNIQUE,
  ip           text NOT NULL DEFAULT '',
  user_agent   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id, created_at DESC);
