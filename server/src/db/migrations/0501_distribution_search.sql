-- The distribution lists' searches stay inside one tenant's index range at a million rows:
-- by order code (number) and by the invitee (parent_user_id) on the bill, by card on withdrawals.
CREATE INDEX distribution_entries_number ON distribution_entries (main_id, number);
CREATE INDEX distribution_entries_parent ON distribution_entries (main_id, parent_user_id, created_at DESC, id DESC);
CREATE INDEX distribution_entries_flows ON distribution_entries (main_id, capital_flows, created_at DESC, id DESC);
CREATE INDEX distribution_withdrawals_card ON distribution_withdrawals (main_id, bank_number);
