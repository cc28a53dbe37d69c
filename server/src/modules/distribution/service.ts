import {
  DEFAULT_COMMISSION_RATE_BP,
  WITHDRAWAL_STATUS_ALL,
  type TBankInfo,
  type TBankInfoSave,
  type TDistributionBalance,
  type TDistributionBill,
  type TDistributionBillQuery,
  type TDistributionBillRow,
  type TEarnings,
  type TWithdrawalApply,
  type TWithdrawalList,
  type TWithdrawalQuery,
  type TWithdrawalRow,
} from '@seller-centre/contract/distribution';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { yuanToFen } from '@seller-centre/contract/money';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { transaction, type Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { keysetPages, type KeysetKey } from '../../platform/exports/registry.ts';
import { balanceOf, freeze, transfer, type AccountRef } from '../../platform/ledger/index.ts';
import { keptTotal, pageAndTotal, type Edge } from '../../platform/kept-counts.ts';
import { threadRow, type BalanceChain } from '../../platform/running-balance.ts';
import { parseBillTime } from '@seller-centre/contract/quota';
import { inviterOf } from '../invitations/service.ts';
import { unitsToTakeBack, type OrderRefund } from '../orders/service.ts';
import { isDistributor } from '../profile/service.ts';
import * as repo from './repository.ts';
import type { BillFilter, WithdrawalFilter } from './repository.ts';

export const distributionAccount = (tenantId: number): AccountRef => ({ tenantId, kind: 'distribution' });
const PAYABLE: AccountRef = { operator: 'commissions_payable' };
const IN_FLIGHT: AccountRef = { operator: 'withdrawals_in_flight' };

/**
 * The bill's running balance (the posted balance: a pending withdrawal is not in the bill): by
 * time then id, INTO adding and OUT taking its amount. Writers of one distributor's rows take
 * turns on its ledger account's row, which the transfer or post before the row holds locked.
 */
export const DISTRIBUTION_CHAIN: BalanceChain = {
  table: 'distribution_entries',
  owner: 'main_id',
  time: 'created_at',
  balance: 'balance_after_fen',
  effect: sql<number>`CASE WHEN capital_flows = 'INTO' THEN amount_fen ELSE -amount_fen END`,
};

/** Writes a bill row with its running balance, right after the ledger moved its money. */
export async function writeEntry(
  tx: Db,
  row: Omit<repo.EntryValues, 'balance_after_fen' | 'created_at' | 'updated_at'>,
): Promise<void> {
  const { balance } = await balanceOf(tx, distributionAccount(row.main_id));
  const effect = row.capital_flows === 'INTO' ? row.amount_fen : -row.amount_fen;
  await threadRow(
    tx,
    DISTRIBUTION_CHAIN,
    { ownerId: row.main_id, at: undefined, effect, ledgerBalance: balance },
    (balanceAfter, at) =>
      repo.insertEntry(tx, { ...row, balance_after_fen: balanceAfter, created_at: at, updated_at: at }),
  );
}

function mainOnly(principal: Principal) {
  if (principal.userType !== 1) throw AppError.forbidden('distributionMainOnly');
}

/* ───────────── commission ───────────── */

export async function rateOf(db: Db, tenantId: number): Promise<number> {
  const row = await repo.findRate(db, tenantId);
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
  order: { orderCode: string; buyerTenantId: number; amountFen: number; deposit: boolean },
): Promise<void> {
  // A top-up is the buyer's own money held for later charges, not a sale: it earns nothing.
  if (order.deposit || order.amountFen <= 0) return;
  const inviter = await inviterOf(tx, order.buyerTenantId);
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
  await writeEntry(tx, {
    main_id: inviter,
    transaction_id: repo.commissionEntryId(order.orderCode),
    parent_user_id: order.buyerTenantId,
    number: order.orderCode,
    capital_flows: 'INTO',
    kind: 'commission',
    amount_fen: amount,
  });
}

/**
 * On a refund of an order that earned a commission, in the refund's transaction: the commission
 * goes back to the operator in proportion to the money given back (the shares rounded down as the
 * refunds add up, so the whole refund takes back exactly the whole commission), as an OUT row of
 * the distributor's bill naming the order. What the distributor has since withdrawn or asked to
 * withdraw cannot be taken back: the refund takes what is left, and the rest stays the operator's
 * loss, as the balance never goes below 0. Keyed by the refund number, so it happens once.
 */
export async function takeBackCommission(
  tx: Db,
  refunded: { orderCode: string; buyerTenantId: number; paidFen: number; refund: OrderRefund },
): Promise<string | undefined> {
  const earned = await repo.findCommissionOf(tx, refunded.orderCode);
  if (!earned) return undefined;
  const due = unitsToTakeBack(earned.amount_fen, refunded.paidFen, refunded.refund);
  if (due <= 0) return undefined;
  const account = distributionAccount(earned.main_id);
  const takeBack = (amount: number) =>
    transfer(tx, {
      key: `commission-refund:${refunded.refund.refundNo}`,
      from: account,
      to: PAYABLE,
      amount,
      memo: `commission on ${refunded.orderCode} taken back by refund ${refunded.refund.refundNo}`,
    });
  let taken = due;
  try {
    await takeBack(due);
  } catch (error) {
    if (!(error instanceof AppError && error.key === 'ledgerInsufficientFunds')) throw error;
    // The ledger refused the whole amount and kept no trace of the attempt: take what is there.
    // A withdrawal asked for in between makes this one a 409 too, and the refund is asked again.
    const held = await balanceOf(tx, account);
    taken = Math.max(0, Math.min(due, held.balance - held.pending - (held.floor ?? 0)));
    if (taken > 0) await takeBack(taken);
  }
  if (taken > 0) {
    await writeEntry(tx, {
      main_id: earned.main_id,
      transaction_id: `DR${refunded.refund.refundNo}`.slice(0, 64),
      parent_user_id: refunded.buyerTenantId,
      number: refunded.orderCode,
      capital_flows: 'OUT',
      kind: 'commission_refund',
      amount_fen: taken,
    });
  }
  const withdrawn = due - taken;
  return (
    `commission ${fenToYuan(taken)} of ${fenToYuan(due)} taken back from distributor ${earned.main_id}` +
    (withdrawn > 0 ? ` (${fenToYuan(withdrawn)} already withdrawn)` : '')
  );
}

/* ───────────── seller reads ───────────── */

/** What can be withdrawn now: the balance less withdrawals in flight. */
export async function getDistributionBalance(db: Db, principal: Principal): Promise<TDistributionBalance> {
  const b = await balanceOf(db, distributionAccount(principal.tenantId));
  return { current_balance: fenToYuan(b.balance - b.pending) };
}

function billFilterOf(tenantId: number, q: Omit<TDistributionBillQuery, 'page' | 'page_size'>): BillFilter | null {
  const f: BillFilter = {
    tenantId,
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
  const f = billFilterOf(principal.tenantId, q);
  const empty = { data: [], total: 0, current_page: q.page, page_size: q.page_size };
  if (!f) return empty;
  const offset = (q.page - 1) * q.page_size;
  const [rows, count] = await pageAndTotal(
    {
      offset,
      size: q.page_size,
      rows: () => repo.findBillPage(db, f, { limit: q.page_size, offset }),
    },
    { counted: billSearched(f), of: () => billTotal(db, f) },
  );
  return { ...empty, data: rows.map(billRowOf), total: count };
}

const billSearched = (f: BillFilter) =>
  f.transactionId !== undefined || f.number !== undefined || f.parentUserId !== undefined;

/** The bill's total: kept counters by direction over time; a search is counted with its index. */
async function billTotal(db: Db, f: BillFilter): Promise<number> {
  const exact = (edge: Edge) => repo.countBill(db, { ...f, from: undefined, to: undefined }, edge);
  if (billSearched(f)) return exact({ from: f.from, to: f.to });
  return keptTotal(db, {
    list: 'distribution_bill',
    ownerId: f.tenantId,
    keys: { k1: f.capitalFlows ? [f.capitalFlows] : undefined },
    from: f.from,
    to: f.to,
    exact,
  });
}

/** Withdrawals' total: kept counters by status over the time applied; otherwise counted. */
async function withdrawalTotal(db: Db, f: WithdrawalFilter): Promise<number> {
  const exact = (edge: Edge) => repo.countWithdrawals(db, { ...f, from: undefined, to: undefined }, edge);
  const searched = f.transactionId !== undefined || f.bankNumber !== undefined;
  if (f.tenantId === undefined || searched || f.timeColumn !== 'created_at') return exact({ from: f.from, to: f.to });
  return keptTotal(db, {
    list: 'withdrawal',
    ownerId: f.tenantId,
    keys: { k1: f.status !== undefined ? [String(f.status)] : undefined },
    from: f.from,
    to: f.to,
    exact,
  });
}

/** Who reads an export: its language and the time zone its times are printed in. */
export type ExportReader = { lang: TLanguage; zone: string };

/** The product's business time zone (UTC+08:00): an export's times when the reader sends none. */
export const BUSINESS_ZONE = 'Asia/Shanghai';

/**
 * The reader's time zone if the database knows it, else business time: an export's times are
 * printed by the database (`readerTime` in repository.ts), so a zone it cannot read would end
 * the download.
 */
export async function exportZone(db: Db, zone: string | undefined): Promise<string> {
  if (!zone) return BUSINESS_ZONE;
  return (await repo.isKnownTimeZone(db, zone)) ? zone : BUSINESS_ZONE;
}

const words = (zh: string, kr: string, th: string): Record<TLanguage, string> => ({ zh, kr, th });

/** The bill export's column titles, in file order: the list's columns, as the page names them. */
const BILL_EXPORT_TITLES = [
  words('交易编号', '거래 번호', 'เลขที่รายการ'),
  words('下级用户ID', '하위 사용자 ID', 'ID ผู้ใช้ที่แนะนำ'),
  words('订单号', '주문 번호', 'เลขที่คำสั่งซื้อ'),
  words('资金流向', '자금 흐름', 'ทิศทางเงิน'),
  words('金额', '금액', 'จำนวนเงิน'),
  words('分销余额', '유통 잔액', 'ยอดคงเหลือ'),
  words('创建时间', '생성 시간', 'เวลาที่สร้าง'),
  words('更新时间', '수정 시간', 'เวลาที่อัปเดต'),
];
export const billExportHeader = (lang: TLanguage): string[] => BILL_EXPORT_TITLES.map((t) => t[lang]);

const FLOW_WORDS: Record<'INTO' | 'OUT', Record<TLanguage, string>> = {
  INTO: words('收入', '수입', 'รายรับ'),
  OUT: words('支出', '지출', 'รายจ่าย'),
};

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

/**
 * Every row of the filter as CSV cells in `BILL_EXPORT_HEADER` order, newest first, a keyset
 * page at a time (an index range each, whatever the depth), so no export holds them all.
 */
export async function* distributionBillCsvRows(
  db: Db,
  principal: Principal,
  q: Omit<TDistributionBillQuery, 'page' | 'page_size'>,
  reader: ExportReader,
): AsyncGenerator<unknown[][]> {
  const f = billFilterOf(principal.tenantId, q);
  if (!f) return;
  const page = (after: KeysetKey | undefined, limit: number) =>
    repo.findBillExportPage(db, f, reader.zone, after, limit);
  yield* csvPages(page, (r) => [
    r.transaction_id,
    r.parent_user_id,
    r.number,
    FLOW_WORDS[r.capital_flows as 'INTO' | 'OUT']?.[reader.lang] ?? r.capital_flows,
    fenToYuan(r.amount_fen),
    fenToYuan(r.balance_after_fen),
    r.created,
    r.updated,
  ]);
}

export function withdrawalFilterOf(
  tenantId: number | undefined,
  q: Omit<TWithdrawalQuery, 'page' | 'page_size'>,
): WithdrawalFilter {
  const f: WithdrawalFilter = {
    tenantId,
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

export function withdrawalRowOf(r: WithdrawalDbRow): TWithdrawalRow {
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
  const f = withdrawalFilterOf(principal.tenantId, q);
  const [rows, count] = await Promise.all([
    repo.findWithdrawalPage(db, f, { limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    withdrawalTotal(db, f),
  ]);
  return { data: rows.map(withdrawalRowOf), total: count, current_page: q.page, page_size: q.page_size };
}

/** The withdrawal export's column titles, in file order: the list's columns, as the page names them. */
const WITHDRAWAL_EXPORT_TITLES = [
  words('交易编号', '거래 번호', 'เลขที่รายการ'),
  words('开户银行', '은행', 'ธนาคาร'),
  words('银行卡号', '카드 번호', 'เลขที่บัญชีธนาคาร'),
  words('开户人', '예금주', 'ชื่อบัญชี'),
  words('金额', '금액', 'จำนวนเงิน'),
  words('审核状态', '심사 상태', 'สถานะการตรวจสอบ'),
  words('申请时间', '신청 시간', 'เวลาที่ขอ'),
  words('审核时间', '심사 시간', 'เวลาที่ตรวจสอบ'),
  words('审核备注', '심사 비고', 'หมายเหตุการตรวจสอบ'),
];
export const withdrawalExportHeader = (lang: TLanguage): string[] => WITHDRAWAL_EXPORT_TITLES.map((t) => t[lang]);

const STATUS_WORDS: Record<number, Record<TLanguage, string>> = {
  0: words('待审核', '심사 대기', 'รอตรวจสอบ'),
  1: words('审核通过', '승인됨', 'อนุมัติแล้ว'),
  2: words('审核失败', '실패', 'ไม่สำเร็จ'),
};

/** Every withdrawal of the filter as CSV cells in `WITHDRAWAL_EXPORT_HEADER` order, newest first, by keyset pages. */
export async function* withdrawalCsvRows(
  db: Db,
  principal: Principal,
  q: Omit<TWithdrawalQuery, 'page' | 'page_size'>,
  reader: ExportReader,
): AsyncGenerator<unknown[][]> {
  const f = withdrawalFilterOf(principal.tenantId, q);
  const page = (after: KeysetKey | undefined, limit: number) =>
    repo.findWithdrawalExportPage(db, f, reader.zone, after, limit);
  yield* csvPages(page, (r) => [
    r.transaction_id,
    r.bank_name,
    r.bank_number,
    r.user_name,
    fenToYuan(r.amount_fen),
    STATUS_WORDS[r.status]?.[reader.lang] ?? r.status,
    r.created,
    r.reviewed ?? '',
    r.remark,
  ]);
}

/** Commission earned per month (business time, UTC+8), the last 12 months with earnings. */
export async function getEarnings(db: Db, principal: Principal): Promise<TEarnings> {
  const rows = await repo.findMonthlyEarnings(db, principal.tenantId);
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
      const row = await repo.insertWithdrawal(tx, {
        main_id: principal.tenantId,
        transaction_id: transactionId,
        amount_fen: amount,
        bank_name: input.bank_name,
        bank_number: input.bank_number,
        user_name: input.user_name,
      });
      await freeze(tx, {
        key: `withdrawal:${transactionId}`,
        from: distributionAccount(principal.tenantId),
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
  const rows = await repo.findBankAccounts(db, principal.tenantId);
  const found = rows.find((r) => r.kind === 'withdrawal') ?? rows.find((r) => r.kind === 'base');
  if (found) return { user_name: found.user_name, bank_name: found.bank_name, bank_number: found.bank_number };
  // Before any withdrawal info, the bank card of the supplier application.
  const applied = await repo.findSupplierBankCard(db, principal.tenantId);
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
      await repo.upsertBankAccount(tx, principal.tenantId, kind, info);
    }
  });
  return info;
}
