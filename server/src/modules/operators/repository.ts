import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { OperatorsTable } from '../../db/schema.ts';

export type OperatorRow = Pick<
  Selectable<OperatorsTable>,
  'id' | 'account_name' | 'display_name' | 'password_hash' | 'status'
>;

export async function findOperatorByAccountName(db: Db, accountName: string): Promise<OperatorRow | null> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'account_name', 'display_name', 'password_hash', 'status'])
    .where((eb) => eb(eb.fn('lower', ['account_name']), '=', eb.fn('lower', [eb.val(accountName)])))
    .executeTakeFirst();
  return row ?? null;
}

/** Inserts an operator, or answers null when the account name is taken (whatever its case). */
export async function insertOperator(
  db: Db,
  input: { accountName: string; displayName: string; passwordHash: string },
): Promise<number | null> {
  const row = await db
    .insertInto('operators')
    .values({ account_name: input.accountName, display_name: input.displayName, password_hash: input.passwordHash })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
