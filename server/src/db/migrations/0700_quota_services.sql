-- One quota service per value-added kind of the catalogue, and quota_balances the one source of
-- what a tenant holds of each: the personal centre, the deduction bill and the spend call all
-- read it (docs/decisions.md, "Ledger and quota").
--
-- New services: 8 product monitoring, 9 keyword monitoring, 10 follow-sell monitoring (Coupang
-- only). Until now the two monitoring packages added to 6 (a third party's image translation).
ALTER TABLE quota_balances DROP CONSTRAINT quota_balances_type_check;
ALTER TABLE quota_balances ADD CONSTRAINT quota_balances_type_check CHECK (type BETWEEN 1 AND 10);
ALTER TABLE quota_logs DROP CONSTRAINT quota_logs_type_check;
ALTER TABLE quota_logs ADD CONSTRAINT quota_logs_type_check CHECK (type BETWEEN 1 AND 10);
ALTER TABLE catalogue_value_added DROP CONSTRAINT catalogue_value_added_quota_type_check;
ALTER TABLE catalogue_value_added ADD CONSTRAINT catalogue_value_added_quota_type_check CHECK (quota_type BETWEEN 1 AND 10);

-- Everything ever added to a balance, kept in the same update as the balance: the personal
-- centre's "total" (used = added - balance). Existing balances: what is left plus what was spent.
ALTER TABLE quota_balances ADD COLUMN added bigint NOT NULL DEFAULT 0;
UPDATE quota_balances b
   SET added = b.balance + COALESCE((SELECT sum(l.use_num) FROM quota_logs l
                                      WHERE l.main_id = b.main_id AND l.type = b.type AND l.kind = 1), 0);
ALTER TABLE quota_balances ADD CONSTRAINT quota_balances_added_check CHECK (added >= balance);

-- The monitoring packages credit their own service and show under their own name in the software
-- bill (package types 12, 13, 14; 5 is listing quota).
UPDATE catalogue_value_added SET quota_type = 8, package_type = 12, updated_at = now()
 WHERE service = 'product_monitoring';
UPDATE catalogue_value_added SET quota_type = 9, package_type = 13, updated_at = now()
 WHERE service = 'keyword_monitoring';
INSERT INTO catalogue_value_added
  (category, service_type, service, package_name, package_type, quota_type, quota_amount, price_fen, retail_price_fen, default_company_only, sort)
SELECT 'monitoring', 4, 'follow_sell_monitoring', '1,000', 14, 10, 1000, 29900, 39900, true, 9
 WHERE NOT EXISTS (SELECT 1 FROM catalogue_value_added WHERE service = 'follow_sell_monitoring');

-- package_added held a second, disagreeing copy of these figures (written by nothing but the
-- demo seed). What it held of a service a tenant has no quota of is carried over as an addition
-- (logged like any addition, so the balance and its rows agree); where the tenant holds that quota,
-- the quota is already the truth. Names no service matches are dropped with the table.
WITH carried AS (
  SELECT p.main_id,
         CASE lower(p.code_name)
           WHEN 'listing' THEN 1 WHEN 'listing quota' THEN 1
           WHEN 'image translation' THEN 2 WHEN 'picture translation' THEN 2
           WHEN 'image cutout' THEN 3 WHEN 'matting' THEN 3
           WHEN 'text translation' THEN 4
           WHEN 'video translation' THEN 7
           WHEN 'product monitoring' THEN 8
           WHEN 'keyword monitoring' THEN 9
           WHEN 'follow-sell monitoring' THEN 10
         END AS type,
         sum(GREATEST(p.total_num - p.num_used, 0))::bigint AS left_num
    FROM package_added p
   GROUP BY 1, 2
),
kept AS (
  SELECT c.* FROM carried c
   WHERE c.type IS NOT NULL AND c.left_num > 0
     AND NOT EXISTS (SELECT 1 FROM quota_balances b WHERE b.main_id = c.main_id AND b.type = c.type)
),
logged AS (
  INSERT INTO quota_logs (main_id, kind, type, key, order_id, use_num, left_num, user_name)
  SELECT main_id, 2, type, 'migration:package_added:' || type, '', left_num, left_num, 'system' FROM kept
)
INSERT INTO quota_balances (main_id, type, balance, added)
SELECT main_id, type, left_num, left_num FROM kept;

DROP TABLE package_added;
