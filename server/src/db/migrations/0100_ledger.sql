-- The double-entry ledger: every balance of money in the product (a tenant's third-party,
-- distribution and warehouse balances, and the operator's own accounts) moves only through
-- transfers between two accounts, in integer fen. See platform/ledger/.
CREATE TABLE ledger_accounts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The tenant (its main account); NULL for the operator's own accounts.
  tenant_id   bigint REFERENCES users (id),
  kind        text NOT NULL CHECK (kind IN ('third_party', 'distribution', 'warehouse',
                                            'clearing', 'revenue', 'commissions_payable',
                                            'withdrawals_in_flight')),
  -- The warehouse provider (warehouse), the payment provider (clearing), or ''.
  provider    text NOT NULL DEFAULT '' CHECK (char_length(provider) <= 64),
  -- Posted balance. Changed only by guarded updates in platform/ledger, in the same
  -- transaction that writes the entries it equals.
  balance     bigint NOT NULL DEFAULT 0,
  -- Sum of this account's outgoing pending (frozen) transfers: spendable is balance - pending.
  pending     bigint NOT NULL DEFAULT 0 CHECK (pending >= 0),
  -- Lowest balance - pending may reach; NULL means no floor (operator clearing accounts).
  floor       bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((tenant_id IS NULL) = (kind IN ('clearing', 'revenue', 'commissions_payable', 'withdrawals_in_flight')))
);
CREATE UNIQUE INDEX ledger_accounts_owner_key ON ledger_accounts (tenant_id, kind, provider) NULLS NOT DISTINCT;

-- One row per transfer, with its idempotency key. Kinds: 'transfer' (posted at once), 'pending'
-- (a freeze; its state moves from 'pending' to 'posted' or 'voided' exactly once), 'post' and
-- 'void' (the resolution of a pending transfer, naming it in pending_id).
CREATE TABLE ledger_transfers (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key                text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 200),
  kind               text NOT NULL CHECK (kind IN ('transfer', 'pending', 'post', 'void')),
  debit_account_id   bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  pending_id         bigint REFERENCES ledger_transfers (id),
  state              text CHECK (state IN ('pending', 'posted', 'voided')),
  memo               text NOT NULL DEFAULT '' CHECK (char_length(memo) <= 500),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((kind = 'pending') = (state IS NOT NULL)),
  CHECK ((kind IN ('post', 'void')) = (pending_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_transfers_key ON ledger_transfers (key);
-- A pending transfer is resolved (posted or voided) at most once.
CREATE UNIQUE INDEX ledger_transfers_resolves ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_debit_pending ON ledger_transfers (debit_account_id) WHERE state = 'pending';

-- The entries: two per posted movement ('transfer' and 'post'), the debit negative and the
-- credit positive, summing to zero. An account's balance is the sum of its entries.
CREATE TABLE ledger_entries (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id  bigint NOT NULL REFERENCES ledger_transfers (id),
  account_id   bigint NOT NULL REFERENCES ledger_accounts (id),
  amount       bigint NOT NULL CHECK (amount <> 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transfer ON ledger_entries (transfer_id);
