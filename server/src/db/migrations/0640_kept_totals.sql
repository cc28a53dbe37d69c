-- Kept totals of the money lists. Counting a tenant's million rows walks a million index
-- entries (300-600 ms under load); the lists' totals are instead summed from these counters:
-- rows per (list, owner, equality-filter values, UTC hour) and again per UTC day. A total over a
-- time range is the sum of the whole days and whole hours inside it plus an exact count of the
-- rows in the cut hours at its two edges (at most an hour's rows each); see platform/kept-counts.ts.
--
-- The counters are kept by statement triggers, in the transaction that inserts, updates or
-- deletes the rows, so every writer keeps them: the services, the demo seed, operators' imports,
-- bulk generate_series fills. A statement's changes are added in one grouped upsert.
--
-- k1..k3 are the list's equality-filter values as text ('' when the list has fewer); w is the
-- row's warehouse (0 for none), kept apart so an employee's warehouse authority narrows a total.
CREATE TABLE kept_counts (
  list      text NOT NULL,
  owner_id  bigint NOT NULL,
  day       boolean NOT NULL,
  bucket    timestamptz NOT NULL,
  k1        text NOT NULL,
  k2        text NOT NULL,
  k3        text NOT NULL,
  w         bigint NOT NULL,
  n         bigint NOT NULL,
  PRIMARY KEY (list, owner_id, day, bucket, k1, k2, k3, w)
);

-- The upsert adding `changes` (rows of owner_id, at, k1, k2, k3, w, d with d = +1 or -1) to the
-- counters of `list`. Keys are upserted in order, so two statements never lock them crosswise.
CREATE FUNCTION kept_counts_sql(list text, changes text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    INSERT INTO kept_counts AS c (list, owner_id, day, bucket, k1, k2, k3, w, n)
    SELECT %L, ch.owner_id, t.day,
           date_trunc(CASE WHEN t.day THEN 'day' ELSE 'hour' END, ch.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
           ch.k1, ch.k2, ch.k3, ch.w, sum(ch.d)
      FROM (%s) AS ch (owner_id, at, k1, k2, k3, w, d)
     CROSS JOIN (VALUES (false), (true)) AS t (day)
     GROUP BY 2, 3, 4, 5, 6, 7, 8
    HAVING sum(ch.d) <> 0
     ORDER BY 2, 3, 4, 5, 6, 7, 8
        ON CONFLICT (list, owner_id, day, bucket, k1, k2, k3, w) DO UPDATE SET n = c.n + excluded.n
  $q$, list, changes)
$fn$;

-- TG_ARGV[0] the list, TG_ARGV[1] the select list of a row's owner_id, at, k1, k2, k3, w.
CREATE FUNCTION kept_counts_keep() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  cols text := TG_ARGV[1];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE kept_counts_sql(TG_ARGV[0], format('SELECT %s, 1 FROM new_rows', cols));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE kept_counts_sql(TG_ARGV[0], format('SELECT %s, -1 FROM old_rows', cols));
  ELSE
    EXECUTE kept_counts_sql(TG_ARGV[0],
      format('SELECT %s, 1 FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', cols, cols));
  END IF;
  RETURN NULL;
END
$fn$;

-- One list: its three triggers (a trigger with transition tables takes one event) and the
-- counters of the rows already there.
CREATE FUNCTION kept_counts_attach(tbl text, list text, cols text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_keep(%L, %L)', tbl || '_kept_ins', tbl, list, cols);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_keep(%L, %L)', tbl || '_kept_upd', tbl, list, cols);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION kept_counts_keep(%L, %L)', tbl || '_kept_del', tbl, list, cols);
  EXECUTE kept_counts_sql(list, format('SELECT %s, 1 FROM %I', cols, tbl));
END
$fn$;

-- Fee flow: type, platform, direction, by time posted.
SELECT kept_counts_attach('wh_fee_flows', 'fee_flow',
  'wws_id, created_at, ft_code, platform, direction::text, 0::bigint');
-- Fee bill: business type, fee type, status, by chargeable time; the warehouse for authority.
SELECT kept_counts_attach('wh_fee_bills', 'fee_bill',
  'wws_id, chargeable_at, ds_code, ft_code, status::text, COALESCE(warehouse_id, 0)');
-- Warehouse rent: by settlement date; the warehouse is both a filter and authority.
SELECT kept_counts_attach('wh_rents', 'rent',
  'wws_id, is_date, '''', '''', '''', COALESCE(warehouse_id, 0)');
-- Third-party bill: type, direction of the money, platform, by time added.
SELECT kept_counts_attach('third_party_transactions', 'third_party',
  'main_id, added_date, transaction_type, capital_flows, platform, 0::bigint');
-- Distribution bill: direction of the money, by time.
SELECT kept_counts_attach('distribution_entries', 'distribution_bill',
  'main_id, created_at, capital_flows, '''', '''', 0::bigint');
-- Withdrawals: status (changed by review), by time applied.
SELECT kept_counts_attach('distribution_withdrawals', 'withdrawal',
  'main_id, created_at, status::text, '''', '''', 0::bigint');
