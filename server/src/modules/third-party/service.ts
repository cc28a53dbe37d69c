import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { parseBillTime } from '@seller-centre/contract/quota';
import {
  THIRD_PARTY_EXPORT_MODULE,
  ZThirdPartyFilters,
  type TThirdPartyFilters,
  type TThirdPartyList,
  type TThirdPartyListRequest,
  type TThirdPartyRow,
  type TThirdPartyType,
} from '@seller-centre/contract/third-party';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { transaction, type Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { Principal } from '../../platform/auth.ts';
import { visibleTo } from '../../platform/data-authority.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import { requirePermission } from '../../platform/permissions.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import {
  keysetBefore,
  keysetPages,
  keysetTime,
  registerExport,
  type KeysetKey,
} from '../../platform/exports/registry.ts';
import { addExportTask, listExportTasks, type ExportDeps, type ExportFormat } from '../../platform/exports/service.ts';
import { inEdge, keptTotal, pageAndTotal } from '../../platform/kept-counts.ts';
import { balanceOf, transfer, type AccountRef } from '../../platform/ledger/index.ts';
import { findTenantShopByName } from '../reference-data/service.ts';
import { seededText } from '../../messages/seeded.ts';
import { threadRow, type BalanceChain } from '../../platform/running-balance.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';

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
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`third_party:${p.tenantId}`}, 0))`.execute(tx);
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
      const existing = await tx
        .selectFrom('third_party_transactions')
        .select(['main_id', 'amount_fen', 'capital_flows', 'balance_after_fen'])
        .where('transaction_id', '=', p.transactionId)
        .executeTakeFirst();
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
      tx
        .insertInto('third_party_transactions')
        .values({
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
        })
        .returning(['id', 'balance_after_fen'])
        .executeTakeFirstOrThrow(),
    );
    return { applied: true, balanceAfterFen: row.balance_after_fen };
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

type Query = SelectQueryBuilder<Database, 'third_party_transactions', object>;

function range(range: readonly string[] | undefined): [Date | undefined, Date | undefined] {
  if (!range) return [undefined, undefined];
  const [from, to] = range;
  return [from ? new Date(parseBillTime(from, 'from')) : undefined, to ? new Date(parseBillTime(to, 'to')) : undefined];
}

/**
 * The rows of the viewer's shops: a row naming no shop (a top-up, an operator's entry) is the
 * tenant's; a row of a shop the tenant does not list only for those who see every shop.
 */
function shopVisible(principal: Principal | null) {
  return (eb: ExpressionBuilder<Database, 'third_party_transactions'>) =>
    principal === null || principal.userType === 1
      ? sql<boolean>`TRUE`
      : eb.or([
          eb.and([eb('shop_name', '=', ''), eb('shop_id', '=', '')]),
          visibleTo(eb, principal, 'shops', 'tenant_shop_id'),
        ]);
}

function filtered(
  db: Db,
  tenantId: number,
  f: TThirdPartyFilters,
  viewer: Principal | null,
): { query: Query; timeColumn: 'added_date' | 'transaction_date' } {
  let query: Query = db
    .selectFrom('third_party_transactions')
    .where('main_id', '=', tenantId)
    .where(shopVisible(viewer) as never);
  if (f.platform) query = query.where('platform', '=', f.platform);
  if (f.transaction_type) query = query.where('transaction_type', '=', f.transaction_type);
  if (f.capital_flows) query = query.where('capital_flows', '=', f.capital_flows);
  for (const column of ['transaction_id', 'ordersn', 'warehouse_order_id', 'shop_id'] as const) {
    const text = f[column];
    if (text) query = query.where(column, '=', text);
  }
  if (f.shop_name) query = query.where('shop_name', 'ilike', `%${f.shop_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const timeColumn = f.transaction_date && !f.added_date ? 'transaction_date' : 'added_date';
  for (const column of ['added_date', 'transaction_date'] as const) {
    const [from, to] = range(f[column]);
    if (from) query = query.where(column, '>=', from);
    if (to) query = query.where(column, '<=', to);
  }
  return { query, timeColumn };
}

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

