-- Signed WeChat webhook deliveries already taken. In plaintext mode WeChat signs the timestamp
-- and nonce only, not the message, so a signature seen once must not be usable again: the
-- webhook refuses a timestamp outside a few minutes of now, and a (timestamp, nonce) pair it has
-- taken before. Kept in the database so every instance refuses what any one of them took.
CREATE TABLE wechat_deliveries (
  timestamp    text NOT NULL,
  nonce        text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (timestamp, nonce)
);
CREATE INDEX wechat_deliveries_received_at_idx ON wechat_deliveries (received_at);
