import type { TLanguage } from '@seller-centre/contract/i18n';
import {
  EXPORT_STATUSES,
  EXPORT_TYPES,
  ZFeeBillFilters,
  ZFeeFlowFilters,
  ZRentFilters,
} from '@seller-centre/contract/warehouse';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Principal } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { fenToYuan } from '../../../platform/fen.ts';
import {
  keysetBefore,
  keysetPages,
  keysetTime,
  registerExport,
  type ExportColumn,
  type KeysetKey,
} from '../../../platform/exports/registry.ts';
import { addExportTask, EXPORT_STATUS, listExportTasks } from '../../../platform/exports/service.ts';
import {
  DIRECTION_TITLES,
  languageOf,
  VERIFICATION_TITLES,
  wmsTime,
  wmsTimeOf,
  WRITE_OFF_TITLES,
  yuan,
} from '../format.ts';
import { findLink } from '../repository.ts';
import { FEE_BILL_COLUMNS, FEE_FLOW_COLUMNS, feeBillQuery, feeFlowQuery, rentQuery } from './fee-lists.ts';
import type { LocalHandlers } from './types.ts';
import { seededText } from '../../../messages/seeded.ts';

/** The export types of the cloud warehouse bill on the shared export queue, by the contract's exportType. */
export const WAREHOUSE_EXPORTS = {
  [EXPORT_TYPES.flow]: 'warehouse-fee-flow',
  [EXPORT_TYPES.bill]: 'warehouse-fee-bill',
  [EXPORT_TYPES.rent]: 'warehouse-rent',
} as const;
const ALL_TYPES = Object.values(WAREHOUSE_EXPORTS);

/** The platform's task statuses as the contract's aes_status, both ways. */
const AES_STATUS: Record<number, number> = {
  [EXPORT_STATUS.waiting]: EXPORT_STATUSES.pending,
  [EXPORT_STATUS.running]: EXPORT_STATUSES.running,
  [EXPORT_STATUS.failed]: EXPORT_STATUSES.failed,
  [EXPORT_STATUS.done]: EXPORT_STATUSES.done,
};
const PLATFORM_STATUS: Record<number, number> = Object.fromEntries(
  Object.entries(AES_STATUS).map(([platform, aes]) => [aes, Number(platform)]),
);

/**
 * What a task keeps besides the list's filters: the warehouse link it was made for, and who made
 * it (data authority on warehouses is applied as the worker reads, as the list applies it).
 */
const ZScope = z.object({
  wws_id: z.number().int().positive(),
  viewer: z.object({ userId: z.number().int().positive(), userType: z.union([z.literal(1), z.literal(2)]) }),
});
type Scope = z.infer<typeof ZScope>;

function parser<T>(schema: z.ZodType<T>) {
  return (raw: unknown): T => {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) throw AppError.badRequest('badRequest');
    return parsed.data;
  };
}

/** The rows' reader as the list's: `visibleTo` needs only who the user is and its type. */
const viewerOf = (scope: Scope, tenantId: number) =>
  ({ userId: scope.viewer.userId, userType: scope.viewer.userType, tenantId: tenantId }) as Principal;

/** A task reads only its own tenant's link: checked again when it runs, not only when it was made. */
async function ownLink(db: Db, tenantId: number, wwsId: number): Promise<void> {
  const link = await findLink(db, wwsId);
  if (!link || link.main_id !== tenantId)
    throw new Error(`export: warehouse link ${wwsId} is not tenant ${tenantId}'s`);
}

async function* afterCheck<Row>(check: Promise<void>, rows: () => AsyncIterable<Row>): AsyncIterable<Row> {
  await check;
  yield* rows();
}

const words = (zh: string, kr: string, th: string): Record<TLanguage, string> => ({ zh, kr, th });
const countOf = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);

// ---- fee flow ---------------------------------------------------------------------------------

const parseFlow = parser(ZFeeFlowFilters.extend(ZScope.shape));
type FlowFilters = ReturnType<typeof parseFlow>;
type FlowRow = KeysetKey & {
  id: number;
  /** Business time as `wmsTime` writes it. */
  created_at: string;
  platform: string;
  reference_no: string;
  order_code: string;
  refer_code: string;
  tracking_number: string;
  platform_shop: string;
  amount: number;
  direction: number;
  balance_after: number;
  ft_code: string;
  name_cn: string | null;
  note: string;
};

