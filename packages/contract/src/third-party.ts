import { z } from 'zod';
import { optionalId } from './ids.ts';
import { ZYuan } from './money.ts';
import { OPS_PREFIX } from './operators.ts';
import { ZBillTime } from './quota.ts';

/**
 * The third-party bill (docs/product.md): every movement of the tenant's third-party balance (top-ups
 * paid in service upgrade tab 3, charges and refunds of the rest of the suite, operators'
 * entries), each with the balance right after it; and its exports on the shared export queue.
 */
export const thirdPartyPaths = {
  list: '/api/v1/finance/list',
  addExportTask: '/api/v1/export/addExportTask',
  exportList: '/api/v1/export/list',
  /** The suite's one call to charge or refund a tenant's third-party balance (see docs/api.md). */
  post: '/api/v1/finance/thirdParty/post',
} as const;

export const opsThirdPartyPaths = {
  entries: `${OPS_PREFIX}/third-party/entries`,
} as const;

export const THIRD_PARTY_TYPES = [
  'old_bil_cost',
  'pay',
  'cod_withholding',
  'cod_return',
  'cod_make_up',
  'purchase_agency',
  'stop_return_charging',
  'erp_compensation',
  'customer_care',
  'return_overcharge',
  'return_purchase_agency',
  'manual_receipts',
  'manual_user_overdraw',
  'other',
  // A top-up's money given back by a refund (docs/decisions.md, "Refunds").
  'pay_refund',
] as const;
export type TThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];

/** What operators post in the console: manual receipt, overdraw, compensation, customer care. */
export const OPERATOR_THIRD_PARTY_TYPES = [
  'manual_receipts',
  'manual_user_overdraw',
  'erp_compensation',
  'customer_care',
] as const;

export const CAPITAL_FLOWS = ['into', 'out'] as const;
export const THIRD_PARTY_SEARCH_TYPES = [
  'transaction_id',
  'ordersn',
  'warehouse_order_id',
  'shop_name',
  'shop_id',
] as const;
export const THIRD_PARTY_TIME_TYPES = ['added_date', 'transaction_date'] as const;
export const THIRD_PARTY_PAGE_SIZES = [10, 20, 30] as const;

/** The export module number of the third-party bill (docs/product.md: module 3, type 3). */
export const THIRD_PARTY_EXPORT_MODULE = 3;

const ZRange = z.array(ZBillTime).length(2);
const ZSearchText = z.string().trim().max(100);

export const ZThirdPartyFilters = z.object({
  platform: z.string().trim().max(40).optional(),
  transaction_type: z.enum(THIRD_PARTY_TYPES).or(z.literal('')).optional(),
  capital_flows: z.enum(CAPITAL_FLOWS).or(z.literal('')).optional(),
  /** The time type is the key, its value the range: `{added_date: [from, to]}`. */
  added_date: ZRange.optional(),
  transaction_date: ZRange.optional(),
  /** The search type is the key, its value the text (trimmed): `{ordersn: 'A1'}`. */
  transaction_id: ZSearchText.optional(),
  ordersn: ZSearchText.optional(),
  warehouse_order_id: ZSearchText.optional(),
  shop_name: ZSearchText.optional(),
  shop_id: ZSearchText.optional(),
});
export type TThirdPartyFilters = z.infer<typeof ZThirdPartyFilters>;

export const ZThirdPartyListRequest = ZThirdPartyFilters.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (THIRD_PARTY_PAGE_SIZES as readonly number[]).includes(n), { message: 'pageSize10to30' })
    .default(20),
});
export type TThirdPartyListRequest = z.infer<typeof ZThirdPartyListRequest>;

export const ZThirdPartyRow = z.object({
  transaction_id: z.string(),
  platform: z.string(),
  site: z.string(),
  ordersn: z.string(),
  warehouse_order_id: z.string(),
  shop_name: z.string(),
  shop_id: z.string(),
  /** Yuan with two decimals, always positive; `capital_flows_str` says which way. */
  transaction_money: z.string(),
  /** The third-party balance right after this transaction, yuan. */
  account_balance: z.string(),
  transaction_type: z.enum(THIRD_PARTY_TYPES),
  capital_flows: z.enum(CAPITAL_FLOWS),
  capital_flows_str: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, UTC+08:00. */
  added_date: z.string(),
  transaction_date: z.string(),
  transaction_remark: z.string(),
  is_old: z.number().int(),
});
export type TThirdPartyRow = z.infer<typeof ZThirdPartyRow>;

export const ZThirdPartyList = z.object({
  /** The current third-party balance, yuan. */
  balance: z.string(),
  data: z.array(ZThirdPartyRow),
  current_page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type TThirdPartyList = z.infer<typeof ZThirdPartyList>;

export const ZAddExportTaskRequest = ZThirdPartyFilters.extend({
  module: z.literal(THIRD_PARTY_EXPORT_MODULE),
  file_type: z.enum(['csv', 'xlsx']).default('csv'),
});

export const ZExportListRequest = z.object({
  type: z.literal(THIRD_PARTY_EXPORT_MODULE),
  /** 0 all, else 1 waiting / 2 running / 3 done / 4 failed. */
  status: z.coerce.number().int().min(0).max(4).default(0),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZExportTask = z.object({
  id: z.number().int(),
  file_name: z.string(),
  sys_create_time: z.string(),
  /** 1 waiting, 2 running, 3 done (oss_url set), 4 failed. */
  status: z.number().int().min(1).max(4),
  progress: z.number().int().min(0).max(100),
  /** A signed download link, valid for a few minutes; '' until the file is done. */
  oss_url: z.string(),
});
export type TExportTask = z.infer<typeof ZExportTask>;
export const ZExportList = z.object({ data: z.array(ZExportTask), total: z.number().int() });
export type TExportList = z.infer<typeof ZExportList>;

const ZReference = z.string().trim().max(64).default('');

/** A charge or refund posted by another system of the suite. */
export const ZThirdPartyPostRequest = z.object({
  /** Unique: the same id again changes nothing and answers the first result. */
  transaction_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'printableAscii'),
  tenant_id: z.number().int().positive(),
  transaction_type: z.enum(THIRD_PARTY_TYPES).exclude(['pay', 'pay_refund', 'manual_receipts', 'manual_user_overdraw']),
  capital_flows: z.enum(CAPITAL_FLOWS),
  amount: ZYuan,
  platform: z.string().trim().max(40).default(''),
  site: z.string().trim().max(40).default(''),
  ordersn: ZReference,
  warehouse_order_id: ZReference,
  shop_name: z.string().trim().max(100).default(''),
  shop_id: ZReference,
  transaction_remark: z.string().trim().max(200).default(''),
  /** When it happened (defaults to now), a bill time. */
  transaction_date: ZBillTime.optional(),
});
export type TThirdPartyPostRequest = z.infer<typeof ZThirdPartyPostRequest>;

export const ZThirdPartyPostResult = z.object({
  applied: z.boolean(),
  transaction_id: z.string(),
  account_balance: z.string(),
});

export const ZOpsThirdPartyEntry = z.object({
  tenant_id: z.number().int().positive(),
  transaction_type: z.enum(OPERATOR_THIRD_PARTY_TYPES),
  amount: ZYuan,
  transaction_remark: z.string().trim().min(1).max(200),
  /**
   * Made once when the form opens: posting it again (a double click, a retry after a timeout)
   * answers the first posting and moves nothing more.
   */
  entry_key: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export const ZOpsThirdPartyQuery = z.object({
  tenant_id: optionalId(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOpsThirdPartyEntryRow = ZThirdPartyRow.extend({ tenant_id: z.number().int(), operator: z.string() });
