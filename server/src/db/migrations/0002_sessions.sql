-- Sign-in sessions. The browser holds an opaque random token; only its SHA-256 is stored, so a
-- leaked table signs nobody in. A row is also the sign-in history (time, IP, method, agent).
CREATE TABLE sessions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  token_hash  bytea NOT NULL UNIQUE,
  method      text NOT NULL CHECK (method IN ('account', 'mobile', 'sms', 'wechat')),
  system      smallint NOT NULL DEFAULT 1,
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at DESC);
