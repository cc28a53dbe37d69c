-- The supplier (distributor) application: one per tenant, resubmitted in place after a rejection.
CREATE TABLE supplier_applications (
  main_id        bigint PRIMARY KEY REFERENCES users (id),
  username       text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 50),
  bank_name      text NOT NULL CHECK (char_length(bank_name) BETWEEN 1 AND 50),
  bank_number    text NOT NULL CHECK (bank_number ~ '^[0-9]{8,30}$'),
  retailer_name  text NOT NULL CHECK (char_length(retailer_name) BETWEEN 1 AND 100),
  -- 1 submitted, 2 approved, 3 rejected
  status         smallint NOT NULL CHECK (status IN (1, 2, 3)),
  reason         text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
  submitted_at   timestamptz NOT NULL DEFAULT now(),
  reviewed_at    timestamptz,
  reviewed_by    bigint REFERENCES operators (id)
);
CREATE INDEX supplier_applications_queue ON supplier_applications (status, submitted_at DESC);

-- A distributor's commission rate in basis points, when an operator set one (else the default).
CREATE TABLE distribution_rates (
  main_id     bigint PRIMARY KEY REFERENCES users (id),
  rate_bp     integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- The distribution bill: one row per movement of a distributor's distribution balance (a
-- commission in, an approved withdrawal out), written in the transaction of its ledger transfer,
-- with the balance right after it.
CREATE TABLE distribution_entries (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id           bigint NOT NULL REFERENCES users (id),
  transaction_id    text NOT NULL UNIQUE CHECK (char_length(transaction_id) <= 64),
  parent_user_id    bigint NOT NULL,
  number            text NOT NULL CHECK (char_length(number) <= 64),
  capital_flows     text NOT NULL CHECK (capital_flows IN ('INTO', 'OUT')),
  amount_fen        bigint NOT NULL CHECK (amount_fen > 0),
  balance_after_fen bigint NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX distribution_entries_main ON distribution_entries (main_id, created_at DESC, id DESC);

-- Withdrawal applications: the amount is frozen on the distribution balance while status is 0,
-- posted on approval (1), released on failure (2).
CREATE TABLE distribution_withdrawals (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  main_id         bigint NOT NULL REFERENCES users (id),
  transaction_id  text NOT NULL UNIQUE CHECK (char_length(transaction_id) <= 64),
  amount_fen      bigint NOT NULL CHECK (amount_fen > 0),
  bank_name       text NOT NULL,
  bank_number     text NOT NULL,
  user_name       text NOT NULL,
  status          smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  image_url       text NOT NULL DEFAULT '' CHECK (char_length(image_url) <= 500),
  remark          text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 500),
  created_at      timestamptz NOT NULL DEFAULT now(),
  reviewed_at     timestamptz,
  reviewed_by     bigint REFERENCES operators (id)
);
CREATE INDEX distribution_withdrawals_main ON distribution_withdrawals (main_id, created_at DESC, id DESC);
CREATE INDEX distribution_withdrawals_queue ON distribution_withdrawals (status, created_at);

-- Where withdrawals go: the withdrawal info, and the base bank card info saved beside it.
CREATE TABLE distribution_bank_accounts (
  main_id      bigint NOT NULL REFERENCES users (id),
  kind         text NOT NULL CHECK (kind IN ('withdrawal', 'base')),
  user_name    text NOT NULL,
  bank_name    text NOT NULL,
  bank_number  text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (main_id, kind)
);