const ROW_COLUMNS = [
  'id',
  'transaction_id',
  'platform',
  'site',
  'ordersn',
  'warehouse_order_id',
  'shop_name',
  'shop_id',
  'amount_fen',
  'balance_after_fen',
  'transaction_type',
  'capital_flows',
  'added_date',
  'transaction_date',
  'remark',
  'is_old',
] as const;

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
  const timed = range(f.transaction_date).some((d) => d !== undefined);
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
  const exactly = async (q: Query) =>
    Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (thirdPartySearched(f)) return exactly(filtered(db, tenantId, f, viewer).query);
  const [from, to] = range(f.added_date);
  const untimed = filtered(db, tenantId, { ...f, added_date: undefined }, viewer).query;
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
    exact: (edge) => exactly(untimed.where(inEdge('added_date', edge))),
  });
}

/** The third-party bill (My bill, service 262): the tenant's rows, newest first, with the current balance. */
export async function listThirdPartyBill(
  db: Db,
  ctx: AccessContext,
  request: TThirdPartyListRequest,
): Promise<TThirdPartyList> {
  requirePermission(ctx.principal, PERMISSIONS.bill.module);
  const tenantId = ctx.principal.mainId;
  const { query, timeColumn } = filtered(db, tenantId, request, ctx.principal);
  const offset = (request.page - 1) * request.page_size;
  const [[rows, count], balance] = await Promise.all([
    pageAndTotal(
      {
        offset,
        size: request.page_size,
        rows: () =>
          query
            .select([...ROW_COLUMNS])
            .orderBy(timeColumn, 'desc')
            .orderBy('id', 'desc')
            .limit(request.page_size)
            .offset(offset)
            .execute(),
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
  filters.viewer ? ({ ...filters.viewer, mainId: tenantId } as Principal) : null;

registerExport<TThirdPartyExportFilters, StoredRow>(THIRD_PARTY_EXPORT, {
  fileStem: header('第三方账单', '서드파티_청구서', 'บิลบุคคลที่สาม'),
  parseFilters(raw) {
    const parsed = ZThirdPartyExportFilters.safeParse(raw ?? {});
    if (!parsed.success) throw AppError.badRequest('badRequest');
    return parsed.data;
  },
  async countRows(db, tenantId, filters) {
    const { query } = filtered(db, tenantId, filters, exportViewer(filters, tenantId));
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  streamRows(db, tenantId, filters) {
    const { query, timeColumn } = filtered(db, tenantId, filters, exportViewer(filters, tenantId));
    return keysetPages<StoredRow & KeysetKey>(async (after, limit) => {
      let page = query.select([...ROW_COLUMNS, keysetTime(timeColumn).as('keyset_at')]);
      if (after) page = page.where(keysetBefore(timeColumn, 'id', after));
      return page.orderBy(timeColumn, 'desc').orderBy('id', 'desc').limit(limit).execute();
    });
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
    { tenantId: ctx.principal.mainId, userId: ctx.principal.userId, lang: ctx.lang },
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
  const list = await listExportTasks(deps, ctx.principal.mainId, {
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
  input: { tenant_id: number; transaction_type: keyof typeof OPERATOR_FLOWS; amountFen: number; remark: string },
): Promise<{ transaction_id: string; account_balance: string }> {
  const tenant = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', input.tenant_id)
    .where('user_type', '=', 1)
    .executeTakeFirst();
  if (!tenant) throw AppError.notFound('notFound');
  const transactionId = `OPS${Date.now()}${Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, '0')}`;
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
    await writeOperatorAudit(tx, actor, {
      action: 'third_party.entry',
      targetType: 'tenant',
      targetId: tenant.id,
      mainId: tenant.id,
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
  let base = db
    .selectFrom('third_party_transactions as t')
    .leftJoin('operators as o', 'o.id', 't.operator_id')
    .where('t.source', '=', SOURCE.operator);
  if (query.tenant_id) base = base.where('t.main_id', '=', query.tenant_id);
  const [rows, count] = await Promise.all([
    base
      .select(ROW_COLUMNS.map((c) => `t.${c}` as const))
      .select(['t.main_id', sql<string>`coalesce(o.display_name, '')`.as('operator')])
      .orderBy('t.added_date', 'desc')
      .orderBy('t.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    data: rows.map((row) => ({ ...toRow(row, 'zh'), tenant_id: row.main_id, operator: row.operator })),
  };
}
