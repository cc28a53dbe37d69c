-- Four eyes on manual money: an operator's money move at or above OPS_FOUR_EYES_YUAN is kept
-- here until a second operator approves it (then it runs, as the approver's) or rejects it.
-- A pending proposal past expires_at is expired: it can no longer be approved. The operators'
-- account names are kept beside their ids, as the audit log keeps them.
CREATE TABLE ops_proposals (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL,
  main_id      bigint,
  amount_fen   bigint NOT NULL CHECK (amount_fen >= 0),
  payload      jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  proposed_by  bigint NOT NULL REFERENCES operators (id),
  proposer     text NOT NULL,
  proposed_at  timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  decided_by   bigint REFERENCES operators (id),
  decider      text,
  decided_at   timestamptz,
  reason       text NOT NULL DEFAULT '',
  CHECK (decided_by IS NULL OR decided_by <> proposed_by)
);
CREATE INDEX ops_proposals_status_idx ON ops_proposals (status, id DESC);
CREATE INDEX ops_proposals_tenant_idx ON ops_proposals (main_id, id DESC);
