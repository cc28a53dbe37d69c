-- One-time SMS codes. Only a salted SHA-256 of the code is kept; the newest code of a phone and
-- purpose is the only one that counts. A code is single use and burned after 5 wrong tries.
CREATE TABLE sms_codes (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  area          text NOT NULL,
  phone_number  text NOT NULL,
  type          text NOT NULL CHECK (type IN ('register:', 'find_pwd:', 'login:')),
  salt          bytea NOT NULL,
  code_hash     bytea NOT NULL,
  attempts      smallint NOT NULL DEFAULT 0,
  ip            text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  consumed_at   timestamptz
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (area, phone_number, type, id DESC);
CREATE INDEX sms_codes_created_at_idx ON sms_codes (created_at);

-- What the `console` SMS provider "sent": read back by testers at /api/dev/sms-outbox. Never
-- written by a real provider.
CREATE TABLE sms_outbox (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  area          text NOT NULL,
  phone_number  text NOT NULL,
  type          text NOT NULL,
  code          text NOT NULL,
  sent_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone_number, id DESC);
