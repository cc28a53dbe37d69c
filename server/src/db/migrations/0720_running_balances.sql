-- The running balances of the money bills follow the order the bills are listed in (time, then
-- id): each row's stored balance is the balance right after it in that order, and the newest
-- row's is its ledger account's (platform/running-balance.ts). Rows were stored with the
-- balance when they were written, so a back-dated row, or demo history generated out of time
-- order, broke the chain as listed. This sets every stored balance from that rule once; the
-- writers keep it since.

-- A deduction of frozen money now writes the freeze's release (+amount) before itself
-- (-amount), so every fee flow row's amount is what it adds to the spendable balance. The
-- deductions already there get their release, a microsecond before them.
INSERT INTO wh_fee_flows (main_id, wws_id, key, direction, amount, balance_after, settles_key, ft_code, platform,
                          site, reference_no, order_code, refer_code, tracking_number, platform_shop, note,
                          operator_id, created_at)
SELECT d.main_id, d.wws_id, d.key || '#release', 1, d.amount, 0, d.settles_key, d.ft_code, d.platform,
       d.site, d.reference_no, d.order_code, d.refer_code, d.tracking_number, d.platform_shop, '',
       d.operator_id, d.created_at - interval '1 microsecond'
  FROM wh_fee_flows d
 WHERE d.direction = 2 AND d.settles_key IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM wh_fee_flows r WHERE r.wws_id = d.wws_id AND r.key = d.key || '#release')
 ORDER BY d.id;

-- Fee flow: the spendable balance (balance - frozen) of the tenant's account at the provider.
UPDATE wh_fee_flows AS t SET balance_after = x.after
  FROM (SELECT f.id,
               COALESCE(a.balance - a.pending, sum(f.e) OVER (PARTITION BY f.wws_id))
                 - (sum(f.e) OVER (PARTITION BY f.wws_id)
                    - sum(f.e) OVER (PARTITION BY f.wws_id ORDER BY f.created_at, f.id
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint AS after
          FROM (SELECT id, wws_id, created_at, CASE WHEN direction IN (0, 2) THEN -amount ELSE amount END AS e
                  FROM wh_fee_flows) AS f
          JOIN wh_tenant_providers p ON p.id = f.wws_id
          LEFT JOIN ledger_accounts a
            ON a.tenant_id = p.main_id AND a.kind = 'warehouse' AND a.provider = p.provider_id::text) AS x
 WHERE t.id = x.id AND t.balance_after <> x.after;

-- Third-party bill: the tenant's third-party balance, by time added.
UPDATE third_party_transactions AS t SET balance_after_fen = x.after
  FROM (SELECT f.id,
               COALESCE(a.balance, sum(f.e) OVER (PARTITION BY f.main_id))
                 - (sum(f.e) OVER (PARTITION BY f.main_id)
                    - sum(f.e) OVER (PARTITION BY f.main_id ORDER BY f.added_date, f.id
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint AS after
          FROM (SELECT id, main_id, added_date,
                       CASE WHEN capital_flows = 'into' THEN amount_fen ELSE -amount_fen END AS e
                  FROM third_party_transactions) AS f
          LEFT JOIN ledger_accounts a ON a.tenant_id = f.main_id AND a.kind = 'third_party' AND a.provider = '') AS x
 WHERE t.id = x.id AND t.balance_after_fen <> x.after;

-- Distribution bill: the distributor's posted distribution balance.
UPDATE distribution_entries AS t SET balance_after_fen = x.after
  FROM (SELECT f.id,
               COALESCE(a.balance, sum(f.e) OVER (PARTITION BY f.main_id))
                 - (sum(f.e) OVER (PARTITION BY f.main_id)
                    - sum(f.e) OVER (PARTITION BY f.main_id ORDER BY f.created_at, f.id
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint AS after
          FROM (SELECT id, main_id, created_at,
                       CASE WHEN capital_flows = 'INTO' THEN amount_fen ELSE -amount_fen END AS e
                  FROM distribution_entries) AS f
          LEFT JOIN ledger_accounts a ON a.tenant_id = f.main_id AND a.kind = 'distribution' AND a.provider = '') AS x
 WHERE t.id = x.id AND t.balance_after_fen <> x.after;
