-- The software bill's total kept like the money lists' (migration 0640, platform/kept-counts.ts):
-- counting a tenant's million orders walked a million index entries (p95 400-480 ms at full
-- bench size). The keys are the bill's equality filters: package type, state (the pay state is
-- an IN of states), pay type. Every order is counted, warehouse top-ups (pay_type 5) too, under
-- their own pay type: the bill asks for the other pay types only. The owner is the tenant; an
-- employee that sees only its own orders is counted exactly (bills/service.ts).
SELECT kept_counts_attach('orders', 'software_bill',
  'main_id, created_at, package_pay_type::text, state, pay_type::text, 0::bigint');