const FLOW_COLUMNS: ExportColumn<FlowRow>[] = [
  { header: words('时间', '시간', 'เวลา'), value: (r) => r.created_at },
  { header: words('费用类型', '비용 유형', 'ประเภทค่าใช้จ่าย'), value: (r) => r.name_cn ?? r.ft_code },
  {
    header: words('资金方向', '자금 방향', 'ทิศทางเงิน'),
    value: (r, lang) => DIRECTION_TITLES[r.direction]?.[lang] ?? String(r.direction),
  },
  // Signed as the list shows it: freezes and deductions take money out.
  {
    header: words('交易金额', '거래 금액', 'จำนวนเงิน'),
    value: (r) => yuan(r.direction === 0 || r.direction === 2 ? -r.amount : r.amount),
  },
  { header: words('当前余额', '현재 잔액', 'ยอดคงเหลือ'), value: (r) => yuan(r.balance_after) },
  { header: words('流水号', '거래 번호', 'เลขที่รายการ'), value: (r) => r.reference_no },
  { header: words('系统单号', '시스템 주문번호', 'เลขคำสั่งซื้อในระบบ'), value: (r) => r.order_code },
  { header: words('仓库单号', '창고 주문번호', 'เลขคำสั่งคลัง'), value: (r) => r.refer_code },
  { header: words('跟踪号', '운송장 번호', 'เลขพัสดุ'), value: (r) => r.tracking_number },
  { header: words('店铺', '상점', 'ร้านค้า'), value: (r) => r.platform_shop },
  { header: words('平台', '플랫폼', 'แพลตฟอร์ม'), value: (r) => r.platform },
  { header: words('备注', '비고', 'หมายเหตุ'), value: (r, lang) => seededText(lang, r.note) },
];

