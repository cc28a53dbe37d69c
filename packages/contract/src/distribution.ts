import { z } from 'zod';
import { ZBillTime } from './quota.ts';
import { ZYuan } from './money.ts';
import { OPS_PREFIX } from './operators.ts';
import { ZBankName, ZBankNumber } from './supplier.ts';
import { uploadPaths, ZUploadId } from './uploads.ts';

/**
 * Distribution (docs/product.md): a distributor earns a commission on the paid orders of accounts that
 * registered with its invite code, and withdraws it to a bank card after an operator's review.
 */
export const distributionPaths = {
  balance: '/api/v1/common/getDistributionBalance',
  bill: '/api/v1/finance/distributorFinance/list',
  billExport: '/api/v1/finance/distributorFinance/export',
  withdrawals: '/api/v1/distributorFlow/list',
  withdrawalsExport: '/api/v1/distributorFlow/export',
  apply: '/api/v1/distributorFlow/applyDistributionFinance',
  bankInfo: '/api/v1/finance/distributorRetailer/info',
  saveBankInfo: '/api/v1/distributorRetailer/save',
  /** Earnings per month, for the page's chart. */
  earnings: '/api/v1/finance/distributorFinance/earnings',
} as const;

export const opsDistributionPaths = {
  /** GET: withdrawals of every distributor, oldest pending first. */
  withdrawals: `${OPS_PREFIX}/distribution/withdrawals`,
  approve: `${OPS_PREFIX}/distribution/withdrawals/:transaction_id/approve`,
  fail: `${OPS_PREFIX}/distribution/withdrawals/:transaction_id/fail`,
  /** GET: distributors with their rate and balance. */
  distributors: `${OPS_PREFIX}/distribution/distributors`,
  /** PUT: set a tenant's distributor flag and commission rate. */
  distributor: `${OPS_PREFIX}/distribution/distributors/:tenant_id`,
} as const;

/** A distributor earns this share of an invitee's paid order unless an operator sets another: 10.00%. */
export const DEFAULT_COMMISSION_RATE_BP = 1000;

export const WITHDRAWAL_STATUS = { pending: 0, approved: 1, failed: 2 } as const;
/** The status filter's "all": never sent as a status. */
export const WITHDRAWAL_STATUS_ALL = 4;

export const DISTRIBUTION_PAGE_SIZES = [10, 20, 30] as const;
const ZPageSize = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(10), z.literal(20), z.literal(30)]));

/** The shared time filter (contract/quota.ts): what it cannot read is a 400 naming the field. */
const optionalTime = ZBillTime.optional();

const searchText = z.string().trim().max(64).optional();

export const DISTRIBUTION_SEARCH_TYPES = ['transaction_id', 'number', 'parent_user_id'] as const;
export const ZDistributionBillQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZPageSize.default(20),
  capital_flows: z.enum(['INTO', 'OUT', '']).optional(),
  search_type: z.enum(DISTRIBUTION_SEARCH_TYPES).optional(),
  search_value: searchText,
  /** ISO 8601, or "YYYY-MM-DD HH:mm:ss" read as UTC+8; creation time. */
  time_from: optionalTime,
  time_to: optionalTime,
});
export type TDistributionBillQuery = z.infer<typeof ZDistributionBillQuery>;

/**
 * The reader's time zone (IANA, `Asia/Bangkok`), which an export prints its times in, as the
 * page shows them; business time (UTC+08:00) when absent or unknown.
 */
export const ZReaderTimeZone = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/)
  .optional();
export const ZDistributionBillExport = ZDistributionBillQuery.extend({ time_zone: ZReaderTimeZone });

export const ZDistributionBillRow = z.object({
  transaction_id: z.string(),
  /** The account whose paid order earned the commission (INTO), or the distributor itself (OUT). */
  parent_user_id: z.number().int(),
  /** The order code (INTO) or the withdrawal's transaction id (OUT). */
  number: z.string(),
  capital_flows: z.enum(['INTO', 'OUT']),
  /** Yuan. */
  transaction_money: z.string(),
  /** The distribution balance right after this row, yuan. */
  current_distribution_balance: z.string(),
  sys_create_time: z.string(),
  sys_update_time: z.string(),
});
export type TDistributionBillRow = z.infer<typeof ZDistributionBillRow>;
export const ZDistributionBill = z.object({
  data: z.array(ZDistributionBillRow),
  total: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
});
export type TDistributionBill = z.infer<typeof ZDistributionBill>;

