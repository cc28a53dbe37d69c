-- What moved a distributor's balance, now that a refund of the buyer's order takes its commission
-- back (docs/decisions.md, "Distribution and the supplier application"): commission in, a
-- commission taken back out, an approved withdrawal out. The earnings per month are the
-- commissions less what was taken back; the withdrawals are not earnings.
ALTER TABLE distribution_entries ADD COLUMN kind text NOT NULL DEFAULT 'commission';
UPDATE distribution_entries SET kind = 'withdrawal' WHERE capital_flows = 'OUT';
-- Every writer names the kind from now on.
ALTER TABLE distribution_entries ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE distribution_entries ADD CONSTRAINT distribution_entries_kind_check CHECK (
  (kind = 'commission' AND capital_flows = 'INTO')
  OR (kind IN ('commission_refund', 'withdrawal') AND capital_flows = 'OUT')
);
