-- Operators have a role deciding what they may do in the console (the permissions of each role
-- are in packages/contract/src/operators.ts): support, finance or admin. New operators are support
-- unless `ops:create-operator --role` says otherwise.
ALTER TABLE operators
  ADD COLUMN role text NOT NULL DEFAULT 'support'
  CHECK (role IN ('support', 'finance', 'admin'));

-- Operators made before roles could do everything; they stay able to, so an existing install keeps
-- working and has an admin to hand out narrower roles (docs/decisions.md).
UPDATE operators SET role = 'admin';
