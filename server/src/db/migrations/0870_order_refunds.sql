-- Refunds of paid orders (docs/decisions.md, "Refunds"). An order stays 'paid' (a late notification
-- or query must never pay a refunded order again: markPaid's guard is state <> 'paid'); what was
-- given back is kept beside it, and never exceeds what was paid: the check is the guard.
ALTER TABLE orders ADD COLUMN refunded_fen bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_refunded_check CHECK (refunded_fen >= 0 AND refunded_fen <= amount_fen);

-- One row per refund asked for. refund_key is the caller's idempotency key (a retry or a double
-- click refunds once); refund_no is the provider's out_request_no, fixed when the row is made so a
-- retry asks the provider with the same one. pending: taken back here, not yet confirmed by the
-- provider (a retry with the same key asks again); succeeded: the provider gave the money back.
CREATE TABLE order_refunds (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id           bigint NOT NULL REFERENCES orders (id),
  order_code         text NOT NULL,
  refund_key         text NOT NULL CHECK (char_length(refund_key) BETWEEN 1 AND 64),
  refund_no          text NOT NULL UNIQUE CHECK (char_length(refund_no) BETWEEN 1 AND 64),
  provider           text NOT NULL,
  amount_fen         bigint NOT NULL CHECK (amount_fen > 0),
  reason             text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'succeeded')),
  operator_id        bigint REFERENCES operators (id),
  provider_message   text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  refunded_at        timestamptz
);
CREATE UNIQUE INDEX order_refunds_key ON order_refunds (order_id, refund_key);
-- Reconciliation reads one day's refunds.
CREATE INDEX order_refunds_refunded_at_idx ON order_refunds (refunded_at) WHERE refunded_at IS NOT NULL;
-- Reconciliation reads one day's payments.
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;

-- Each reconciliation run: the day compared, who ran it (the daily job or the script), and every
-- difference found (JSON list), so the console shows the last runs.
CREATE TABLE payment_reconciliations (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_date      date NOT NULL,
  provider           text NOT NULL,
  trigger            text NOT NULL CHECK (trigger IN ('job', 'script', 'console')),
  payments           integer NOT NULL,
  refunds            integer NOT NULL,
  difference_count   integer NOT NULL,
  differences        jsonb NOT NULL,
  ran_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_reconciliations_ran_idx ON payment_reconciliations (ran_at DESC, id DESC);

-- Quota taken back by a refund: kind 3, beside 1 (deduction) and 2 (addition).
ALTER TABLE quota_logs DROP CONSTRAINT quota_logs_kind_check;
ALTER TABLE quota_logs ADD CONSTRAINT quota_logs_kind_check CHECK (kind IN (1, 2, 3));

-- A refunded top-up's bill row on the third-party balance.
ALTER TABLE third_party_transactions DROP CONSTRAINT third_party_transactions_transaction_type_check;
ALTER TABLE third_party_transactions ADD CONSTRAINT third_party_transactions_transaction_type_check
  CHECK (transaction_type IN ('old_bil_cost', 'pay', 'cod_withholding', 'cod_return', 'cod_make_up',
    'purchase_agency', 'stop_return_charging', 'erp_compensation', 'customer_care', 'return_overcharge',
    'return_purchase_agency', 'manual_receipts', 'manual_user_overdraw', 'other', 'pay_refund'));
