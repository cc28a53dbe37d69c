import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** quota_logs.kind */
export const LOG_KIND = { deduction: 1, addition: 2 } as const;

export type LogClaim = {
  mainId: number;
  kind: 1 | 2;
  type: number;
  key: string;
  orderId: string;
  amount: number;
  userId: number | null;
  userName: string;
};

/**
 * Inserts the change's row, which claims its key for the tenant; left_num is filled in once the
 * balance has moved. Undefined when the key was used before (a concurrent claim waits for the
 * first to commit or roll back).
 */
export async function claimLog(db: Db, c: LogClaim): Promise<number | undefined> {
  const row = await db
    .insertInto('quota_logs')
    .values({
      main_id: c.mainId,
      kind: c.kind,
      type: c.type,
      key: c.key,
      order_id: c.orderId,
      use_num: c.amount,
      left_num: 0,
      user_id: c.userId,
      user_name: c.userName.slice(0, 64),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function findLogByKey(db: Db, mainId: number, key: string) {
  return db
    .selectFrom('quota_logs')
    .select(['id', 'kind', 'type', 'use_num', 'order_id'])
    .where('main_id', '=', mainId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function dropLog(db: Db, id: number) {
  await db.deleteFrom('quota_logs').where('id', '=', id).execute();
}

/**
 * Spends `amount` when the balance holds it: the check and the change are one guarded update
 * (so concurrent spends can never take it below zero), and the claimed row gets the balance
 * left, in the same statement. Undefined when the balance is short (or there is none).
 */
export async function spendFromBalance(db: Db, logId: number, mainId: number, type: number, amount: number) {
  const { rows } = await sql<{ left_num: number }>`
    WITH spent AS (
      UPDATE quota_balances
         SET balance = balance - ${amount}, deductions = deductions + 1, updated_at = now()
       WHERE main_id = ${mainId} AND type = ${type} AND balance >= ${amount}
      RETURNING balance
    )
    UPDATE quota_logs SET left_num = spent.balance FROM spent WHERE quota_logs.id = ${logId}
    RETURNING quota_logs.left_num`.execute(db);
  return rows[0]?.left_num;
}

/** Adds `amount` (creating the balance on first use) and records the balance after it. */
export async function addToBalance(db: Db, logId: number, mainId: number, type: number, amount: number) {
  const { rows } = await sql<{ left_num: number }>`
    WITH added AS (
      INSERT INTO quota_balances (main_id, type, balance) VALUES (${mainId}, ${type}, ${amount})
      ON CONFLICT (main_id, type)
      DO UPDATE SET balance = quota_balances.balance + EXCLUDED.balance, updated_at = now()
      RETURNING balance
    )
    UPDATE quota_logs SET left_num = added.balance FROM added WHERE quota_logs.id = ${logId}
    RETURNING quota_logs.left_num`.execute(db);
  const left = rows[0]?.left_num;
  if (left === undefined) throw new Error('quota: the claimed row vanished');
  return left;
}

export async function findBalance(db: Db, mainId: number, type: number): Promise<number> {
  const row = await db
    .selectFrom('quota_balances')
    .select('balance')
    .where('main_id', '=', mainId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

export function findBalances(db: Db, mainId: number) {
  return db
    .selectFrom('quota_balances')
    .select(['type', 'balance', 'deductions'])
    .where('main_id', '=', mainId)
    .orderBy('type')
    .execute();
}
