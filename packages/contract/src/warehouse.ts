import { z } from 'zod';
import { optionalId } from './ids.ts';
import { fenToYuanString, yuanToFen, ZPositiveYuanAsFen } from './money.ts';
import { ZBillTime } from './quota.ts';
import { VALIDATION } from './validation.ts';

const VALIDATION_SIGNED_YUAN = VALIDATION.yuanTwoDecimals;

/**
 * The cloud warehouse bill (docs/product.md; docs/api.md getCurrency). The browser calls
 * one generic endpoint, `POST /api/v1/common/wmsUnit {service, wws_id, params}`, that runs one
 * warehouse-service operation against the provider behind `wws_id`; every service has its own
 * params and answer schema here (WMS_SERVICES), with the contract's parameter names.
 *
 * Money: amounts the caller sends (paymentAmount, creditLine, amount) are yuan strings with at
 * most two decimals, read as integer fen by the schema; amounts in answers are yuan strings
 * with two decimals ("-12.30"), in the provider's basic currency (CNY) unless a row names its own
 * currency_code.
 */
export const warehousePaths = {
  /** GET: the tenant's warehouse providers [{name, wws_id}]. */
  serverList: '/api/v1/user/server/list',
  /** POST {service, wws_id, params}: one warehouse-service operation. */
  wmsUnit: '/api/v1/common/wmsUnit',
} as const;

/** Fund direction of a fee flow row: 0 freeze, 1 unfreeze, 2 deduction (expense), 3 credit (income). */
export const FUND_DIRECTIONS = { freeze: 0, unfreeze: 1, deduction: 2, credit: 3 } as const;
export const FUND_DIRECTION_IDS = [0, 1, 2, 3] as const;
export type TFundDirection = (typeof FUND_DIRECTION_IDS)[number];

/** Fee bill business types (docs/product.md). */
export const BILL_BUSINESS_TYPES = [
  'asn',
  'so',
  'rma',
  'claim',
  'wt',
  'fba',
  'fba_tsr',
  'fba_plat',
  'fba_exch',
  'fba_asn',
  'fwt',
  'express',
  'package',
  'ot',
  'jy',
] as const;
export type TBillBusinessType = (typeof BILL_BUSINESS_TYPES)[number];

/** Fee bill verification: 2 not reconciled, 3 reconciled. */
export const BILL_VERIFICATION = { notReconciled: 2, reconciled: 3 } as const;
/** Fee bill write-off: n not written off, p partially, y written off. */
export const WRITE_OFF_STATES = ['n', 'p', 'y'] as const;
export type TWriteOff = (typeof WRITE_OFF_STATES)[number];

/** Warehouse rent settlement cycle: 0 daily, 1 weekly, 2 half-monthly, 3 monthly. */
export const SETTLEMENT_CYCLES = [0, 1, 2, 3] as const;

/** Export task status: 0 not exported, 1 exporting, 2 error (aes_note says why), 3 done. */
export const EXPORT_STATUSES = { pending: 0, running: 1, failed: 2, done: 3 } as const;
/** Export type: 1 fee flow, 2 fee bill, 3 warehouse rent. */
export const EXPORT_TYPES = { flow: 1, bill: 2, rent: 3 } as const;

/** Credit application status: 0 voided, 2 pending review, 3 approved, 4 expired, 5 rejected (1 in a filter: all). */
export const CREDIT_STATUSES = { voided: 0, pending: 2, approved: 3, expired: 4, rejected: 5 } as const;
/** Payment note status: 0 voided, 1 pending review, 2 confirmed, 3 reviewed, 4 rejected, 5 completed (-1 in a filter: all). */
export const PAYMENT_NOTE_STATUSES = {
  voided: 0,
  pending: 1,
  confirmed: 2,
  reviewed: 3,
  rejected: 4,
  completed: 5,
} as const;

