import {
  DEFAULT_COMMISSION_RATE_BP,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_STATUS_ALL,
  voucherUrlOf,
  type TBankInfo,
  type TBankInfoSave,
  type TDistributionBalance,
  type TDistributionBill,
  type TDistributionBillQuery,
  type TDistributionBillRow,
  type TEarnings,
  type TOpsDistributor,
  type TOpsWithdrawal,
  type TWithdrawalApply,
  type TWithdrawalList,
  type TWithdrawalQuery,
  type TWithdrawalRow,
} from '@seller-centre/contract/distribution';
import { yuanToFen } from '@seller-centre/contract/money';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { transaction, type Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { keysetBefore, keysetPages, keysetTime, type KeysetKey } from '../../platform/exports/registry.ts';
import { assertOwnedUploads } from '../../platform/uploads/service.ts';
import { balanceOf, freeze, post, transfer, voidPending, type AccountRef } from '../../platform/ledger/index.ts';
import { inEdge, keptTotal, pageAndTotal, type Edge } from '../../platform/kept-counts.ts';
import { parseBillTime } from '@seller-centre/contract/quota';
import { inviterOf } from '../invitations/service.ts';
import { isDistributor, setDistributorFlag } from '../profile/service.ts';
import {
  BILL_COLUMNS,
  billQuery,
  WITHDRAWAL_COLUMNS,
  withdrawalQuery,
  type BillFilter,
  type WithdrawalFilter,
} from './repository.ts';

export type OpsActor = { operatorId: number; accountName: string; ip: string };

const distributionAccount = (tenantId: number): AccountRef => ({ tenantId, kind: 'distribution' });
const PAYABLE: AccountRef = { operator: 'commissions_payable' };
const IN_FLIGHT: AccountRef = { operator: 'withdrawals_in_flight' };

function mainOnly(principal: Principal) {
  if (principal.userType !== 1) throw AppError.forbidden('distributionMainOnly');
}

/* ───────────── commission ───────────── */

async function rateOf(db: Db, mainId: number): Promise<number> {
  const row = await db
    .selectFrom('distribution_rates')
    .select('rate_bp')
    .where('main_id', '=', mainId)
    .executeTakeFirst();
  return row?.rate_bp ?? DEFAULT_COMMISSION_RATE_BP;
}

const billTime = (text: string | undefined, edge: 'from' | 'to') =>
  text ? new Date(parseBillTime(text, edge)) : undefined;

/** The commission of an order: the rate's share, rounded down to the fen. */
export function commissionOf(amountFen: number, rateBp: number): number {
  return Math.floor((amountFen * rateBp) / 10_000);
}

/**
 * Pays the distributor who invited the buyer its commission on a paid plan or value-added
 * package (not a top-up), inside the
 * transaction that marks the order paid. Keyed by the order, so a repeated notification pays
 * nothing more: the ledger answers the replay and no second bill row is written.
 */
export async function earnCommission(
  tx: Db,
  order: { orderCode: string; buyerMainId: number; amountFen: number; deposit: boolean },
): Promise<void> {
  // A top-up is the buyer's own money held for later charges, not a sale: it earns nothing.
  if (order.deposit || order.amountFen <= 0) return;
  const inviter = await inviterOf(tx, order.buyerMainId);
  if (inviter === null || !(await isDistributor(tx, inviter))) return;
  const amount = commissionOf(order.amountFen, await rateOf(tx, inviter));
  if (amount <= 0) return;
  const moved = await transfer(tx, {
    key: `commission:${order.orderCode}`,
    from: PAYABLE,
    to: distributionAccount(inviter),
    amount,
    memo: `commission on ${order.orderCode}`,
  });
  if (!moved.applied) return;
  const { balance } = await balanceOf(tx, distributionAccount(inviter));
  await tx
    .insertInto('distribution_entries')
    .values({
      main_id: inviter,
      transaction_id: `DC${order.orderCode}`.slice(0, 64),
      parent_user_id: order.buyerMainId,
      number: order.orderCode,
      capital_flows: 'INTO',
      amount_fen: amount,
      balance_after_fen: balance,
    })
    .execute();
}

/* ───────────── seller reads ───────────── */

/** What can be withdrawn now: the balance less withdrawals in flight. */
export async function getDistributionBalance(db: Db, principal: Principal): Promise<TDistributionBalance> {
  const b = await balanceOf(db, distributionAccount(principal.mainId));
  return { current_balance: fenToYuan(b.balance - b.pending) };
}

function billFilterOf(mainId: number, q: Omit<TDistributionBillQuery, 'page' | 'page_size'>): BillFilter | null {
  const f: BillFilter = {
    mainId,
    capitalFlows: q.capital_flows || undefined,
    from: billTime(q.time_from, 'from'),
    to: billTime(q.time_to, 'to'),
  };
  const text = q.search_value?.trim();
  if (q.search_type && text) {
    if (q.search_type === 'transaction_id') f.transactionId = text;
    else if (q.search_type === 'number') f.number = text;
    else {
      // A user id is digits; any other text matches nothing.
      if (!/^\d{1,15}$/.test(text)) return null;
      f.parentUserId = Number(text);
    }
  }
  return f;
}

type BillRow = {
  transaction_id: string;
  parent_user_id: number;
  number: string;
  capital_flows: string;
  amount_fen: number;
  balance_after_fen: number;
  created_at: Date;
  updated_at: Date;
};

function billRowOf(r: BillRow): TDistributionBillRow {
  return {
    transaction_id: r.transaction_id,
    parent_user_id: r.parent_user_id,
    number: r.number,
    capital_flows: r.capital_flows as 'INTO' | 'OUT',
    transaction_money: fenToYuan(r.amount_fen),
    current_distribution_balance: fenToYuan(r.balance_after_fen),
    sys_create_time: r.created_at.toISOString(),
    sys_update_time: r.updated_at.toISOString(),
  };
}

export async function listDistributionBill(
  db: Db,
  principal: Principal,
  q: TDistributionBillQuery,
): Promise<TDistributionBill> {
  const f = billFilterOf(principal.mainId, q);
  const empty = { data: [], total: 0, current_page: q.page, page_size: q.page_size };
  if (!f) return empty;
  const offset = (q.page - 1) * q.page_size;
  const [rows, count] = await pageAndTotal(
    {
      offset,
      size: q.page_size,
      rows: () =>
        billQuery(db, f)
          .select(BILL_COLUMNS)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.page_size)
          .offset(offset)
          .execute(),
    },
    { counted: billSearched(f), of: () => billTotal(db, f) },
  );
  return { ...empty, data: rows.map(billRowOf), total: count };
}

