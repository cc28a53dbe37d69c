import type { Queryable } from '../../db/client.ts';

export type OperatorRow = {
  id: string;
  account_name: string;
  display_name: string;
  password_hash: string;
  status: number;
};

export async function findOperatorByAccountName(db: Queryable, accountName: string): Promise<OperatorRow | null> {
  const [row] = await db.query<OperatorRow>(
    `SELECT id, account_name, display_name, password_hash, status
       FROM operators WHERE lower(account_name) = lower($1)`,
    [accountName],
  );
  return row ?? null;
}

/** Inserts an operator, or answers null when the account name is taken (whatever its case). */
export async function insertOperator(
  db: Queryable,
  input: { accountName: string; displayName: string; passwordHash: string },
): Promise<number | null> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO operators (account_name, display_name, password_hash)
     VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [input.accountName, input.displayName, input.passwordHash],
  );
  return row ? Number(row.id) : null;
}