/** Page sizes of the cloud bill's lists (docs/product.md): 10, 20, 30. */
export const WMS_PAGE_SIZES = [10, 20, 30] as const;
/** Most rows of one page any warehouse list answers (the warehouse list is fetched 200 at a time). */
export const WMS_MAX_PAGE_SIZE = 200;
/** Proof images of an offline top-up: 1 to 5. */
export const MAX_PROOF_IMAGES = 5;
/** The basic currency balances are held in, and how RMB is shown. */
export const BASIC_CURRENCY = 'CNY';

/** Blank form fields ('' or null) count as not given. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = (fallback: 10 | 20 | 30) =>
  z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(10), z.literal(20), z.literal(30)]))
    .default(fallback);
const code = z.string().trim().max(64);
const searchText = z.string().trim().max(128);
const time = ZBillTime;
const intIn = <const T extends readonly number[]>(values: T) =>
  z.coerce
    .number()
    .int()
    .refine((v) => values.includes(v), { message: `one of ${values.join(', ')}` });
const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Yuan with two decimals, signed: what answers carry. */
export const ZMoneyText = z.string().regex(/^-?\d+\.\d{2}$/);
/** "YYYY-MM-DD HH:mm:ss" in business time (UTC+08:00), as the warehouse systems print times; '' when none. */
export const ZWmsTime = z.string();
const list = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int().min(0) });
const none = z.object({}).default({});
const done = z.object({ success: z.literal(true) });

// ---------------------------------------------------------------- entities (docs/product.md)

export const ZWmsProvider = z.object({ name: z.string(), wws_id: z.number().int() });
export type TWmsProvider = z.infer<typeof ZWmsProvider>;

export const ZFeeFlowRow = z.object({
  cbl_id: z.number().int(),
  platform: z.string(),
  site: z.string(),
  reference_no: z.string(),
  order_code: z.string(),
  cbl_refer_code: z.string(),
  tracking_number: z.string(),
  platform_shop: z.string(),
  /** Signed: negative for a deduction or freeze, positive for a credit or unfreeze. */
  cbl_transaction_value: ZMoneyText,
  /** The balance after this row. */
  cbl_current_value: ZMoneyText,
  ft_code: z.string(),
  ft_name_cn: z.string(),
  /** The fund direction (FUND_DIRECTIONS) and its title in the caller's language. */
  cbl_type: z.number().int(),
  cbl_type_title: z.string(),
  cbl_add_time: ZWmsTime,
  cbl_note: z.string(),
});
export type TFeeFlowRow = z.infer<typeof ZFeeFlowRow>;

export const ZFeeType = z.object({ ft_code: z.string(), ft_name_cn: z.string(), ft_name_en: z.string() });
export type TFeeType = z.infer<typeof ZFeeType>;

export const ZFeeBillRow = z.object({
  bi_id: z.number().int(),
  reference_no: z.string(),
  order_code: z.string(),
  bb_refer_code: z.string(),
  platform_shop: z.string(),
  warehouse_name: z.string(),
  ds_code: z.string(),
  ft_code: z.string(),
  ft_name: z.string(),
  /** In currency_code. */
  bi_amount: ZMoneyText,
  /** The original amount before any adjustment, in currency_code. */
  bi_org_amount: ZMoneyText,
  currency_code: z.string(),
  /** 2 not reconciled, 3 reconciled. */
  bi_status: z.number().int(),
  status_desc: z.string(),
  /** n, p or y. */
  bi_writeoff: z.string(),
  writeoff_desc: z.string(),
  bi_chargeable_time: ZWmsTime,
  bi_note: z.string(),
});
export type TFeeBillRow = z.infer<typeof ZFeeBillRow>;

