-- Operators sign in with a password and a one-time code (TOTP, RFC 6238: 30 s, 6 digits, SHA-1).
-- The secret must be readable to compute the expected code, so it is stored as is (base32);
-- operators made before this have none and cannot sign in until `ops:create-operator --reset-2fa`.
-- totp_last_step is the newest time step accepted, so a code is never accepted twice.
ALTER TABLE operators ADD COLUMN totp_secret text;
ALTER TABLE operators ADD COLUMN totp_last_step bigint;

-- Single-use recovery codes, for an operator without the authenticator; only their SHA-256 is stored.
CREATE TABLE operator_recovery_codes (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id  bigint NOT NULL REFERENCES operators (id),
  code_hash    bytea NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_recovery_codes_operator_idx ON operator_recovery_codes (operator_id);
