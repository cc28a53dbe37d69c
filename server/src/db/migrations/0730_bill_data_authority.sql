-- Data authority on the fee flow and the third-party bill.
--
-- A fee flow row may name the warehouse it was charged in (NULL: the account's own movements,
-- top-ups and credits, which are the tenant's), so an employee's warehouse authority narrows the
-- flow as it narrows the fee bill and the rent.
ALTER TABLE wh_fee_flows ADD COLUMN warehouse_id bigint REFERENCES warehouses (id);

-- A third-party row may name one of the tenant's shops: resolved when it is posted from the
-- platform and shop name it carries. NULL with a shop named: a shop the tenant does not list,
-- shown only to those who see every shop; no shop named (top-ups, operators' entries): the
-- tenant's, shown to everyone who may read the bill.
ALTER TABLE third_party_transactions ADD COLUMN tenant_shop_id bigint REFERENCES shops (id);

-- The kept counters carry the authority column in w, so a narrowed total is still summed from
-- them: the flow's warehouse (0 none), the third-party row's shop (0 none named, -1 not listed).
DROP TRIGGER wh_fee_flows_kept_ins ON wh_fee_flows;
DROP TRIGGER wh_fee_flows_kept_upd ON wh_fee_flows;
DROP TRIGGER wh_fee_flows_kept_del ON wh_fee_flows;
DELETE FROM kept_counts WHERE list = 'fee_flow';
SELECT kept_counts_attach('wh_fee_flows', 'fee_flow',
  'wws_id, created_at, ft_code, platform, direction::text, COALESCE(warehouse_id, 0)');

DROP TRIGGER third_party_transactions_kept_ins ON third_party_transactions;
DROP TRIGGER third_party_transactions_kept_upd ON third_party_transactions;
DROP TRIGGER third_party_transactions_kept_del ON third_party_transactions;
DELETE FROM kept_counts WHERE list = 'third_party';
SELECT kept_counts_attach('third_party_transactions', 'third_party',
  'main_id, added_date, transaction_type, capital_flows, platform, '
  || 'COALESCE(tenant_shop_id, CASE WHEN shop_name = '''' AND shop_id = '''' THEN 0 ELSE -1 END)');