export const ZWmsWarehouse = z.object({
  warehouse_id: z.number().int(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
});
export type TWmsWarehouse = z.infer<typeof ZWmsWarehouse>;

export const ZRentRow = z.object({
  is_id: z.number().int(),
  wis_code: z.string(),
  /** 0 daily, 1 weekly, 2 half-monthly, 3 monthly. */
  wp_settlement_cycle: z.number().int(),
  warehouse_name: z.string(),
  /** 1 settled, 0 not yet. */
  finish_flag: z.number().int(),
  /** Cubic metres, 3 decimals. */
  isdb_volume: z.string(),
  isdb_total_qty: z.number().int(),
  calc_amount: ZMoneyText,
  calc_currency: z.string(),
  is_amount: ZMoneyText,
  customer_currency_code: z.string(),
  bi_org_amount: ZMoneyText,
  currency_code: z.string(),
  is_date: ZWmsTime,
});
export type TRentRow = z.infer<typeof ZRentRow>;

export const ZBankAccount = z.object({
  ba_id: z.number().int(),
  ba_bankname: z.string(),
  ba_code: z.string(),
  ba_username: z.string(),
  currency_code: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZPaymentMethod = z.object({ pm_code: z.string(), pm_title: z.string() });
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZWmsAccount = z.object({
  company_code: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string(),
  fax: z.string(),
  company_name: z.string(),
});
export type TWmsAccount = z.infer<typeof ZWmsAccount>;

export const ZWmsBalance = z.object({
  /** What the account holds, CNY (may be below zero within the credit line). */
  cb_value: ZMoneyText,
  /** The approved credit line, CNY. */
  cb_credit_line: ZMoneyText,
  /** Frozen for pending charges, CNY. */
  cb_frozen: ZMoneyText,
  currency_code: z.string(),
});
export type TWmsBalance = z.infer<typeof ZWmsBalance>;

export const ZCurrency = z.object({
  currency_code: z.string(),
  currency_name: z.string(),
  currency_name_en: z.string(),
  /** CNY per one unit of this currency, as a decimal string ("7.1234"). */
  currency_rate: z.string().regex(/^\d+(\.\d+)?$/),
});
export type TCurrency = z.infer<typeof ZCurrency>;
export const ZCurrencyAnswer = z.object({ basicCurrency: z.string(), currencyList: z.array(ZCurrency) });
export type TCurrencyAnswer = z.infer<typeof ZCurrencyAnswer>;

export const ZExportTask = z.object({
  aes_id: z.string(),
  aes_name: z.string(),
  /** 0 to 100. */
  aes_progress: z.number().int().min(0).max(100),
  aes_add_time: ZWmsTime,
  aes_status: z.number().int(),
  aes_note: z.string(),
  /** Offered only at status 3; an authorized link that expires. */
  aes_url: z.string(),
});
export type TExportTask = z.infer<typeof ZExportTask>;

export const ZCreditApplication = z.object({
  acl_code: z.string(),
  acl_org_value: ZMoneyText,
  acl_apply_credit: ZMoneyText,
  acl_reason: z.string(),
  acl_note: z.string(),
  acl_applicant_time: ZWmsTime,
  effective_time: ZWmsTime,
  acl_status: z.number().int(),
  applicant_name: z.string(),
  acl_verify_time: ZWmsTime,
  acl_update_time: ZWmsTime,
});
export type TCreditApplication = z.infer<typeof ZCreditApplication>;

export const ZPaymentNote = z.object({
  pn_id: z.number().int(),
  reference_no: z.string(),
  pn_status: z.number().int(),
  pm_code: z.string(),
  pm_title: z.string(),
  transaction_no: z.string(),
  transaction_date: ZWmsTime,
  ba_bankname: z.string(),
  ba_code: z.string(),
  pn_amount: ZMoneyText,
  pn_arrival_amount: ZMoneyText,
  pn_currency_code: z.string(),
  user_code: z.string(),
  pn_add_time: ZWmsTime,
  pn_verify_time: ZWmsTime,
  pn_note: z.string(),
  /** The operator's rejection note. */
  pn_desc: z.string(),
  /** Proof image URLs. */
  attacheds: z.array(z.string()),
});
export type TPaymentNote = z.infer<typeof ZPaymentNote>;

// ---------------------------------------------------------------- list filters (shared by the lists and asyncExport)

export const ZFeeFlowFilters = z.object({
  ft_code: optional(code),
  platform: z.preprocess((v) => (typeof v === 'string' ? (v ? [v] : []) : v), z.array(code).max(50).default([])),
  search_code: optional(searchText),
  /** 1 serial number, 2 system order number, 3 warehouse order number, 4 tracking number, 5 shop name. */
  search_type: optional(intIn([1, 2, 3, 4, 5] as const)),
  /** Fund direction 0-3; absent: all. */
  cbl_type: optional(intIn(FUND_DIRECTION_IDS)),
  addDateFrom: optional(time),
  addDateEnd: optional(time),
});
export type TFeeFlowFilters = z.output<typeof ZFeeFlowFilters>;

export const ZFeeBillFilters = z.object({
  /** Business type (BILL_BUSINESS_TYPES). */
  ds_code: optional(z.enum(BILL_BUSINESS_TYPES)),
  /** 2 not reconciled, 3 reconciled. */
  bi_status: optional(intIn([2, 3] as const)),
  ft_code: optional(code),
  warehouse_id: optionalId(),
  /** 1 reference number, 2 order code, 3 bill reference code. */
  search_type: optional(intIn([1, 2, 3] as const)),
  search_code: optional(searchText),
  dateFor: optional(time),
  dateTo: optional(time),
});
export type TFeeBillFilters = z.output<typeof ZFeeBillFilters>;

export const ZRentFilters = z.object({
  warehouseId: optionalId(),
  /** What typeValueFrom/To bound: 1 volume, 2 quantity, 3 amount. */
  type: optional(intIn([1, 2, 3] as const)),
  typeValueFrom: optional(z.coerce.number().min(0).max(1e12)),
  typeValueTo: optional(z.coerce.number().min(0).max(1e12)),
  /** Part of the storage code (wis_code). */
  codeLike: optional(searchText),
  dateFor: optional(time),
  dateTo: optional(time),
});
export type TRentFilters = z.output<typeof ZRentFilters>;

// ---------------------------------------------------------------- the services (docs/api.md)

/** The file an export writes (beyond the contract, which names none): CSV unless asked for XLSX. */
export const ZExportFileType = z.enum(['csv', 'xlsx']).default('csv');

const paging = (fallback: 10 | 20 | 30) => ({ page, pageSize: pageSize(fallback) });

export const WMS_SERVICES = {
  getExportResults: {
    params: z.object({
      exportType: optional(intIn([1, 2, 3] as const)),
      ...paging(10),
      status: optional(intIn([0, 1, 2, 3] as const)),
    }),
    answer: list(ZExportTask),
  },
  asyncExport: {
    // The discriminator must be a plain literal for zod to pick the branch: "1" is made 1 first.
    params: z.preprocess(
      (v) =>
        v && typeof v === 'object' && typeof (v as { exportType?: unknown }).exportType === 'string'
          ? { ...v, exportType: Number((v as { exportType: string }).exportType) }
          : v,
      z.discriminatedUnion('exportType', [
        ZFeeFlowFilters.extend({ exportType: z.literal(1), fileType: ZExportFileType }),
        ZFeeBillFilters.extend({ exportType: z.literal(2), fileType: ZExportFileType }),
        ZRentFilters.extend({ exportType: z.literal(3), fileType: ZExportFileType }),
      ]),
    ),
    answer: z.object({ aes_id: z.string() }),
  },
  getCostWaterAndOrder: {
    params: ZFeeFlowFilters.extend(paging(20)),
    answer: list(ZFeeFlowRow),
  },
  getFeeType: { params: none, answer: z.object({ data: z.array(ZFeeType) }) },
  getCostBillAndOrder: {
    params: ZFeeBillFilters.extend(paging(20)),
    answer: list(ZFeeBillRow),
  },
  getWarehouse: {
    params: z.object({ page, pageSize: z.coerce.number().int().min(1).max(WMS_MAX_PAGE_SIZE).default(200) }),
    answer: list(ZWmsWarehouse),
  },
  getStorageCosts: {
    params: ZRentFilters.extend(paging(20)),
    answer: list(ZRentRow),
  },
  getBankAccount: {
    params: z.object({ paymentMethod: optional(code) }),
    answer: z.object({ data: z.array(ZBankAccount) }),
  },
  submitPayment: {
    params: z.object({
      paymentMethod: code.min(1),
      /** The day paid (YYYY-MM-DD or a bill time). */
      paymentDate: time.refine((v) => v !== ''),
      /** The receiving bank account (ba_id). */
      paymentAccount: id,
      paymentCurrency: z.string().trim().min(1).max(8),
      /** Yuan, at least 0.01. */
      paymentAmount: ZPositiveYuanAsFen,
      transactionNo: z.string().trim().min(1).max(64),
      paymentNote: z.string().trim().max(500).default(''),
      /** Proof image ids from the upload route, 1 to 5. */
      attachArr: z.array(z.string().trim().min(1).max(500)).min(1).max(MAX_PROOF_IMAGES),
    }),
    answer: z.object({ pn_id: z.number().int(), reference_no: z.string() }),
  },
  getAccount: { params: none, answer: ZWmsAccount },
  getBalance: { params: none, answer: ZWmsBalance },
  quotaApply: {
    params: z.object({
      /** The credit line asked for, yuan. */
      creditLine: ZPositiveYuanAsFen,
      /** When the line takes effect; must be later than now (checked by the service). */
      effectiveTime: time.refine((v) => v !== ''),
      note: z.string().trim().min(1).max(500),
    }),
    answer: z.object({ acl_code: z.string() }),
  },
  getCreditLineList: {
    params: z.object({
      ...paging(10),
      /** 1: all; else one CREDIT_STATUSES value. */
      status: optional(intIn([0, 1, 2, 3, 4, 5] as const)),
      /** What dateFor/dateTo bound: 1 application time, 2 review time. */
      time_type: optional(intIn([1, 2] as const)),
      applyName: optional(searchText),
      code: optional(code),
      dateFor: optional(time),
      dateTo: optional(time),
      /** 0 all, 1 applied in the warehouse system, 2 applied in this product. */
      channel: optional(intIn([0, 1, 2] as const)),
    }),
    answer: list(ZCreditApplication),
  },
  deleteApply: { params: z.object({ acl_code: code.min(1) }), answer: done },
  voidApply: { params: z.object({ acl_code: code.min(1) }), answer: done },
  getPaymentMethod: { params: none, answer: z.object({ data: z.array(ZPaymentMethod) }) },
  getPaymentNoteList: {
    params: z.object({
      ...paging(20),
      paymentCode: optional(code),
      /** -1 all, else one PAYMENT_NOTE_STATUSES value. */
      pnStatus: optional(intIn([-1, 0, 1, 2, 3, 4, 5] as const)),
      /** 1 serial number, 2 transaction number. */
      searchType: optional(intIn([1, 2] as const)),
      searchCode: optional(searchText),
      startDate: optional(time),
      endDate: optional(time),
    }),
    answer: list(ZPaymentNote),
  },
  getPaymentNoteDetail: { params: z.object({ noteID: id }), answer: ZPaymentNote },
  discardPayment: {
    params: z.object({ noteIDs: z.array(id).min(1).max(200) }),
    answer: z.object({ discarded: z.number().int() }),
  },
  customerRecharge: {
    params: z.object({
      amount: ZPositiveYuanAsFen,
      rechargeType: z.literal('alipay'),
    }),
    answer: z.object({ barcodeShowUrlContent: z.string(), orderNumber: z.string() }),
  },
  getPaymentDetail: {
    params: z.object({ orderCode: code.min(1) }),
    /** cpd_status 2: paid. */
    answer: z.object({ cpd_status: z.number().int() }),
  },
  getCurrency: { params: none, answer: ZCurrencyAnswer },
  /**
   * Not in the contract's list: the charts beside the lists (balance over time, spend by fee type)
   * for a day range of at most 366 days. Days are business days (UTC+08:00).
   */
  getFlowSummary: {
    params: z.object({ addDateFrom: time.refine((v) => v !== ''), addDateEnd: time.refine((v) => v !== '') }),
    answer: z.object({
      /** One row per day that had movements: the balance after the day's last row and the day's deductions. */
      days: z.array(z.object({ day: z.string(), balance: ZMoneyText, spend: ZMoneyText })),
      byFeeType: z.array(
        z.object({ ft_code: z.string(), ft_name_cn: z.string(), ft_name_en: z.string(), amount: ZMoneyText }),
      ),
    }),
  },
} as const;

export type WmsService = keyof typeof WMS_SERVICES;
export const WMS_SERVICE_NAMES = Object.keys(WMS_SERVICES) as WmsService[];
/** What a service receives after validation (money in fen). */
export type WmsParams<S extends WmsService> = z.output<(typeof WMS_SERVICES)[S]['params']>;
/** What the caller sends for a service (money in yuan strings). */
export type WmsParamsInput<S extends WmsService> = z.input<(typeof WMS_SERVICES)[S]['params']>;
export type WmsAnswer<S extends WmsService> = z.output<(typeof WMS_SERVICES)[S]['answer']>;

export function isWmsService(name: unknown): name is WmsService {
  return typeof name === 'string' && Object.hasOwn(WMS_SERVICES, name);
}

/** The body of POST wmsUnit. The service and its params are checked against WMS_SERVICES by the server. */
export const ZWmsUnitRequest = z.object({
  service: z.string().trim().min(1).max(64),
  wws_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TWmsUnitRequest = z.input<typeof ZWmsUnitRequest>;

/** The answer of GET server list. */
export const ZWmsProviderList = z.array(ZWmsProvider);

// ---------------------------------------------------------------- currency

/**
 * A currency code as shown: RMB is CNY (docs/product.md).
 */
export function displayCurrencyCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper === 'RMB' ? BASIC_CURRENCY : upper;
}

const RATE_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * An amount in CNY fen shown in another currency: the CNY value divided by the rate (CNY per
 * unit), rounded DOWN (toward minus infinity) to 3 decimals, by integer arithmetic. Returns the
 * decimal text ("12.345"), or null when the rate is not a positive decimal.
 */
export function convertFromCny(fen: number, rate: string): string | null {
  const match = RATE_PATTERN.exec(rate.trim());
  if (!match || !Number.isSafeInteger(fen)) return null;
  const decimals = match[2] ?? '';
  const rateScaled = BigInt(match[1]! + decimals); // rate * 10^decimals
  if (rateScaled === 0n) return null;
  // value = fen / 100 / rate; in thousandths: fen * 10 * 10^decimals / rateScaled
  const numerator = BigInt(fen) * 10n * 10n ** BigInt(decimals.length);
  let thousandths = numerator / rateScaled;
  if (numerator % rateScaled !== 0n && numerator < 0n) thousandths -= 1n;
  const negative = thousandths < 0n;
  const abs = negative ? -thousandths : thousandths;
  const whole = abs / 1000n;
  const frac = String(abs % 1000n).padStart(3, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/**
 * The balance panel's figure in `currencyCode`: CNY (or RMB) as is, with two decimals; another
 * listed currency converted by convertFromCny; an unknown one falls back to CNY (`fellBack`).
 */
export function showInCurrency(
  fen: number,
  currencyCode: string,
  currencies: readonly TCurrency[],
): { text: string; currency: string; fellBack: boolean } {
  const wanted = displayCurrencyCode(currencyCode);
  if (wanted === BASIC_CURRENCY) return { text: fenToYuanString(fen), currency: BASIC_CURRENCY, fellBack: false };
  const found = currencies.find((c) => displayCurrencyCode(c.currency_code) === wanted);
  const text = found ? convertFromCny(fen, found.currency_rate) : null;
  if (!found || text === null) return { text: fenToYuanString(fen), currency: BASIC_CURRENCY, fellBack: true };
  return { text, currency: wanted, fellBack: false };
}

// ---------------------------------------------------------------- operator console

export const opsWarehousePaths = {
  /** GET: every provider with its settings; POST {name, adapter, settings}: a new provider. */
  providers: '/api/ops/warehouse/providers',
  /** PUT: a provider's settings (currencies and rates, bank accounts, payment methods, account, ECCANG endpoint). */
  providerSettings: '/api/ops/warehouse/providers/:id/settings',
  /** GET ?tenant_id: tenants' provider links (wws_id); POST {tenant_id, provider_id}: link a tenant, answering its wws_id. */
  links: '/api/ops/warehouse/links',
  /** POST: one fee flow movement (idempotent by key). */
  fees: '/api/ops/warehouse/fees',
  /** POST: one fee bill. */
  bills: '/api/ops/warehouse/bills',
  /** POST: one warehouse rent row. */
  rents: '/api/ops/warehouse/rents',
  /** POST: many fee, bill or rent rows from CSV text. */
  import: '/api/ops/warehouse/import',
} as const;

const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3,8}$/)
  .transform((c) => displayCurrencyCode(c));

export const ZWarehouseSettings = z.object({
  currencies: z
    .array(
      z.object({
        currency_code: currencyCode,
        currency_name: z.string().trim().min(1).max(32),
        currency_name_en: z.string().trim().min(1).max(64),
        currency_rate: z
          .string()
          .trim()
          .regex(/^\d{1,8}(\.\d{1,8})?$/)
          .refine((r) => Number(r) > 0, 'rate must be above 0'),
      }),
    )
    .max(50)
    .default([]),
  bankAccounts: z
    .array(
      z.object({
        ba_id: z.number().int().min(1),
        pm_code: z.string().trim().min(1).max(32),
        ba_bankname: z.string().trim().min(1).max(128),
        ba_code: z.string().trim().min(1).max(64),
        ba_username: z.string().trim().min(1).max(128),
        currency_code: currencyCode,
      }),
    )
    .max(50)
    .default([]),
  paymentMethods: z
    .array(z.object({ pm_code: z.string().trim().min(1).max(32), pm_title: z.string().trim().min(1).max(64) }))
    .max(20)
    .default([]),
  account: z
    .object({
      company_code: z.string().trim().max(64).optional(),
      company_name: z.string().trim().max(128).optional(),
      firstname: z.string().trim().max(64).optional(),
      lastname: z.string().trim().max(64).optional(),
      email: z.string().trim().max(128).optional(),
      telephone: z.string().trim().max(32).optional(),
      fax: z.string().trim().max(32).optional(),
    })
    .optional(),
  eccang: z
    .object({
      endpoint: z.url().max(500),
      appToken: z.string().trim().max(200).default(''),
      appKey: z.string().trim().max(200).default(''),
    })
    .optional(),
});
export type TWarehouseSettings = z.output<typeof ZWarehouseSettings>;

export const ZOpsProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  adapter: z.string(),
  settings: z.unknown(),
  tenants: z.number().int(),
  updated_at: z.string(),
});
export const ZOpsProviderParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const WAREHOUSE_ADAPTERS = ['local', 'eccang'] as const;

/**
 * A new provider: its name (unique), the adapter that runs it (this product's own engine, or the
 * ECCANG OMS, which needs its endpoint) and its settings (currencies, bank accounts, ...; all may
 * be filled in later).
 */
export const ZOpsProviderCreate = z
  .object({
    name: z.string().trim().min(1).max(64),
    adapter: z.enum(WAREHOUSE_ADAPTERS),
    settings: ZWarehouseSettings.prefault({}),
  })
  .superRefine((value, ctx) => {
    if (value.adapter === 'eccang' && !value.settings.eccang)
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'eccang', 'endpoint'],
        message: 'the ECCANG adapter needs its endpoint',
      });
  });
