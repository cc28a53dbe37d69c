-- Orders paid by QR code, their state changes and every payment notification received.

CREATE TABLE orders (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_code         text NOT NULL UNIQUE,
  main_id            bigint NOT NULL REFERENCES users (id),
  -- who placed it (the main account or one of its employees) and their name at the time
  user_id            bigint NOT NULL REFERENCES users (id),
  user_name          text NOT NULL DEFAULT '',
  -- 1 plan, 2 value-added, 3 third-party top-up, 4 another system's service
  pay_type           smallint NOT NULL CHECK (pay_type IN (1, 2, 3, 4)),
  -- the software bill's package type: 0 top-up, 1 plan, 2 to 5 value-added kinds, 11 video
  package_pay_type   smallint NOT NULL,
  title              text NOT NULL,
  -- what is delivered when paid, decided by the server when the order was made
  item               jsonb NOT NULL,
  original_fen       bigint NOT NULL CHECK (original_fen > 0),
  discount_fen       bigint NOT NULL DEFAULT 0 CHECK (discount_fen >= 0),
  amount_fen         bigint NOT NULL CHECK (amount_fen > 0),
  coupon_id          bigint REFERENCES coupons (id),
  provider           text NOT NULL,
  provider_trade_no  text,
  qrcode             text NOT NULL DEFAULT '',
  state              text NOT NULL DEFAULT 'unpaid' CHECK (state IN ('unpaid', 'paid', 'expired', 'cancelled')),
  expires_at         timestamptz NOT NULL,
  paid_at            timestamptz,
  closed_at          timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_fen + discount_fen = original_fen)
);
-- The software bill: one tenant's orders newest first, and its filters inside the tenant.
CREATE INDEX orders_main_created_idx ON orders (main_id, created_at DESC, id DESC);
-- The expiry job's queue.
CREATE INDEX orders_unpaid_expiry_idx ON orders (expires_at) WHERE state = 'unpaid';

CREATE TABLE order_status_history (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id    bigint NOT NULL REFERENCES orders (id),
  from_state  text,
  to_state    text NOT NULL,
  -- created, notification, query, expiry job, sandbox cancel, ...
  reason      text NOT NULL DEFAULT '',
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, id);

-- Every notification as received, with what was made of it. An accepted one carries the
-- idempotency key (provider + trade no), so a replay finds it and changes nothing.
CREATE TABLE payment_notifications (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider         text NOT NULL,
  order_code       text,
  trade_no         text,
  idempotency_key  text UNIQUE,
  verified         boolean NOT NULL,
  -- fulfilled, late_fulfilled, duplicate, rejected, unknown_order
  outcome          text NOT NULL,
  reason           text NOT NULL DEFAULT '',
  raw              jsonb NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifications_order_idx ON payment_notifications (order_code, id);
