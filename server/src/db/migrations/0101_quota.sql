-- Quota: counts of value-added services a tenant holds per type (spec 03 deduction types 1-7).
-- Quota is not money, so it stays out of the ledger; it has the same rules: changed only by a
-- guarded update, never below zero, every change a row with an idempotency key.
CREATE TABLE quota_balances (
  main_id     bigint NOT NULL REFERENCES users (id),
  type        smallint NOT NULL CHECK (type BETWEEN 1 AND 7),
  balance     bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  -- Deduction rows of this tenant and type, kept with the balance (same update, no extra
  -- write), so the deduction bill's total is read, not counted, when nothing narrows it.
  deductions  bigint NOT NULL DEFAULT 0 CHECK (deductions >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (main_id, type)
);

-- Every change of a quota balance: kind 1 a deduction (the deduction bill's rows), kind 2 an
-- addition (a paid value-added order).
CREATE TABLE quota_logs (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id     bigint NOT NULL REFERENCES users (id),
  kind        smallint NOT NULL CHECK (kind IN (1, 2)),
  type        smallint NOT NULL CHECK (type BETWEEN 1 AND 7),
  key         text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 200),
  order_id    text NOT NULL DEFAULT '' CHECK (char_length(order_id) <= 64),
  use_num     bigint NOT NULL CHECK (use_num > 0),
  left_num    bigint NOT NULL CHECK (left_num >= 0),
  -- Who spent or bought it (NULL: a system), and the name it had then.
  user_id     bigint REFERENCES users (id),
  user_name   text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- Idempotency: one change per key and tenant.
CREATE UNIQUE INDEX quota_logs_key ON quota_logs (main_id, key);
-- The deduction bill: newest first, all types or one, or one order.
CREATE INDEX quota_logs_bill ON quota_logs (main_id, created_at DESC, id DESC) WHERE kind = 1;
CREATE INDEX quota_logs_bill_type ON quota_logs (main_id, type, created_at DESC, id DESC) WHERE kind = 1;
CREATE INDEX quota_logs_bill_order ON quota_logs (main_id, order_id, created_at DESC, id DESC) WHERE kind = 1;