export type TOpsProviderCreate = z.output<typeof ZOpsProviderCreate>;

export const ZOpsLinkQuery = z.object({ tenant_id: optionalId() });
/**
 * Links a tenant to a provider: the tenant's warehouse account there opens at zero. The
 * warehouses (the tenant's own, from reference data) are the ones this provider serves, for
 * data authority on its bills. Linking again answers the same wws_id.
 */
export const ZOpsLinkCreate = z.object({
  tenant_id: id,
  provider_id: id,
  warehouse_ids: z.array(id).max(50).default([]),
  /**
   * The tenant's own keys at a remote (ECCANG) provider, used instead of the provider's; write-only
   * (never answered). Sent again, they replace the stored ones.
   */
  credentials: z
    .object({ appToken: z.string().trim().min(1).max(200), appKey: z.string().trim().min(1).max(200) })
    .optional(),
});
export type TOpsLinkCreate = z.output<typeof ZOpsLinkCreate>;
export const ZOpsLinkCreated = z.object({ wws_id: z.number().int(), created: z.boolean() });
export const ZOpsLink = z.object({
  wws_id: z.number().int(),
  main_id: z.number().int(),
  user_name: z.string(),
  provider_id: z.number().int(),
  name: z.string(),
  adapter: z.string(),
  credit_line: ZMoneyText,
});

