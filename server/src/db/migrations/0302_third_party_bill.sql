-- The third-party bill: one row per movement of a tenant's third-party balance, written in the
-- transaction of its ledger transfer, with the balance right after it (read from the ledger
-- account row the transfer has just updated and still holds locked, so concurrent postings get
-- the running balance in their commit order).
CREATE TABLE third_party_transactions (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id             bigint NOT NULL REFERENCES users (id),
  -- Unique over the product: the idempotency key of whoever posted it (an order code for a
  -- top-up, the suite's own id for a charge, a made one for an operator's entry).
  transaction_id      text NOT NULL UNIQUE CHECK (char_length(transaction_id) BETWEEN 1 AND 64),
  transaction_type    text NOT NULL CHECK (transaction_type IN ('old_bil_cost', 'pay', 'cod_withholding',
                        'cod_return', 'cod_make_up', 'purchase_agency', 'stop_return_charging', 'erp_compensation',
                        'customer_care', 'return_overcharge', 'return_purchase_agency', 'manual_receipts',
                        'manual_user_overdraw', 'other')),
  capital_flows       text NOT NULL CHECK (capital_flows IN ('into', 'out')),
  amount_fen          bigint NOT NULL CHECK (amount_fen > 0),
  balance_after_fen   bigint NOT NULL,
  platform            text NOT NULL DEFAULT '',
  site                text NOT NULL DEFAULT '',
  ordersn             text NOT NULL DEFAULT '',
  warehouse_order_id  text NOT NULL DEFAULT '',
  shop_name           text NOT NULL DEFAULT '',
  shop_id             text NOT NULL DEFAULT '',
  remark              text NOT NULL DEFAULT '',
  -- 1 a top-up paid in service upgrade, 2 posted by the suite, 3 an operator's entry, 4 demo seed.
  source              smallint NOT NULL CHECK (source BETWEEN 1 AND 4),
  operator_id         bigint REFERENCES operators (id),
  is_old              boolean NOT NULL DEFAULT false,
  transaction_date    timestamptz NOT NULL DEFAULT now(),
  added_date          timestamptz NOT NULL DEFAULT now()
);
-- The bill: newest first by either time, whole or narrowed by type; exact searches.
CREATE INDEX third_party_added ON third_party_transactions (main_id, added_date DESC, id DESC);
CREATE INDEX third_party_txdate ON third_party_transactions (main_id, transaction_date DESC, id DESC);
CREATE INDEX third_party_type ON third_party_transactions (main_id, transaction_type, added_date DESC, id DESC);
CREATE INDEX third_party_ordersn ON third_party_transactions (main_id, ordersn) WHERE ordersn <> '';
CREATE INDEX third_party_wh_order ON third_party_transactions (main_id, warehouse_order_id) WHERE warehouse_order_id <> '';
CREATE INDEX third_party_shop ON third_party_transactions (main_id, shop_id) WHERE shop_id <> '';
CREATE INDEX third_party_operator ON third_party_transactions (added_date DESC, id DESC) WHERE source = 3;
