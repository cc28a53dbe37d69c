-- Uploaded images (payment proofs, withdrawal vouchers). The bytes live in the upload store
-- (a directory under DATA_DIR); this row says whose they are and what they are. The id is
-- random (not a sequence) so one tenant's ids say nothing about another's.
CREATE TABLE uploads (
  id            text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  -- The tenant that owns the file: it and operators may read it, nobody else.
  main_id       bigint NOT NULL REFERENCES users (id),
  -- Who sent it: an account of the tenant, or an operator (one of the two).
  user_id       bigint REFERENCES users (id),
  operator_id   bigint REFERENCES operators (id),
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  byte_size     integer NOT NULL CHECK (byte_size BETWEEN 1 AND 5242880),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  original_name text NOT NULL DEFAULT '' CHECK (char_length(original_name) <= 255),
  storage_key   text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (operator_id IS NULL))
);
CREATE INDEX uploads_owner ON uploads (main_id, created_at DESC);