const opsText = (max: number) => z.string().trim().max(max).default('');
const opsKey = z
  .string()
  .trim()
  .regex(/^[\w.:-]{1,120}$/, 'letters, digits, _ . : - (1 to 120)');
/** Signed yuan for bill and rent amounts (a refund or adjustment may be negative). */
const signedYuanAsFen = z.coerce
  .string()
  .trim()
  .regex(/^-?(0|[1-9]\d{0,10})(\.\d{1,2})?$/, VALIDATION_SIGNED_YUAN)
  .transform((v) => (v.startsWith('-') ? -yuanToFen(v.slice(1)) : yuanToFen(v)));

export const ZOpsFeePost = z.object({
  wws_id: id,
  key: opsKey,
  /** 0 freeze, 1 unfreeze, 2 deduction, 3 credit. */
  direction: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
  /** Yuan; may be left out for an unfreeze or a deduction that settles a freeze (the frozen amount). */
  amount: optional(ZPositiveYuanAsFen),
  ft_code: code.min(1),
  /** The freeze's key, for an unfreeze or a deduction of frozen money. */
  settles_key: optional(opsKey),
  /** The warehouse charged (one of the link's); none for the account's own movements. A settlement takes its freeze's. */
  warehouse_id: optional(id),
  platform: opsText(32),
  site: opsText(32),
  reference_no: opsText(64),
  order_code: opsText(64),
  refer_code: opsText(64),
  tracking_number: opsText(64),
  platform_shop: opsText(128),
  note: opsText(500),
  /** Business time of the movement; now when left out. */
  at: optional(time),
});
export type TOpsFeePost = z.output<typeof ZOpsFeePost>;