registerExport<FlowFilters, FlowRow>(WAREHOUSE_EXPORTS[EXPORT_TYPES.flow], {
  fileStem: words('费用流水', '비용_내역', 'รายการค่าใช้จ่าย'),
  parseFilters: parseFlow,
  async countRows(db, tenantId, f) {
    await ownLink(db, tenantId, f.wws_id);
    return countOf(
      feeFlowQuery(db, f.wws_id, f, viewerOf(f, tenantId))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
  },
  streamRows(db, tenantId, f) {
    return afterCheck(ownLink(db, tenantId, f.wws_id), () =>
      keysetPages<FlowRow>((after, limit) =>
        feeFlowQuery(db, f.wws_id, f, viewerOf(f, tenantId))
          .leftJoin('wh_fee_types as t', 't.code', 'f.ft_code')
          .select([
            ...FEE_FLOW_COLUMNS,
            keysetTime('f.created_at').as('keyset_at'),
            wmsTimeOf('f.created_at').as('created_at'),
          ])
          .$if(after !== undefined, (q) => q.where(keysetBefore('f.created_at', 'f.id', after!)))
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(limit)
          .execute(),
      ),
    );
  },
  columns: FLOW_COLUMNS,
});

// ---- fee bill ---------------------------------------------------------------------------------

const parseBill = parser(ZFeeBillFilters.extend(ZScope.shape));
type BillFilters = ReturnType<typeof parseBill>;
type BillRow = KeysetKey & {
  id: number;
  /** Business time as `wmsTime` writes it. */
  chargeable_at: string;
  reference_no: string;
  order_code: string;
  refer_code: string;
  platform_shop: string;
  warehouse_name: string | null;
  ft_code: string;
  name_cn: string | null;
  name_en: string | null;
  amount: number;
  org_amount: number;
  currency_code: string;
  status: number;
  writeoff: string;
  note: string;
};

registerExport<BillFilters, BillRow>(WAREHOUSE_EXPORTS[EXPORT_TYPES.bill], {
  fileStem: words('费用账单', '비용_청구서', 'บิลค่าใช้จ่าย'),
  parseFilters: parseBill,
  async countRows(db, tenantId, f) {
    await ownLink(db, tenantId, f.wws_id);
    return countOf(
      feeBillQuery(db, f.wws_id, f, viewerOf(f, tenantId))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
  },
  streamRows(db, tenantId, f) {
    return afterCheck(ownLink(db, tenantId, f.wws_id), () =>
      keysetPages<BillRow>((after, limit) =>
        feeBillQuery(db, f.wws_id, f, viewerOf(f, tenantId))
          .leftJoin('wh_fee_types as t', 't.code', 'b.ft_code')
          .leftJoin('warehouses as w', 'w.id', 'b.warehouse_id')
          .select([
            ...FEE_BILL_COLUMNS,
            keysetTime('b.chargeable_at').as('keyset_at'),
            wmsTimeOf('b.chargeable_at').as('chargeable_at'),
          ])
          .$if(after !== undefined, (q) => q.where(keysetBefore('b.chargeable_at', 'b.id', after!)))
          .orderBy('b.chargeable_at', 'desc')
          .orderBy('b.id', 'desc')
          .limit(limit)
          .execute(),
      ),
    );
  },
  columns: [
    { header: words('计费时间', '과금 시간', 'เวลาคิดค่าบริการ'), value: (r) => r.chargeable_at },
    { header: words('参考号', '참조 번호', 'เลขอ้างอิง'), value: (r) => r.reference_no },
    { header: words('订单号', '주문번호', 'เลขคำสั่งซื้อ'), value: (r) => r.order_code },
    { header: words('单据号', '문서 번호', 'เลขเอกสาร'), value: (r) => r.refer_code },
    { header: words('店铺', '상점', 'ร้านค้า'), value: (r) => r.platform_shop },
    { header: words('仓库', '창고', 'คลังสินค้า'), value: (r) => r.warehouse_name ?? '' },
    {
      header: words('费用类型', '비용 유형', 'ประเภทค่าใช้จ่าย'),
      value: (r, lang) => (lang === 'zh' ? r.name_cn : r.name_en) ?? r.ft_code,
    },
    { header: words('金额', '금액', 'จำนวนเงิน'), value: (r) => fenToYuan(r.amount) },
    { header: words('原始金额', '원래 금액', 'จำนวนเงินเดิม'), value: (r) => fenToYuan(r.org_amount) },
    { header: words('币种', '통화', 'สกุลเงิน'), value: (r) => r.currency_code },
    {
      header: words('对账状态', '대사 상태', 'สถานะกระทบยอด'),
      value: (r, lang) => VERIFICATION_TITLES[r.status]?.[lang] ?? String(r.status),
    },
    {
      header: words('核销状态', '상계 상태', 'สถานะตัดบัญชี'),
      value: (r, lang) => WRITE_OFF_TITLES[r.writeoff]?.[lang] ?? r.writeoff,
    },
    { header: words('备注', '비고', 'หมายเหตุ'), value: (r) => r.note },
  ],
});

// ---- warehouse rent ---------------------------------------------------------------------------

const parseRent = parser(ZRentFilters.extend(ZScope.shape));
type RentFilters = ReturnType<typeof parseRent>;
type RentRow = KeysetKey & {
  id: number;
  /** Business time as `wmsTime` writes it. */
  is_date: string;
  wis_code: string;
  settlement_cycle: number;
  warehouse_name: string | null;
  finish_flag: number;
  volume: string;
  total_qty: number;
  calc_amount: number;
  calc_currency: string;
  is_amount: number;
  customer_currency_code: string;
  org_amount: number;
  currency_code: string;
};

const CYCLES: Record<number, Record<TLanguage, string>> = {
  0: words('按日', '일별', 'รายวัน'),
  1: words('按周', '주별', 'รายสัปดาห์'),
  2: words('按半月', '반월별', 'รายครึ่งเดือน'),
  3: words('按月', '월별', 'รายเดือน'),
};
const FINISHED: Record<number, Record<TLanguage, string>> = {
  0: words('未结算', '미정산', 'ยังไม่ชำระ'),
  1: words('已结算', '정산 완료', 'ชำระแล้ว'),
};

registerExport<RentFilters, RentRow>(WAREHOUSE_EXPORTS[EXPORT_TYPES.rent], {
  fileStem: words('仓租', '창고_보관료', 'ค่าเช่าคลัง'),
  parseFilters: parseRent,
  async countRows(db, tenantId, f) {
    await ownLink(db, tenantId, f.wws_id);
    return countOf(
      rentQuery(db, f.wws_id, f, viewerOf(f, tenantId))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
  },
  streamRows(db, tenantId, f) {
    return afterCheck(ownLink(db, tenantId, f.wws_id), () =>
      keysetPages<RentRow>(
        (after, limit) =>
          rentQuery(db, f.wws_id, f, viewerOf(f, tenantId))
            .leftJoin('warehouses as w', 'w.id', 'r.warehouse_id')
            .select([
              'r.id',
              keysetTime('r.is_date').as('keyset_at'),
              wmsTimeOf('r.is_date').as('is_date'),
              'r.wis_code',
              'r.settlement_cycle',
              'w.name as warehouse_name',
              'r.finish_flag',
              'r.volume',
              'r.total_qty',
              'r.calc_amount',
              'r.calc_currency',
              'r.is_amount',
              'r.customer_currency_code',
              'r.org_amount',
              'r.currency_code',
            ])
            .$if(after !== undefined, (q) => q.where(keysetBefore('r.is_date', 'r.id', after!)))
            .orderBy('r.is_date', 'desc')
            .orderBy('r.id', 'desc')
            .limit(limit)
            .execute() as Promise<RentRow[]>,
      ),
    );
  },
  columns: [
    { header: words('结算日期', '정산일', 'วันที่ชำระ'), value: (r) => r.is_date },
    { header: words('仓储单号', '보관 번호', 'เลขที่การจัดเก็บ'), value: (r) => r.wis_code },
    {
      header: words('结算周期', '정산 주기', 'รอบการชำระ'),
      value: (r, lang) => CYCLES[r.settlement_cycle]?.[lang] ?? String(r.settlement_cycle),
    },
    { header: words('仓库', '창고', 'คลังสินค้า'), value: (r) => r.warehouse_name ?? '' },
    {
      header: words('结算状态', '정산 상태', 'สถานะการชำระ'),
      value: (r, lang) => FINISHED[r.finish_flag]?.[lang] ?? String(r.finish_flag),
    },
    { header: words('体积 (m³)', '부피 (m³)', 'ปริมาตร (m³)'), value: (r) => Number(r.volume).toFixed(3) },
    { header: words('数量', '수량', 'จำนวน'), value: (r) => r.total_qty },
    { header: words('计算金额', '계산 금액', 'จำนวนที่คำนวณ'), value: (r) => fenToYuan(r.calc_amount) },
    { header: words('计算币种', '계산 통화', 'สกุลเงินที่คำนวณ'), value: (r) => r.calc_currency },
    { header: words('仓租金额', '보관료', 'ค่าเช่าคลัง'), value: (r) => fenToYuan(r.is_amount) },
    { header: words('客户币种', '고객 통화', 'สกุลเงินลูกค้า'), value: (r) => r.customer_currency_code },
    { header: words('原始金额', '원래 금액', 'จำนวนเงินเดิม'), value: (r) => fenToYuan(r.org_amount) },
    { header: words('币种', '통화', 'สกุลเงิน'), value: (r) => r.currency_code },
  ],
});

// ---- the two services -------------------------------------------------------------------------

/**
 * asyncExport queues a task on the shared export queue for this link with the list's filters;
 * getExportResults lists the link's tasks. A main account sees every task of the link; an
 * employee only its own (its files hold only the warehouses its data authority grants).
 */
export const exportHandlers: LocalHandlers = {
  async asyncExport(params, ctx) {
    if (!ctx.exports) throw AppError.badRequest('warehouseServiceNotOffered');
    const principal = ctx.principal;
    if (!principal) throw AppError.badRequest('warehouseServiceNotOffered');
    const { exportType, fileType, ...filters } = params;
    const task = await addExportTask(
      ctx.exports,
      { tenantId: ctx.tenantId, userId: principal.userId, lang: languageOf(ctx.language) },
      {
        type: WAREHOUSE_EXPORTS[exportType as keyof typeof WAREHOUSE_EXPORTS],
        filters: {
          ...filters,
          wws_id: ctx.provider.wwsId,
          viewer: { userId: principal.userId, userType: principal.userType },
        },
        format: fileType,
      },
    );
    return { aes_id: String(task.id) };
  },

  async getExportResults(params, ctx) {
    if (!ctx.exports) throw AppError.badRequest('warehouseServiceNotOffered');
    const principal = ctx.principal;
    const list = await listExportTasks(ctx.exports, ctx.tenantId, {
      type:
        params.exportType !== undefined
          ? WAREHOUSE_EXPORTS[params.exportType as keyof typeof WAREHOUSE_EXPORTS]
          : ALL_TYPES,
      status: params.status !== undefined ? PLATFORM_STATUS[params.status] : undefined,
      filtersContain: { wws_id: ctx.provider.wwsId },
      userId: principal && principal.userType !== 1 ? principal.userId : undefined,
      page: params.page,
      pageSize: params.pageSize,
    });
    return {
      total: list.total,
      data: list.data.map((task) => ({
        aes_id: String(task.id),
        aes_name: task.file_name,
        aes_progress: task.progress,
        aes_add_time: wmsTime(task.created_at),
        aes_status: AES_STATUS[task.status] ?? EXPORT_STATUSES.failed,
        aes_note: task.error_note,
        aes_url: task.url,
      })),
    };
  },
};
