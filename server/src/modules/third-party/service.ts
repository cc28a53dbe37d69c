import { createHash } from 'node:crypto';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  THIRD_PARTY_EXPORT_MODULE,
  ZThirdPartyFilters,
  type TThirdPartyFilters,
  type TThirdPartyList,
  type TThirdPartyListRequest,
  type TThirdPartyPostRequest,
  type TThirdPartyRow,
  type TThirdPartyType,
} from '@seller-centre/contract/third-party';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { yuanToFen } from '@seller-centre/contract/money';
import { parseBillTime } from '@seller-centre/contract/quota';
import { VALIDATION } from '@seller-centre/contract/validation';
import { sql } from 'kysely';
import { z } from 'zod';
import { transaction, type Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import { requirePermission } from '../../platform/permissions.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { keysetPages, registerExport, type KeysetKey } from '../../platform/exports/registry.ts';
import { addExportTask, listExportTasks, type ExportDeps, type ExportFormat } from '../../platform/exports/service.ts';
import { keptTotal, pageAndTotal } from '../../platform/kept-counts.ts';
import { balanceOf, transfer, type AccountRef } from '../../platform/ledger/index.ts';
import { findTenantShopByName } from '../reference-data/service.ts';
import { seededText } from '../../messages/seeded.ts';
import { threadRow, type BalanceChain } from '../../platform/running-balance.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import * as repo from './repository.ts';

/** The export type of the third-party bill on the shared export queue. */
export const THIRD_PARTY_EXPORT = 'third-party-bill';

export const SOURCE = { topUp: 1, suite: 2, operator: 3, seed: 4 } as const;

export type ThirdPartyPosting = {
  tenantId: number;
  transactionId: string;
  type: TThirdPartyType;
  flow: 'into' | 'out';
  amountFen: number;
  source: (typeof SOURCE)[keyof typeof SOURCE];
  /** The ledger key; `third_party:<transaction_id>` unless the caller already has one (an order). */
  ledgerKey?: string;
  /** The other side of the movement; the operator's revenue account unless said. */
  counterparty?: AccountRef;
  operatorId?: number;
  platform?: string;
  site?: string;
  ordersn?: string;
  warehouseOrderId?: string;
  shopName?: string;
  shopId?: string;
  remark?: string;
  transactionDate?: Date;
  /** When it was recorded; now unless said (demo history). */
  addedDate?: Date;
};

const thirdParty = (tenantId: number): AccountRef => ({ tenantId, kind: 'third_party' });

/** The bill's running balance: by time added then id, into adding and out taking its amount. */
export const THIRD_PARTY_CHAIN: BalanceChain = {
  table: 'third_party_transactions',
  owner: 'main_id',
  time: 'added_date',
  balance: 'balance_after_fen',
  effect: sql<number>`CASE WHEN capital_flows = 'into' THEN amount_fen ELSE -amount_fen END`,
};

/**
 * Moves money on a tenant's third-party balance and writes its bill row, in one transaction
 * (the caller's, when it passes one). The row's balance is read from the ledger account row the
 * transfer has just updated: that row stays locked until the commit, so postings racing on one
 * tenant each see the balance the one before left, and the bill's running balance always equals
 * the ledger's; the row's time added is the clock when it is written, so it follows the rows
 * committed before it, and a row given an earlier time re-threads the balances after it
 * (running-balance.ts). The same transaction id again changes nothing and answers the first
 * result; with different content it is a 409. An 'out' beyond the balance is a 409 from the ledger.
 */
export async function postThirdParty(
  db: Db,
  p: ThirdPartyPosting,
): Promise<{ applied: boolean; balanceAfterFen: number }> {
  return transaction(db, async (tx) => {
    // One posting of a tenant at a time. The ledger locks the debited account's row before the
    // credited one's, so a charge (tenant, then revenue) and a refund (revenue, then tenant)
    // racing on one tenant would deadlock; taken in this order they queue instead.
    await repo.lockTenantPostings(tx, p.tenantId);
    const account = thirdParty(p.tenantId);
    const other = p.counterparty ?? { operator: 'revenue' };
    const ledger = await transfer(tx, {
      key: p.ledgerKey ?? `third_party:${p.transactionId}`,
      from: p.flow === 'into' ? other : account,
      to: p.flow === 'into' ? account : other,
      amount: p.amountFen,
      memo: `${p.type} ${p.transactionId}`,
    });
    if (!ledger.applied) {
      const existing = await repo.findTransaction(tx, p.transactionId);
      if (
        !existing ||
        existing.main_id !== p.tenantId ||
        existing.amount_fen !== p.amountFen ||
        existing.capital_flows !== p.flow
      ) {
        throw AppError.conflict('thirdPartyDuplicate');
      }
      return { applied: false, balanceAfterFen: existing.balance_after_fen };
    }
    const { balance: ledgerBalance } = await balanceOf(tx, account);
    const tenantShopId = await findTenantShopByName(tx, p.tenantId, p.platform ?? '', p.shopName ?? '');
    const effect = p.flow === 'into' ? p.amountFen : -p.amountFen;
    const input = { ownerId: p.tenantId, at: p.addedDate, effect, ledgerBalance };
    const row = await threadRow(tx, THIRD_PARTY_CHAIN, input, (balanceAfter, addedDate) =>
      repo.insertTransaction(tx, {
        main_id: p.tenantId,
        transaction_id: p.transactionId,
        transaction_type: p.type,
        capital_flows: p.flow,
        amount_fen: p.amountFen,
        balance_after_fen: balanceAfter,
        source: p.source,
        operator_id: p.operatorId ?? null,
        platform: p.platform ?? '',
        site: p.site ?? '',
        ordersn: p.ordersn ?? '',
        warehouse_order_id: p.warehouseOrderId ?? '',
        shop_name: p.shopName ?? '',
        shop_id: p.shopId ?? '',
        remark: p.remark ?? '',
        tenant_shop_id: tenantShopId ?? null,
        ...(p.transactionDate ? { transaction_date: p.transactionDate } : {}),
        added_date: addedDate,
      }),
    );
    return { applied: true, balanceAfterFen: row.balance_after_fen };
  });
}

/**
 * The suite's charge or refund (suite-routes.ts): a main account's (404 for any other id), an
 * amount above 0, posted once per transaction id.
 */
export async function postSuiteTransaction(
  db: Db,
  body: TThirdPartyPostRequest,
): Promise<{ applied: boolean; balanceAfterFen: number }> {
  const tenant = await repo.findTenant(db, body.tenant_id);
  if (!tenant) throw AppError.notFound('notFound');
  const amountFen = yuanToFen(body.amount);
  if (amountFen <= 0) throw AppError.invalidField('amount', VALIDATION.aboveZero);
  return postThirdParty(db, {
    tenantId: tenant.id,
    transactionId: body.transaction_id,
    type: body.transaction_type,
    flow: body.capital_flows,
    amountFen,
    source: SOURCE.suite,
    platform: body.platform,
    site: body.site,
    ordersn: body.ordersn,
    warehouseOrderId: body.warehouse_order_id,
    shopName: body.shop_name,
    shopId: body.shop_id,
    remark: body.transaction_remark,
    ...(body.transaction_date ? { transactionDate: new Date(parseBillTime(body.transaction_date, 'from')) } : {}),
  });
}

/** A third-party top-up order's item as stored: the amount it moves to the balance when paid. */
export type TopUpItem = { kind: 'topUp'; amount_fen: number };

/**
 * A top-up paid in service upgrade tab 3: from the payment provider's clearing account to the
 * tenant's third-party balance, keyed by the order (so once per order, whatever the repeats),
 * with its `pay` row in the bill. Called by order fulfilment inside the transaction that marks
 * the order paid.
 */
export async function recordThirdPartyTopUp(
  tx: Db,
  input: { tenantId: number; orderCode: string; amountFen: number; provider: string; remark: string },
): Promise<void> {
  await postThirdParty(tx, {
    tenantId: input.tenantId,
    transactionId: input.orderCode,
    ledgerKey: `order:${input.orderCode}`,
    counterparty: { operator: 'clearing', provider: input.provider },
    type: 'pay',
    flow: 'into',
    amountFen: input.amountFen,
    source: SOURCE.topUp,
    ordersn: input.orderCode,
    remark: input.remark,
  });
}

/**
 * Gives back a refunded top-up: the amount leaves the tenant's third-party balance for the
 * provider's clearing account (which pays the buyer back), with its bill row, keyed by the
 * refund. 409 (`refundBalanceSpent`) when the balance no longer holds it: it was spent.
 */
export async function reverseThirdPartyTopUp(
  tx: Db,
  input: { tenantId: number; orderCode: string; refundNo: string; amountFen: number; provider: string },
): Promise<void> {
  try {
    await postThirdParty(tx, {
      tenantId: input.tenantId,
      transactionId: `refund:${input.refundNo}`,
      ledgerKey: `refund:${input.refundNo}`,
      counterparty: { operator: 'clearing', provider: input.provider },
      type: 'pay_refund',
      flow: 'out',
      amountFen: input.amountFen,
      source: SOURCE.topUp,
      ordersn: input.orderCode,
      remark: `refund of top-up ${input.orderCode}`,
    });
  } catch (error) {
    if (error instanceof AppError && error.key === 'ledgerInsufficientFunds') {
      throw AppError.conflict('refundBalanceSpent', { amount: fenToYuan(input.amountFen) });
    }
    throw error;
  }
}

// ---- the bill ----------------------------------------------------------------------------------

const FLOW_LABEL: Record<TLanguage, Record<'into' | 'out', string>> = {
  zh: { into: '收入', out: '支出' },
  kr: { into: '수입', out: '지출' },
  th: { into: 'รายรับ', out: 'รายจ่าย' },
};

/** `YYYY-MM-DD HH:mm:ss` in UTC+08:00, the product's business time zone. */
export function businessTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

type StoredRow = {
  id: number;
  transaction_id: string;
  platform: string;
  site: string;
  ordersn: string;
  warehouse_order_id: string;
  shop_name: string;
  shop_id: string;
  amount_fen: number;
  balance_after_fen: number;
  transaction_type: string;
  capital_flows: string;
  added_date: Date;
  transaction_date: Date;
  remark: string;
  is_old: boolean;
};

function toRow(row: StoredRow, lang: TLanguage): TThirdPartyRow {
  const flow = row.capital_flows as 'into' | 'out';
  return {
    transaction_id: row.transaction_id,
    platform: row.platform,
    site: row.site,
    ordersn: row.ordersn,
    warehouse_order_id: row.warehouse_order_id,
    shop_name: row.shop_name,
    shop_id: row.shop_id,
    transaction_money: fenToYuan(row.amount_fen),
    account_balance: fenToYuan(row.balance_after_fen),
    transaction_type: row.transaction_type as TThirdPartyType,
    capital_flows: flow,
    capital_flows_str: FLOW_LABEL[lang][flow],
    added_date: businessTime(row.added_date),
    transaction_date: businessTime(row.transaction_date),
    transaction_remark: seededText(lang, row.remark),
    is_old: row.is_old ? 1 : 0,
  };
}

/** A text search or a transaction-time range: the total is counted, not kept. */
function thirdPartySearched(f: TThirdPartyFilters): boolean {
  const timed = repo.dateRange(f.transaction_date).some((d) => d !== undefined);
  return !!f.transaction_id || !!f.ordersn || !!f.warehouse_order_id || !!f.shop_id || !!f.shop_name || timed;
}

/**
 * The bill's total: kept counters over the time added, narrowed by type, direction and platform;
 * a text search or a transaction-time range is counted with its index instead.
 */
async function thirdPartyTotal(
  db: Db,
  tenantId: number,
  f: TThirdPartyFilters,
  viewer: Principal | null,
): Promise<number> {
  if (thirdPartySearched(f)) return repo.countBill(repo.billQuery(db, tenantId, f, viewer).query);
  const [from, to] = repo.dateRange(f.added_date);
  const untimed = repo.billQuery(db, tenantId, { ...f, added_date: undefined }, viewer).query;
  return keptTotal(db, {
    list: 'third_party',
    ownerId: tenantId,
    keys: {
      k1: f.transaction_type ? [f.transaction_type] : undefined,
      k2: f.capital_flows ? [f.capital_flows] : undefined,
      k3: f.platform ? [f.platform] : undefined,
    },
    shopViewer: viewer,
    from,
    to,
    exact: (edge) => repo.countBill(untimed, edge),
  });
}

/** The third-party bill (My bill, service 262): the tenant's rows, newest first, with the current balance. */
export async function listThirdPartyBill(
  db: Db,
  ctx: AccessContext,
  request: TThirdPartyListRequest,
): Promise<TThirdPartyList> {
  requirePermission(ctx.principal, PERMISSIONS.bill.module);
  const tenantId = ctx.principal.tenantId;
  const { query, timeColumn } = repo.billQuery(db, tenantId, request, ctx.principal);
  const offset = (request.page - 1) * request.page_size;
  const [[rows, count], balance] = await Promise.all([
    pageAndTotal(
      {
        offset,
        size: request.page_size,
        rows: () => repo.findBillPage(query, timeColumn, { limit: request.page_size, offset }),
      },
      { counted: thirdPartySearched(request), of: () => thirdPartyTotal(db, tenantId, request, ctx.principal) },
    ),
    balanceOf(db, thirdParty(tenantId)),
  ]);
  return {
    balance: fenToYuan(balance.balance),
    data: rows.map((row) => toRow(row, ctx.lang)),
    current_page: request.page,
    page_size: request.page_size,
    total: count,
  };
}

// ---- exports -----------------------------------------------------------------------------------

const header = (zh: string, kr: string, th: string) => ({ zh, kr, th });
const TYPE_LABELS: Record<TThirdPartyType, Record<TLanguage, string>> = {
  old_bil_cost: header('旧账单费用', '이전 청구 비용', 'ค่าใช้จ่ายบิลเก่า'),
  pay: header('充值', '충전', 'เติมเงิน'),
  pay_refund: header('充值退款', '충전 환불', 'คืนเงินที่เติม'),
  cod_withholding: header('COD 代扣', 'COD 원천징수', 'หัก COD'),
  cod_return: header('COD 返还', 'COD 반환', 'คืน COD'),
  cod_make_up: header('COD 补扣', 'COD 추가 차감', 'หัก COD เพิ่มเติม'),
  purchase_agency: header('代采购', '구매 대행', 'ตัวแทนจัดซื้อ'),
  stop_return_charging: header('停止退件收费', '반품 중지 요금', 'ค่าหยุดการคืนสินค้า'),
  erp_compensation: header('ERP 赔偿', 'ERP 보상', 'ค่าชดเชย ERP'),
  customer_care: header('客户关怀', '고객 케어', 'ดูแลลูกค้า'),
  return_overcharge: header('多扣退还', '초과 청구 환불', 'คืนเงินที่เรียกเก็บเกิน'),
  return_purchase_agency: header('代采购退款', '구매 대행 환불', 'คืนเงินตัวแทนจัดซื้อ'),
  manual_receipts: header('人工收款', '수동 입금', 'รับเงินด้วยตนเอง'),
  manual_user_overdraw: header('人工扣款', '수동 차감', 'หักเงินด้วยตนเอง'),
  other: header('其他', '기타', 'อื่นๆ'),
};

/**
 * A task keeps who made it besides the list's filters: the worker reads the rows of that
 * viewer's shops, as the list does. (A task queued before viewers were kept reads them all.)
 */
const ZThirdPartyExportFilters = ZThirdPartyFilters.extend({
  viewer: z.object({ userId: z.number().int().positive(), userType: z.union([z.literal(1), z.literal(2)]) }).optional(),
});
type TThirdPartyExportFilters = z.infer<typeof ZThirdPartyExportFilters>;

/** The rows' reader as the list's: `visibleTo` needs only who the user is and its type. */
const exportViewer = (filters: TThirdPartyExportFilters, tenantId: number): Principal | null =>
  filters.viewer ? ({ ...filters.viewer, tenantId: tenantId } as Principal) : null;

registerExport<TThirdPartyExportFilters, StoredRow>(THIRD_PARTY_EXPORT, {
  fileStem: header('第三方账单', '서드파티_청구서', 'บิลบุคคลที่สาม'),
  parseFilters(raw) {
    const parsed = ZThirdPartyExportFilters.safeParse(raw ?? {});
    if (!parsed.success) throw AppError.badRequest('badRequest');
    return parsed.data;
  },
  async countRows(db, tenantId, filters) {
    const { query } = repo.billQuery(db, tenantId, filters, exportViewer(filters, tenantId));
    return repo.countBill(query);
  },
  streamRows(db, tenantId, filters) {
    const { query, timeColumn } = repo.billQuery(db, tenantId, filters, exportViewer(filters, tenantId));
    return keysetPages<StoredRow & KeysetKey>((after, limit) => repo.findBillKeysetPage(query, timeColumn, after, limit));
  },
  columns: [
    { header: header('交易编号', '거래 번호', 'รหัสธุรกรรม'), value: (r) => r.transaction_id },
    { header: header('平台', '플랫폼', 'แพลตฟอร์ม'), value: (r) => r.platform },
    { header: header('站点', '사이트', 'ไซต์'), value: (r) => r.site },
    { header: header('订单号', '주문 번호', 'เลขที่คำสั่งซื้อ'), value: (r) => r.ordersn },
    { header: header('仓库单号', '창고 주문 번호', 'เลขที่คำสั่งคลังสินค้า'), value: (r) => r.warehouse_order_id },
    { header: header('店铺名称', '상점 이름', 'ชื่อร้านค้า'), value: (r) => r.shop_name },
    { header: header('店铺ID', '상점 ID', 'รหัสร้านค้า'), value: (r) => r.shop_id },
    {
      header: header('交易类型', '거래 유형', 'ประเภทธุรกรรม'),
      value: (r, lang) => TYPE_LABELS[r.transaction_type as TThirdPartyType]?.[lang] ?? r.transaction_type,
    },
    {
      header: header('资金流向', '자금 흐름', 'ทิศทางเงิน'),
      value: (r, lang) => FLOW_LABEL[lang][r.capital_flows as 'into' | 'out'],
    },
    { header: header('交易金额', '거래 금액', 'จำนวนเงิน'), value: (r) => fenToYuan(r.amount_fen) },
    { header: header('账户余额', '계정 잔액', 'ยอดคงเหลือ'), value: (r) => fenToYuan(r.balance_after_fen) },
    { header: header('添加时间', '추가 시간', 'เวลาที่เพิ่ม'), value: (r) => businessTime(r.added_date) },
    { header: header('交易时间', '거래 시간', 'เวลาทำธุรกรรม'), value: (r) => businessTime(r.transaction_date) },
    { header: header('备注', '비고', 'หมายเหตุ'), value: (r, lang) => seededText(lang, r.remark) },
  ],
});

export async function addThirdPartyExport(
  deps: ExportDeps,
  ctx: AccessContext,
  filters: TThirdPartyFilters,
  format: ExportFormat,
): Promise<void> {
  requirePermission(ctx.principal, PERMISSIONS.bill.module);
  await addExportTask(
    deps,
    { tenantId: ctx.principal.tenantId, userId: ctx.principal.userId, lang: ctx.lang },
    {
      type: THIRD_PARTY_EXPORT,
      filters: { ...filters, viewer: { userId: ctx.principal.userId, userType: ctx.principal.userType } },
      format,
    },
  );
}

export async function listThirdPartyExports(
  deps: ExportDeps,
  ctx: AccessContext,
  query: { status: number; page: number; page_size: number },
) {
  requirePermission(ctx.principal, PERMISSIONS.bill.module);
  const list = await listExportTasks(deps, ctx.principal.tenantId, {
    type: THIRD_PARTY_EXPORT,
    // An employee's files hold only its shops' rows, and another's may hold more: its own only.
    userId: ctx.principal.userType !== 1 ? ctx.principal.userId : undefined,
    status: query.status || undefined,
    page: query.page,
    pageSize: query.page_size,
  });
  return {
    total: list.total,
    data: list.data.map((task) => ({
      id: task.id,
      file_name: task.file_name,
      sys_create_time: businessTime(task.created_at),
      status: task.status,
      progress: task.progress,
      oss_url: task.url,
    })),
  };
}

export { THIRD_PARTY_EXPORT_MODULE };

// ---- operator console ----------------------------------------------------------------------------

const OPERATOR_FLOWS = {
  manual_receipts: 'into',
  erp_compensation: 'into',
  customer_care: 'into',
  manual_user_overdraw: 'out',
} as const;

/**
 * An operator's entry: a manual receipt (money the tenant paid outside the product, from the
 * operator's manual clearing account), an overdraw (a manual deduction, refused below zero),
 * compensation or customer care (from the operator's revenue).
 */
export async function postOperatorEntry(
  db: Db,
  actor: OperatorContext,
  input: {
    tenant_id: number;
    transaction_type: keyof typeof OPERATOR_FLOWS;
    amountFen: number;
    remark: string;
    entryKey: string;
  },
): Promise<{ transaction_id: string; account_balance: string }> {
  const tenant = await repo.findTenant(db, input.tenant_id);
  if (!tenant) throw AppError.notFound('notFound');
  // The transaction number follows from the form's key, so posting the form again finds the
  // first posting (the same number) instead of making a second; short, as sellers read it.
  const transactionId = `OPS${createHash('sha256').update(input.entryKey).digest('hex').slice(0, 20).toUpperCase()}`;
  const flow = OPERATOR_FLOWS[input.transaction_type];
  const result = await transaction(db, async (tx) => {
    const posted = await postThirdParty(tx, {
      tenantId: tenant.id,
      transactionId,
      type: input.transaction_type,
      flow,
      amountFen: input.amountFen,
      source: SOURCE.operator,
      operatorId: actor.operatorId,
      remark: input.remark,
      ...(input.transaction_type === 'manual_receipts'
        ? { counterparty: { operator: 'clearing', provider: 'manual' } }
        : {}),
    });
    // A repeat answers the first posting and leaves the audit log as it was.
    if (!posted.applied) return posted;
    await writeOperatorAudit(tx, actor, {
      action: 'third_party.entry',
      targetType: 'tenant',
      targetId: tenant.id,
      tenantId: tenant.id,
      after: {
        transaction_id: transactionId,
        type: input.transaction_type,
        flow,
        amount_fen: input.amountFen,
        remark: input.remark,
      },
    });
    return posted;
  });
  return { transaction_id: transactionId, account_balance: fenToYuan(result.balanceAfterFen) };
}

export async function listOperatorEntries(db: Db, query: { tenant_id?: number; page: number; page_size: number }) {
  const { rows, total } = await repo.findOperatorEntryPage(
    db,
    { source: SOURCE.operator, tenantId: query.tenant_id },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return {
    total,
    data: rows.map((row) => ({ ...toRow(row, 'zh'), tenant_id: row.main_id, operator: row.operator })),
  };
}
