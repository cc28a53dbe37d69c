import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetBefore, keysetTime, type KeysetKey } from '../../platform/exports/registry.ts';
import { inEdge, type Edge } from '../../platform/kept-counts.ts';

/** The queries of distribution: the bill, withdrawals, bank cards, rates and distributors. */

export type BillFilter = {
  tenantId: number;
  capitalFlows?: 'INTO' | 'OUT' | undefined;
  transactionId?: string | undefined;
  number?: string | undefined;
  parentUserId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** The tenant's distribution bill rows: every filter narrows the one index range of the tenant. */
export function billQuery(db: Db, f: BillFilter) {
  return db
    .selectFrom('distribution_entries')
    .where('main_id', '=', f.tenantId)
    .$if(f.capitalFlows !== undefined, (q) => q.where('capital_flows', '=', f.capitalFlows!))
    .$if(f.transactionId !== undefined, (q) => q.where('transaction_id', '=', f.transactionId!))
    .$if(f.number !== undefined, (q) => q.where('number', '=', f.number!))
    .$if(f.parentUserId !== undefined, (q) => q.where('parent_user_id', '=', f.parentUserId!))
    .$if(f.from !== undefined, (q) => q.where('created_at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('created_at', '<=', f.to!));
}

export const BILL_COLUMNS = [
  'id',
  'transaction_id',
  'parent_user_id',
  'number',
  'capital_flows',
  'amount_fen',
  'balance_after_fen',
  'created_at',
  'updated_at',
] as const;

export type WithdrawalFilter = {
  tenantId?: number | undefined;
  status?: number | undefined;
  transactionId?: string | undefined;
  bankNumber?: string | undefined;
  timeColumn: 'created_at' | 'reviewed_at';
  from?: Date | undefined;
  to?: Date | undefined;
};

export function withdrawalQuery(db: Db, f: WithdrawalFilter) {
  return db
    .selectFrom('distribution_withdrawals as w')
    .$if(f.tenantId !== undefined, (q) => q.where('w.main_id', '=', f.tenantId!))
    .$if(f.status !== undefined, (q) => q.where('w.status', '=', f.status!))
    .$if(f.transactionId !== undefined, (q) => q.where('w.transaction_id', '=', f.transactionId!))
    .$if(f.bankNumber !== undefined, (q) => q.where('w.bank_number', '=', f.bankNumber!))
    .$if(f.from !== undefined, (q) => q.where(`w.${f.timeColumn}`, '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where(`w.${f.timeColumn}`, '<=', f.to!));
}

export const WITHDRAWAL_COLUMNS = [
  'w.id',
  'w.main_id',
  'w.transaction_id',
  'w.bank_name',
  'w.bank_number',
  'w.user_name',
  'w.amount_fen',
  'w.status',
  'w.created_at',
  'w.reviewed_at',
  'w.image_url',
  'w.remark',
] as const;

/** What approving a withdrawal pays out, and whose. */
export function findWithdrawalMoney(db: Db, transactionId: string) {
  return db
    .selectFrom('distribution_withdrawals')
    .select(['main_id', 'amount_fen'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** A page of the tenant's bill, newest first. */
export function findBillPage(db: Db, f: BillFilter, page: { limit: number; offset: number }) {
  return billQuery(db, f)
    .select(BILL_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many bill rows of the filter were created within `edge`. */
export async function countBill(db: Db, f: BillFilter, edge: Edge): Promise<number> {
  const row = await billQuery(db, f)
    .where(inEdge('created_at', edge))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A timestamp as the reader's page shows it (`YYYY-MM-DD HH:mm:ss` in the reader's zone), printed
 * by the database: the driver parsing a million Dates and JS printing them again was a third of
 * an export's time, and most of its garbage.
 */
const readerTime = (column: string, zone: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;

type TimeColumn = 'created_at' | 'updated_at';
/** The list's columns but its times, which an export selects as text (`readerTime`). */
const BILL_EXPORT_COLUMNS = BILL_COLUMNS.filter((c): c is Exclude<(typeof BILL_COLUMNS)[number], TimeColumn> => {
  return c !== 'created_at' && c !== 'updated_at';
});

/** The next keyset page of the bill after `after`, newest first, its times as text in `zone`. */
export function findBillExportPage(db: Db, f: BillFilter, zone: string, after: KeysetKey | undefined, limit: number) {
  return billQuery(db, f)
    .select([
      ...BILL_EXPORT_COLUMNS,
      keysetTime('created_at').as('keyset_at'),
      readerTime('created_at', zone).as('created'),
      readerTime('updated_at', zone).as('updated'),
    ])
    .$if(after !== undefined, (qb) => qb.where(keysetBefore('created_at', 'id', after!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the database knows a time zone by this name. */
export async function isKnownTimeZone(db: Db, zone: string): Promise<boolean> {
  const known = await sql<{ name: string }>`SELECT name FROM pg_timezone_names WHERE name = ${zone} LIMIT 1`.execute(
    db,
  );
  return known.rows.length > 0;
}

/**
 * Commission earned per month (business time, UTC+8) over the last 12 months, oldest first: the
 * commissions less what refunds took back in that month.
 */
export function findMonthlyEarnings(db: Db, tenantId: number) {
  return db
    .selectFrom('distribution_entries')
    .select([
      sql<string>`to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`.as('month'),
      sql<string>`sum(CASE WHEN kind = 'commission' THEN amount_fen ELSE -amount_fen END)::text`.as('fen'),
    ])
    .where('main_id', '=', tenantId)
    .where('kind', 'in', ['commission', 'commission_refund'])
    .where('created_at', '>=', sql<Date>`now() - interval '12 months'`)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

/** What moved the balance: a commission in, a commission a refund took back, a withdrawal paid out. */
export type EntryKind = 'commission' | 'commission_refund' | 'withdrawal';

export type EntryValues = {
  main_id: number;
  transaction_id: string;
  parent_user_id: number;
  number: string;
  capital_flows: 'INTO' | 'OUT';
  kind: EntryKind;
  amount_fen: number;
  balance_after_fen: number;
  created_at: Date;
  updated_at: Date;
};

export function insertEntry(tx: Db, values: EntryValues) {
  return tx.insertInto('distribution_entries').values(values).returning('id').executeTakeFirstOrThrow();
}

/** The commission an order earned: its distributor and amount, when it earned one. */
export function findCommissionOf(db: Db, orderCode: string) {
  return db
    .selectFrom('distribution_entries')
    .select(['main_id', 'amount_fen'])
    .where('transaction_id', '=', commissionEntryId(orderCode))
    .where('kind', '=', 'commission')
    .executeTakeFirst();
}

/** The bill row id of an order's commission (unique, so the row is found by its index). */
export const commissionEntryId = (orderCode: string) => `DC${orderCode}`.slice(0, 64);

/** A distributor's commission rate in basis points, when one was set. */
export function findRate(db: Db, tenantId: number) {
  return db.selectFrom('distribution_rates').select('rate_bp').where('main_id', '=', tenantId).executeTakeFirst();
}

export function upsertRate(tx: Db, tenantId: number, rateBp: number) {
  return tx
    .insertInto('distribution_rates')
    .values({ main_id: tenantId, rate_bp: rateBp })
    .onConflict((oc) => oc.column('main_id').doUpdateSet({ rate_bp: rateBp, updated_at: sql`now()` }))
    .execute();
}

/** A page of withdrawals, newest first. */
export function findWithdrawalPage(db: Db, f: WithdrawalFilter, page: { limit: number; offset: number }) {
  return withdrawalQuery(db, f)
    .select(WITHDRAWAL_COLUMNS)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many withdrawals of the filter have their time column within `edge`. */
export async function countWithdrawals(db: Db, f: WithdrawalFilter, edge: Edge): Promise<number> {
  const row = await withdrawalQuery(db, f)
    .where(inEdge(`w.${f.timeColumn}`, edge))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next keyset page of withdrawals after `after`, newest first, their times as text in `zone`. */
export function findWithdrawalExportPage(
  db: Db,
  f: WithdrawalFilter,
  zone: string,
  after: KeysetKey | undefined,
  limit: number,
) {
  return withdrawalQuery(db, f)
    .select([
      'w.id',
      keysetTime('w.created_at').as('keyset_at'),
      'w.transaction_id',
      'w.bank_name',
      'w.bank_number',
      'w.user_name',
      'w.amount_fen',
      'w.status',
      readerTime('w.created_at', zone).as('created'),
      readerTime('w.reviewed_at', zone).as('reviewed'),
      'w.remark',
    ])
    .$if(after !== undefined, (qb) => qb.where(keysetBefore('w.created_at', 'w.id', after!)))
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A page of withdrawals for operators, with the tenant's name, oldest first when `oldestFirst`
 * (ties by id, ascending either way), and how many match.
 */
export async function findWithdrawalPageForOps(
  db: Db,
  f: WithdrawalFilter,
  page: { oldestFirst: boolean; limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    withdrawalQuery(db, f)
      .innerJoin('users as u', 'u.id', 'w.main_id')
      .select([...WITHDRAWAL_COLUMNS, 'u.user_name as tenant_name'])
      .orderBy('w.created_at', page.oldestFirst ? 'asc' : 'desc')
      .orderBy('w.id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    withdrawalQuery(db, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function insertWithdrawal(
  tx: Db,
  values: {
    main_id: number;
    transaction_id: string;
    amount_fen: number;
    bank_name: string;
    bank_number: string;
    user_name: string;
  },
) {
  return tx.insertInto('distribution_withdrawals').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Whose a withdrawal is. */
export function findWithdrawalOwner(db: Db, transactionId: string) {
  return db
    .selectFrom('distribution_withdrawals')
    .select('main_id')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** Whether a withdrawal exists (its id). */
export function findWithdrawalId(db: Db, transactionId: string) {
  return db
    .selectFrom('distribution_withdrawals')
    .select('id')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** An operator's decision: a guarded update from `from`; undefined when the withdrawal was not there. */
export function decideWithdrawal(
  tx: Db,
  transactionId: string,
  d: { from: number; status: number; remark: string; imageUrl: string; reviewedBy: number },
) {
  return tx
    .updateTable('distribution_withdrawals')
    .set({
      status: d.status,
      remark: d.remark,
      image_url: d.imageUrl,
      reviewed_at: sql`now()`,
      reviewed_by: d.reviewedBy,
    })
    .where('transaction_id', '=', transactionId)
    .where('status', '=', d.from)
    .returningAll()
    .executeTakeFirst();
}

/** The tenant's saved bank cards (withdrawal, base). */
export function findBankAccounts(db: Db, tenantId: number) {
  return db
    .selectFrom('distribution_bank_accounts')
    .select(['kind', 'user_name', 'bank_name', 'bank_number'])
    .where('main_id', '=', tenantId)
    .execute();
}

/** The bank card of the tenant's supplier application (read only; the supplier module owns it). */
export function findSupplierBankCard(db: Db, tenantId: number) {
  return db
    .selectFrom('supplier_applications')
    .select(['username', 'bank_name', 'bank_number'])
    .where('main_id', '=', tenantId)
    .executeTakeFirst();
}

export function upsertBankAccount(
  tx: Db,
  tenantId: number,
  kind: 'withdrawal' | 'base',
  info: { user_name: string; bank_name: string; bank_number: string },
) {
  return tx
    .insertInto('distribution_bank_accounts')
    .values({ main_id: tenantId, kind, ...info })
    .onConflict((oc) => oc.columns(['main_id', 'kind']).doUpdateSet({ ...info, updated_at: sql`now()` }))
    .execute();
}

/** An account by id with its type (1: a main account) and name (read only; the accounts module owns it). */
export function findAccountOf(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'user_name', 'user_type']).where('id', '=', id).executeTakeFirst();
}

/** A page of distributors (the flag set), newest tenant first, with rate and balance, and how many there are. */
export async function findDistributorPage(db: Db, page: { limit: number; offset: number }) {
  const base = db
    .selectFrom('distribution_settings as s')
    .innerJoin('users as u', 'u.id', 's.main_id')
    .where('s.is_show_distributor', '=', true);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('distribution_rates as r', 'r.main_id', 's.main_id')
      .leftJoin('ledger_accounts as a', (j) =>
        j.onRef('a.tenant_id', '=', 's.main_id').on('a.kind', '=', 'distribution').on('a.provider', '=', ''),
      )
      .select(['s.main_id', 'u.user_name', 'r.rate_bp', 'a.balance', 'a.pending'])
      .orderBy('s.main_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
