-- A coupon named by an unpaid order is reserved for it (released when the order expires or is
-- cancelled) and records the order that used it.
ALTER TABLE coupons ADD COLUMN reserved_order_id bigint REFERENCES orders (id);
ALTER TABLE coupons ADD COLUMN used_order_id bigint REFERENCES orders (id);
