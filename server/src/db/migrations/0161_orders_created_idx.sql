-- The operator console lists every tenant's orders newest first: an index in that order lets a
-- page be read from its start instead of sorting all orders.
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