export const WITHDRAWAL_SEARCH_TYPES = ['transaction_id', 'bank_number'] as const;
export const WITHDRAWAL_TIME_TYPES = ['sys_create_time', 'review_time'] as const;
export const ZWithdrawalQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZPageSize.default(20),
  /** 0 pending, 1 approved, 2 failed; 4 (or nothing) all. */
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]))
    .optional(),
  search_type: z.enum(WITHDRAWAL_SEARCH_TYPES).optional(),
  search_value: searchText,
  time_type: z.enum(WITHDRAWAL_TIME_TYPES).optional(),
  time_from: optionalTime,
  time_to: optionalTime,
});
export type TWithdrawalQuery = z.infer<typeof ZWithdrawalQuery>;
export const ZWithdrawalExport = ZWithdrawalQuery.extend({ time_zone: ZReaderTimeZone });

export const ZWithdrawalRow = z.object({
  transaction_id: z.string(),
  bank_name: z.string(),
  bank_number: z.string(),
  user_name: z.string(),
  transaction_money: z.string(),
  status: z.number().int(),
  sys_create_time: z.string(),
  review_time: z.string().nullable(),
  /** The payment voucher an operator attached on approval ('' until then). */
  image_url: z.string(),
  /** The operator's remark. */
  remark: z.string(),
});
export type TWithdrawalRow = z.infer<typeof ZWithdrawalRow>;
export const ZWithdrawalList = z.object({
  data: z.array(ZWithdrawalRow),
  total: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
});
export type TWithdrawalList = z.infer<typeof ZWithdrawalList>;

export const ZDistributionBalance = z.object({ current_balance: z.string() });
export type TDistributionBalance = z.infer<typeof ZDistributionBalance>;

const ZUserName = z.string().trim().min(1).max(50);

export const ZWithdrawalApply = z.object({
  transaction_money: ZYuan,
  bank_name: ZBankName,
  bank_number: ZBankNumber,
  user_name: ZUserName,
});
export type TWithdrawalApply = z.infer<typeof ZWithdrawalApply>;

export const ZBankInfo = z.object({ user_name: z.string(), bank_name: z.string(), bank_number: z.string() });
export type TBankInfo = z.infer<typeof ZBankInfo>;
export const ZBankInfoSave = z.object({
  user_name: ZUserName,
  bank_name: ZBankName,
  bank_number: ZBankNumber,
  /** Also save it as the base bank card info. */
  checked: z.boolean().default(false),
});
export type TBankInfoSave = z.infer<typeof ZBankInfoSave>;

export const ZEarningsMonth = z.object({ month: z.string(), amount: z.string() });
export const ZEarnings = z.array(ZEarningsMonth);
export type TEarnings = z.infer<typeof ZEarnings>;

/* Operator console */

export const ZOpsWithdrawalQuery = z.object({
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]))
    .default(0),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOpsWithdrawal = ZWithdrawalRow.extend({ tenant_id: z.number().int(), tenant_name: z.string() });
export type TOpsWithdrawal = z.infer<typeof ZOpsWithdrawal>;
export const ZOpsWithdrawalPage = z.object({ total: z.number().int(), data: z.array(ZOpsWithdrawal) });
export const ZOpsWithdrawalParams = z.object({ transaction_id: z.string().trim().min(1).max(64) });
/** Where the seller reads a voucher back (the uploads' own route, with the seller's token). */
export const voucherUrlOf = (uploadId: string) => uploadPaths.file.replace(':upload_id', uploadId);

export const ZOpsWithdrawalApprove = z.object({
  /** The payment voucher: a JPEG or PNG the operator uploaded for the tenant (its upload_id). */
  voucher_upload_id: ZUploadId,
  remark: z.string().trim().max(500).default(''),
});
export const ZOpsWithdrawalFail = z.object({ remark: z.string().trim().min(1).max(500) });

export const ZOpsDistributor = z.object({
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  is_distributor: z.boolean(),
  /** Percent with two decimals ("10.00"). */
  commission_rate: z.string(),
  current_balance: z.string(),
});
export type TOpsDistributor = z.infer<typeof ZOpsDistributor>;
export const ZOpsDistributorQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOpsDistributorPage = z.object({ total: z.number().int(), data: z.array(ZOpsDistributor) });
export const ZOpsDistributorUpdate = z.object({
  is_distributor: z.boolean().optional(),
  /** Percent, 0 to 100, two decimals at most. */
  commission_rate: z
    .string()
    .trim()
    .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'a percent from 0 to 100')
    .optional(),
});