export const ZOpsBillPost = z.object({
  wws_id: id,
  key: opsKey,
  warehouse_id: optionalId(),
  ds_code: z.enum(BILL_BUSINESS_TYPES),
  ft_code: code.min(1),
  reference_no: opsText(64),
  order_code: opsText(64),
  refer_code: opsText(64),
  platform_shop: opsText(128),
  amount: signedYuanAsFen,
  org_amount: optional(signedYuanAsFen),
  currency_code: currencyCode.default(BASIC_CURRENCY),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(2), z.literal(3)]))
    .default(2),
  writeoff: z.enum(WRITE_OFF_STATES).default('n'),
  chargeable_time: time.refine((v) => v !== ''),
  note: opsText(500),
});
export type TOpsBillPost = z.output<typeof ZOpsBillPost>;

export const ZOpsRentPost = z.object({
  wws_id: id,
  key: opsKey,
  warehouse_id: optionalId(),
  wis_code: z.string().trim().min(1).max(64),
  settlement_cycle: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
  finish_flag: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
  volume: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,3})?$/),
  total_qty: z.coerce.number().int().min(0).max(2_000_000_000),
  amount: signedYuanAsFen,
  currency_code: currencyCode.default(BASIC_CURRENCY),
  is_date: time.refine((v) => v !== ''),
});
export type TOpsRentPost = z.output<typeof ZOpsRentPost>;

/** CSV import: the header row names the columns of the kind's form (without wws_id). */
export const ZOpsImport = z.object({
  kind: z.enum(['fee', 'bill', 'rent']),
  wws_id: id,
  csv: z.string().min(1).max(2_000_000),
});
export const ZOpsImportResult = z.object({ imported: z.number().int(), unchanged: z.number().int() });
export const ZOpsPosted = z.object({ id: z.number().int(), applied: z.boolean() });
