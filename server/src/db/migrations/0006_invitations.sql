-- Every main account has an invite code of its own; registering with it records an invitation.
ALTER TABLE users ADD COLUMN invite_code text;
CREATE UNIQUE INDEX users_invite_code_key ON users (invite_code) WHERE invite_code IS NOT NULL;

-- Where a registration came from (spec 01: source, system, referrer, secondary_source).
ALTER TABLE users ADD COLUMN reg_source text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN reg_system smallint NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN reg_referrer text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN reg_secondary_source text NOT NULL DEFAULT '';

CREATE TABLE invitations (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the inviting tenant (a main account)
  inviter_id          bigint NOT NULL REFERENCES users (id),
  -- an account is invited at most once: when it registered
  invitee_id          bigint NOT NULL UNIQUE REFERENCES users (id),
  invite_code_type    text NOT NULL DEFAULT '1',
  inviter_given_days  integer NOT NULL CHECK (inviter_given_days >= 0),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_inviter_idx ON invitations (inviter_id, created_at DESC);
