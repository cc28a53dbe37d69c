import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { visibleTo } from '../../platform/data-authority.ts';

/** quota_logs.kind */
export const LOG_KIND = { deduction: 1, addition: 2, refund: 3 } as const;

export type LogClaim = {
  tenantId: number;
  kind: 1 | 2 | 3;
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
      main_id: c.tenantId,
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

export function findLogByKey(db: Db, tenantId: number, key: string) {
  return db
    .selectFrom('quota_logs')
    .select(['id', 'kind', 'type', 'use_num', 'order_id'])
    .where('main_id', '=', tenantId)
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
export async function spendFromBalance(db: Db, logId: number, tenantId: number, type: number, amount: number) {
  const { rows } = await sql<{ left_num: number }>`
    WITH spent AS (
      UPDATE quota_balances
         SET balance = balance - ${amount}, deductions = deductions + 1, updated_at = now()
       WHERE main_id = ${tenantId} AND type = ${type} AND balance >= ${amount}
      RETURNING balance
    )
    UPDATE quota_logs SET left_num = spent.balance FROM spent WHERE quota_logs.id = ${logId}
    RETURNING quota_logs.left_num`.execute(db);
  return rows[0]?.left_num;
}

/**
 * Takes back `amount` unspent units a refunded order added: balance and everything added both
 * drop (so "used" stays what was used), guarded so the balance never goes below zero. Undefined
 * when the balance no longer holds it (the quota was used).
 */
export async function takeBackFromBalance(db: Db, logId: number, tenantId: number, type: number, amount: number) {
  const { rows } = await sql<{ left_num: number }>`
    WITH taken AS (
      UPDATE quota_balances
         SET balance = balance - ${amount}, added = added - ${amount}, updated_at = now()
       WHERE main_id = ${tenantId} AND type = ${type} AND balance >= ${amount}
      RETURNING balance
    )
    UPDATE quota_logs SET left_num = taken.balance FROM taken WHERE quota_logs.id = ${logId}
    RETURNING quota_logs.left_num`.execute(db);
  return rows[0]?.left_num;
}

/** Adds `amount` (creating the balance on first use) and records the balance after it. */
export async function addToBalance(db: Db, logId: number, tenantId: number, type: number, amount: number) {
  const { rows } = await sql<{ left_num: number }>`
    WITH added AS (
      INSERT INTO quota_balances (main_id, type, balance, added) VALUES (${tenantId}, ${type}, ${amount}, ${amount})
      ON CONFLICT (main_id, type)
      DO UPDATE SET balance = quota_balances.balance + EXCLUDED.balance,
                    added = quota_balances.added + EXCLUDED.added, updated_at = now()
      RETURNING balance
    )
    UPDATE quota_logs SET left_num = added.balance FROM added WHERE quota_logs.id = ${logId}
    RETURNING quota_logs.left_num`.execute(db);
  const left = rows[0]?.left_num;
  if (left === undefined) throw new Error('quota: the claimed row vanished');
  return left;
}

export async function findBalance(db: Db, tenantId: number, type: number): Promise<number> {
  const row = await db
    .selectFrom('quota_balances')
    .select('balance')
    .where('main_id', '=', tenantId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

export function findBalances(db: Db, tenantId: number) {
  return db
    .selectFrom('quota_balances')
    .select(['type', 'balance', 'added', 'deductions'])
    .where('main_id', '=', tenantId)
    .orderBy('type')
    .execute();
}

export type DeductionFilter = {
  tenantId: number;
  type?: number | undefined;
  orderId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/**
 * The deduction rows of a tenant, narrowed by the filters, newest first. Each filter shape has its index: quota_logs_bill (all),
 * quota_logs_bill_type (one type), quota_logs_bill_order (one order); the `kind = 1` literal lets
 * the planner use these partial indexes. `viewer`'s data authority over employees narrows the rows
 * to those its accounts spent (all for a main account).
 */
function deductionQuery(db: Db, f: DeductionFilter, viewer: Principal) {
  return db
    .selectFrom('quota_logs as l')
    .where('l.main_id', '=', f.tenantId)
    .where(sql<SqlBool>`l.kind = 1`)
    .$if(f.type !== undefined, (q) => q.where('l.type', '=', f.type!))
    .$if(f.orderId !== undefined, (q) => q.where('l.order_id', '=', f.orderId!))
    .$if(f.from !== undefined, (q) => q.where('l.created_at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('l.created_at', '<=', f.to!))
    .where((eb) => visibleTo(eb, viewer, 'employees', 'l.user_id'));
}

export function findDeductionPage(
  db: Db,
  f: DeductionFilter,
  viewer: Principal,
  page: { limit: number; offset: number },
) {
  return deductionQuery(db, f, viewer)
    .select(['l.order_id', 'l.type', 'l.use_num', 'l.left_num', 'l.user_name', 'l.created_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countDeductions(db: Db, f: DeductionFilter, viewer: Principal): Promise<number> {
  const row = await deductionQuery(db, f, viewer)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The tenant's deduction count from the counters kept with its balances (no rows read). */
export async function countedDeductions(db: Db, tenantId: number, type: number | undefined): Promise<number> {
  const row = await db
    .selectFrom('quota_balances')
    .select(sql<number>`COALESCE(sum(deductions), 0)::bigint`.as('count'))
    .where('main_id', '=', tenantId)
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .executeTakeFirstOrThrow();
  return row.count;
}
