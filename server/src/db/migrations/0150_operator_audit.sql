-- What operators did in the console: issued a coupon, changed a price. Apart from the tenants'
-- audit_log, whose actors are a tenant's own accounts and which a main account reads; this one
-- is for the product's staff, and names the tenant an action touched (if any).
CREATE TABLE operator_audit_log (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id    bigint NOT NULL REFERENCES operators (id),
  operator_name  text NOT NULL,
  action         text NOT NULL,
  target_type    text NOT NULL,
  target_id      bigint NOT NULL,
  main_id        bigint REFERENCES users (id),
  before         jsonb,
  after          jsonb,
  ip             text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_log_operator_idx ON operator_audit_log (operator_id, id DESC);
CREATE INDEX operator_audit_log_tenant_idx ON operator_audit_log (main_id, id DESC) WHERE main_id IS NOT NULL;
