-- The fee lists' searches and the pending withdrawals stay inside one tenant's index range at a
-- million rows (measured in bench/: each was a scan of the tenant's rows, or of every tenant's).
-- Fee flow: serial number, system order number, warehouse order number, tracking number.
CREATE INDEX wh_fee_flows_reference_no ON wh_fee_flows (wws_id, reference_no);
CREATE INDEX wh_fee_flows_order_code ON wh_fee_flows (wws_id, order_code);
CREATE INDEX wh_fee_flows_refer_code ON wh_fee_flows (wws_id, refer_code);
CREATE INDEX wh_fee_flows_tracking_number ON wh_fee_flows (wws_id, tracking_number);
-- Fee bill: reference number, order code, bill reference code.
CREATE INDEX wh_fee_bills_reference_no ON wh_fee_bills (wws_id, reference_no);
CREATE INDEX wh_fee_bills_order_code ON wh_fee_bills (wws_id, order_code);
CREATE INDEX wh_fee_bills_refer_code ON wh_fee_bills (wws_id, refer_code);
-- Withdrawals by status (the pending ones, say): the page and its count read only the tenant's
-- rows of that status, instead of every tenant's rows of it (the operators' queue index).
CREATE INDEX distribution_withdrawals_status ON distribution_withdrawals (main_id, status, created_at DESC, id DESC);