const billSearched = (f: BillFilter) =>
  f.transactionId !== undefined || f.number !== undefined || f.parentUserId !== undefined;

/** The bill's total: kept counters by direction over time; a search is counted with its index. */
async function billTotal(db: Db, f: BillFilter): Promise<number> {
  const exact = async (edge: Edge) =>
    Number(
      (
        await billQuery(db, { ...f, from: undefined, to: undefined })
          .where(inEdge('created_at', edge))
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if (billSearched(f)) return exact({ from: f.from, to: f.to });
  return keptTotal(db, {
    list: 'distribution_bill',
    ownerId: f.mainId,
    keys: { k1: f.capitalFlows ? [f.capitalFlows] : undefined },
    from: f.from,
    to: f.to,
    exact,
  });
}

/** Withdrawals' total: kept counters by status over the time applied; otherwise counted. */
async function withdrawalTotal(db: Db, f: WithdrawalFilter): Promise<number> {
  const exact = async (edge: Edge) =>
    Number(
      (
        await withdrawalQuery(db, { ...f, from: undefined, to: undefined })
          .where(inEdge(`w.${f.timeColumn}`, edge))
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const searched = f.transactionId !== undefined || f.bankNumber !== undefined;
  if (f.mainId === undefined || searched || f.timeColumn !== 'created_at') return exact({ from: f.from, to: f.to });
  return keptTotal(db, {
    list: 'withdrawal',
    ownerId: f.mainId,
    keys: { k1: f.status !== undefined ? [String(f.status)] : undefined },
    from: f.from,
    to: f.to,
    exact,
  });
}

/**
 * A timestamp as `toISOString` writes it (UTC, milliseconds cut, not rounded), printed by the
 * database: the driver parsing a million Dates and JS printing them again was a third of an
 * export's time, and most of its garbage.
 */
const isoText = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The bill export's columns, in file order: the list's fields. */
export const BILL_EXPORT_HEADER = [
  'transaction_id',
  'parent_user_id',
  'number',
  'capital_flows',
  'transaction_money',
  'current_distribution_balance',
  'sys_create_time',
  'sys_update_time',
] as const;

/**
 * The rows of a keyset-paged query as CSV cells, a page at a time (the next page is read while
 * this one is written; see `keysetPages`): `cells` gives a row's cells in its header's order.
 */
async function* csvPages<Row extends KeysetKey>(
  page: (after: KeysetKey | undefined, limit: number) => Promise<Row[]>,
  cells: (row: Row) => unknown[],
): AsyncGenerator<unknown[][]> {
  for await (const rows of keysetPages(page)) yield rows.map(cells);
}

type TimeColumn = 'created_at' | 'updated_at';
/** The list's columns but its times, which an export selects as text (`isoText`). */
const BILL_EXPORT_COLUMNS = BILL_COLUMNS.filter((c): c is Exclude<(typeof BILL_COLUMNS)[number], TimeColumn> => {
  return c !== 'created_at' && c !== 'updated_at';
});

/**
 * Every row of the filter as CSV cells in `BILL_EXPORT_HEADER` order, newest first, a keyset
 * page at a time (an index range each, whatever the depth), so no export holds them all.
 */
export async function* distributionBillCsvRows(
  db: Db,
  principal: Principal,
  q: Omit<TDistributionBillQuery, 'page' | 'page_size'>,
): AsyncGenerator<unknown[][]> {
  const f = billFilterOf(principal.mainId, q);
  if (!f) return;
  const page = (after: KeysetKey | undefined, limit: number) =>
    billQuery(db, f)
      .select([
        ...BILL_EXPORT_COLUMNS,
        keysetTime('created_at').as('keyset_at'),
        isoText('created_at').as('created'),
        isoText('updated_at').as('updated'),
      ])
      .$if(after !== undefined, (qb) => qb.where(keysetBefore('created_at', 'id', after!)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  yield* csvPages(page, (r) => [
    r.transaction_id,
    r.parent_user_id,
    r.number,
    r.capital_flows,
    fenToYuan(r.amount_fen),
    fenToYuan(r.balance_after_fen),
    r.created,
    r.updated,
  ]);
}

function withdrawalFilterOf(
  mainId: number | undefined,
  q: Omit<TWithdrawalQuery, 'page' | 'page_size'>,
): WithdrawalFilter {
  const f: WithdrawalFilter = {
    mainId,
    status: q.status === undefined || q.status === WITHDRAWAL_STATUS_ALL ? undefined : q.status,
    timeColumn: q.time_type === 'review_time' ? 'reviewed_at' : 'created_at',
    from: billTime(q.time_from, 'from'),
    to: billTime(q.time_to, 'to'),
  };
  const text = q.search_value?.trim();
  if (q.search_type && text) {
    if (q.search_type === 'transaction_id') f.transactionId = text;
    else f.bankNumber = text.replace(/\s+/g, '');
  }
  return f;
}

type WithdrawalDbRow = {
  transaction_id: string;
  bank_name: string;
  bank_number: string;
  user_name: string;
  amount_fen: number;
  status: number;
  created_at: Date;
  reviewed_at: Date | null;
  image_url: string;
  remark: string;
};

function withdrawalRowOf(r: WithdrawalDbRow): TWithdrawalRow {
  return {
    transaction_id: r.transaction_id,
    bank_name: r.bank_name,
    bank_number: r.bank_number,
    user_name: r.user_name,
    transaction_money: fenToYuan(r.amount_fen),
    status: r.status,
    sys_create_time: r.created_at.toISOString(),
    review_time: r.reviewed_at?.toISOString() ?? null,
    image_url: r.image_url,
    remark: r.remark,
  };
}

export async function listWithdrawals(db: Db, principal: Principal, q: TWithdrawalQuery): Promise<TWithdrawalList> {
  const f = withdrawalFilterOf(principal.mainId, q);
  const [rows, count] = await Promise.all([
    withdrawalQuery(db, f)
      .select(WITHDRAWAL_COLUMNS)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    withdrawalTotal(db, f),
  ]);
  return { data: rows.map(withdrawalRowOf), total: count, current_page: q.page, page_size: q.page_size };
}

/** The withdrawal export's columns, in file order: the list's fields. */
export const WITHDRAWAL_EXPORT_HEADER = [
  'transaction_id',
  'bank_name',
  'bank_number',
  'user_name',
  'transaction_money',
  'status',
  'sys_create_time',
  'review_time',
  'remark',
] as const;

/** Every withdrawal of the filter as CSV cells in `WITHDRAWAL_EXPORT_HEADER` order, newest first, by keyset pages. */
export async function* withdrawalCsvRows(
  db: Db,
  principal: Principal,
  q: Omit<TWithdrawalQuery, 'page' | 'page_size'>,
): AsyncGenerator<unknown[][]> {
  const f = withdrawalFilterOf(principal.mainId, q);
  const page = (after: KeysetKey | undefined, limit: number) =>
    withdrawalQuery(db, f)
      .select([
        'w.id',
        keysetTime('w.created_at').as('keyset_at'),
        'w.transaction_id',
        'w.bank_name',
        'w.bank_number',
        'w.user_name',
        'w.amount_fen',
        'w.status',
        isoText('w.created_at').as('created'),
        isoText('w.reviewed_at').as('reviewed'),
        'w.remark',
      ])
      .$if(after !== undefined, (qb) => qb.where(keysetBefore('w.created_at', 'w.id', after!)))
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit)
      .execute();
  yield* csvPages(page, (r) => [
    r.transaction_id,
    r.bank_name,
    r.bank_number,
    r.user_name,
    fenToYuan(r.amount_fen),
    r.status,
    r.created,
    r.reviewed,
    r.remark,
  ]);
}

/** Commission earned per month (business time, UTC+8), the last 12 months with earnings. */
export async function getEarnings(db: Db, principal: Principal): Promise<TEarnings> {
  const rows = await db
    .selectFrom('distribution_entries')
    .select([
      sql<string>`to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`.as('month'),
      sql<string>`sum(amount_fen)::text`.as('fen'),
    ])
    .where('main_id', '=', principal.mainId)
    .where('capital_flows', '=', 'INTO')
    .where('created_at', '>=', sql<Date>`now() - interval '12 months'`)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ month: r.month, amount: fenToYuan(Number(r.fen)) }));
}

/* ───────────── withdrawals ───────────── */

function newTransactionId(): string {
  const now = new Date(Date.now() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `W${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The number is made up, not counted: tests replace it to force two applications onto one. */
export const withdrawalIds = { next: newTransactionId };

/**
 * Applies for a withdrawal: the amount is frozen on the distribution balance (a pending ledger
 * transfer to the operator's in-flight account) in the transaction that writes the application.
 * The freeze is one guarded update, so concurrent applications never take the balance below 0.
 */
export async function applyWithdrawal(db: Db, principal: Principal, input: TWithdrawalApply): Promise<TWithdrawalRow> {
  mainOnly(principal);
  const amount = yuanToFen(input.transaction_money);
  if (amount <= 0) throw AppError.badRequest('withdrawalAboveZero');
  // A random number within one second can be drawn twice (about 2% for 200 applications in the
  // same second): the second is written again under a new number instead of failing.
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeWithdrawal(db, principal, input, amount);
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, 'distribution_withdrawals_transaction_id_key')) continue;
      throw error;
    }
  }
}

async function writeWithdrawal(
  db: Db,
  principal: Principal,
  input: TWithdrawalApply,
  amount: number,
): Promise<TWithdrawalRow> {
  try {
    return await transaction(db, async (tx) => {
      const transactionId = withdrawalIds.next();
      const row = await tx
        .insertInto('distribution_withdrawals')
        .values({
          main_id: principal.mainId,
          transaction_id: transactionId,
          amount_fen: amount,
          bank_name: input.bank_name,
          bank_number: input.bank_number,
          user_name: input.user_name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await freeze(tx, {
        key: `withdrawal:${transactionId}`,
        from: distributionAccount(principal.mainId),
        to: IN_FLIGHT,
        amount,
        memo: `withdrawal ${transactionId}`,
      });
      return withdrawalRowOf(row);
    });
  } catch (error) {
    if (error instanceof AppError && error.key === 'ledgerInsufficientFunds')
      throw AppError.badRequest('withdrawalAboveBalance');
    throw error;
  }
}

export async function getBankInfo(db: Db, principal: Principal): Promise<TBankInfo> {
  mainOnly(principal);
  const rows = await db
    .selectFrom('distribution_bank_accounts')
    .select(['kind', 'user_name', 'bank_name', 'bank_number'])
    .where('main_id', '=', principal.mainId)
    .execute();
  const found = rows.find((r) => r.kind === 'withdrawal') ?? rows.find((r) => r.kind === 'base');
  if (found) return { user_name: found.user_name, bank_name: found.bank_name, bank_number: found.bank_number };
  // Before any withdrawal info, the bank card of the supplier application.
  const applied = await db
    .selectFrom('supplier_applications')
    .select(['username', 'bank_name', 'bank_number'])
    .where('main_id', '=', principal.mainId)
    .executeTakeFirst();
  return applied
    ? { user_name: applied.username, bank_name: applied.bank_name, bank_number: applied.bank_number }
    : { user_name: '', bank_name: '', bank_number: '' };
}

/** Saves the withdrawal info; `checked` saves it as the base bank card info too. */
export async function saveBankInfo(db: Db, principal: Principal, input: TBankInfoSave): Promise<TBankInfo> {
  mainOnly(principal);
  const info = { user_name: input.user_name, bank_name: input.bank_name, bank_number: input.bank_number };
  const kinds = input.checked ? (['withdrawal', 'base'] as const) : (['withdrawal'] as const);
  await transaction(db, async (tx) => {
    for (const kind of kinds) {
      await tx
        .insertInto('distribution_bank_accounts')
        .values({ main_id: principal.mainId, kind, ...info })
        .onConflict((oc) => oc.columns(['main_id', 'kind']).doUpdateSet({ ...info, updated_at: sql`now()` }))
        .execute();
    }
  });
  return info;
}

/* ───────────── operator console ───────────── */

export async function listWithdrawalsForOps(
  db: Db,
  q: { status: number; page: number; page_size: number },
): Promise<{ total: number; data: TOpsWithdrawal[] }> {
  const f = withdrawalFilterOf(undefined, { status: q.status as 0 | 1 | 2 | 4 });
  const [rows, count] = await Promise.all([
    withdrawalQuery(db, f)
      .innerJoin('users as u', 'u.id', 'w.main_id')
      .select([...WITHDRAWAL_COLUMNS, 'u.user_name as tenant_name'])
      .orderBy('w.created_at', q.status === WITHDRAWAL_STATUS.pending ? 'asc' : 'desc')
      .orderBy('w.id', 'asc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    withdrawalQuery(db, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    data: rows.map((r) => ({ ...withdrawalRowOf(r), tenant_id: r.main_id, tenant_name: r.tenant_name ?? '' })),
  };
}

/**
 * An operator's decision on a pending withdrawal. Approval posts the freeze (the money leaves
 * the distribution balance; an OUT row joins the bill with the balance after it) and keeps the
 * voucher and remark; failure releases it (the money is available again). The status moves
 * from 0 by one guarded update, so two decisions never both apply.
 */
export async function reviewWithdrawal(
  db: Db,
  actor: OpsActor,
  transactionId: string,
  decision: { approve: true; voucherUploadId: string; remark: string } | { approve: false; remark: string },
): Promise<TOpsWithdrawal> {
  return transaction(db, async (tx) => {
    if (decision.approve) {
      // The voucher must be an image uploaded for this withdrawal's tenant.
      const owner = await tx
        .selectFrom('distribution_withdrawals')
        .select('main_id')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      if (owner) await assertOwnedUploads(tx, owner.main_id, [decision.voucherUploadId], 'voucher_upload_id');
    }
    const status = decision.approve ? WITHDRAWAL_STATUS.approved : WITHDRAWAL_STATUS.failed;
    const row = await tx
      .updateTable('distribution_withdrawals')
      .set({
        status,
        remark: decision.remark,
        image_url: decision.approve ? voucherUrlOf(decision.voucherUploadId) : '',
        reviewed_at: sql`now()`,
        reviewed_by: actor.operatorId,
      })
      .where('transaction_id', '=', transactionId)
      .where('status', '=', WITHDRAWAL_STATUS.pending)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await tx
        .selectFrom('distribution_withdrawals')
        .select('id')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      throw exists ? AppError.conflict('withdrawalReviewed') : AppError.notFound('withdrawalNotFound');
    }
    const pendingKey = `withdrawal:${transactionId}`;
    if (decision.approve) {
      await post(tx, { key: `${pendingKey}:post`, pendingKey });
      const { balance } = await balanceOf(tx, distributionAccount(row.main_id));
      await tx
        .insertInto('distribution_entries')
        .values({
          main_id: row.main_id,
          transaction_id: transactionId,
          parent_user_id: row.main_id,
          number: transactionId,
          capital_flows: 'OUT',
          amount_fen: row.amount_fen,
          balance_after_fen: balance,
        })
        .execute();
    } else {
      await voidPending(tx, { key: `${pendingKey}:void`, pendingKey });
    }
    await writeOperatorAudit(tx, actor, {
      action: decision.approve ? 'withdrawal.approve' : 'withdrawal.fail',
      targetType: 'distribution_withdrawal',
      targetId: row.id,
      mainId: row.main_id,
      after: { status, remark: decision.remark, image_url: row.image_url },
    });
    return { ...withdrawalRowOf(row), tenant_id: row.main_id, tenant_name: '' };
  });
}

function percentOfBp(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

export async function listDistributors(
  db: Db,
  q: { page: number; page_size: number },
): Promise<{ total: number; data: TOpsDistributor[] }> {
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
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    data: rows.map((r) => ({
      tenant_id: r.main_id,
      tenant_name: r.user_name ?? '',
      is_distributor: true,
      commission_rate: percentOfBp(r.rate_bp ?? DEFAULT_COMMISSION_RATE_BP),
      current_balance: fenToYuan((r.balance ?? 0) - (r.pending ?? 0)),
    })),
  };
}

/** Sets a tenant's distributor flag and commission rate (percent with two decimals). */
export async function updateDistributor(
  db: Db,
  actor: OpsActor,
  tenantId: number,
  input: { is_distributor?: boolean | undefined; commission_rate?: string | undefined },
): Promise<TOpsDistributor> {
  return transaction(db, async (tx) => {
    const tenant = await tx
      .selectFrom('users')
      .select(['id', 'user_name', 'user_type'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!tenant || tenant.user_type !== 1) throw AppError.notFound('notFound');
    if (input.is_distributor !== undefined) await setDistributorFlag(tx, tenantId, input.is_distributor);
    if (input.commission_rate !== undefined) {
      const bp = yuanToFen(input.commission_rate);
      await tx
        .insertInto('distribution_rates')
        .values({ main_id: tenantId, rate_bp: bp })
        .onConflict((oc) => oc.column('main_id').doUpdateSet({ rate_bp: bp, updated_at: sql`now()` }))
        .execute();
    }
    await writeOperatorAudit(tx, actor, {
      action: 'distributor.update',
      targetType: 'tenant',
      targetId: tenantId,
      mainId: tenantId,
      after: input,
    });
    const b = await balanceOf(tx, distributionAccount(tenantId));
    return {
      tenant_id: tenantId,
      tenant_name: tenant.user_name ?? '',
      is_distributor: await isDistributor(tx, tenantId),
      commission_rate: percentOfBp(await rateOf(tx, tenantId)),
      current_balance: fenToYuan(b.balance - b.pending),
    };
  });
}
