import { z } from 'zod';
import { optionalId } from './ids.ts';
import { OPS_PREFIX } from './operators.ts';
import { VALIDATION } from './validation.ts';

/**
 * The operator console's work calls (all under /api/ops, an operator's token only): coupons
 * created and issued to tenants, and the money views added beside them. Sign-in and the
 * operator's own session are in operators.ts.
 */
export const opsPaths = {
  /** GET: issued coupons, paged; POST: create a coupon and issue it to one tenant. */
  coupons: `${OPS_PREFIX}/coupons`,
  /** POST: issue a copy of an existing coupon's terms to another tenant. */
  couponIssue: `${OPS_PREFIX}/coupons/:id/issue`,
  /** GET ?tenant_id= | ?area=&phone_number= | ?user_name=: the tenant a coupon would go to, or the tenant page opens. */
  tenantLookup: `${OPS_PREFIX}/tenants/lookup`,
} as const;

/** Web routes of the console: its own sign-in, apart from sellers' /login. */
export const opsWebPaths = {
  root: '/ops',
  signIn: '/ops/sign-in',
} as const;

export const OPS_PAGE_SIZES = [10, 20, 50] as const;
export const ZOpsPageSize = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(10), z.literal(20), z.literal(50)]));

/**
 * Yuan as the browser types it: digits with at most two decimals ("50", "8.5", "120.00"), never a
 * float on the wire. Coupons keep yuan in numeric(12, 2), so at most ten integer digits.
 */
export const ZYuanInput = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, VALIDATION.yuanTwoDecimals);

/** Which tenant: its id, or its main account's mobile number (area code defaulting to 86). */
export const ZTenantRef = z.object({
  tenant_id: optionalId(),
  area: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .default('86'),
  phone_number: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/)
    .optional(),
});
export type TTenantRef = z.infer<typeof ZTenantRef>;

function requireOneTenant(
  value: { tenant_id?: number | undefined; phone_number?: string | undefined; user_name?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const given =
    Number(value.tenant_id !== undefined) +
    Number(value.phone_number !== undefined) +
    Number(value.user_name !== undefined);
  if (given !== 1) {
    ctx.addIssue({ code: 'custom', path: ['tenant_id'], message: VALIDATION.oneTenant });
  }
}

/** The lookup also takes the main account's account name (the console's tenant search). */
export const ZTenantLookupQuery = ZTenantRef.extend({
  user_name: z.string().trim().min(1).max(64).optional(),
}).superRefine(requireOneTenant);
export type TTenantLookupQuery = z.infer<typeof ZTenantLookupQuery>;

export const ZOpsTenant = z.object({
  tenant_id: z.number().int(),
  user_name: z.string().nullable(),
  area: z.string(),
  phone_number: z.string(),
  company_name: z.string(),
});
export type TOpsTenant = z.infer<typeof ZOpsTenant>;

export const USE_TYPES = [1, 2, 3] as const;
export const USE_TYPE_VALUES = [1, 2, 3, 4, 6, 7] as const;
export const DISCOUNT_TYPES = [1, 2, 3] as const;

/** The terms of a coupon (docs/product.md's shape), as an operator writes them. */
const ZCouponTermsShape = z.object({
  title: z.string().trim().min(1).max(64),
  /** 1 package purchase, 2 software top-up, 3 cloud-warehouse top-up */
  use_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Which software top-up (required with use_type 2, not allowed otherwise). */
  use_type_value: z
    .number()
    .int()
    .refine((v) => (USE_TYPE_VALUES as readonly number[]).includes(v))
    .nullable()
    .optional(),
  /** 1 fixed amount, 2 threshold reduction, 3 fixed discount */
  discount_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Yuan for types 1 and 2; for type 3 the rate in tenths paid, above 0 and below 10 ("8.5" = pay 85 %). */
  discount_value: ZYuanInput,
  /** Yuan; the threshold of type 2, above the reduction ("0" otherwise). */
  min_basket_price: ZYuanInput.default('0'),
  /** ISO 8601 with an offset; must lie in the future. */
  expiration_time: z.iso.datetime({ offset: true }),
  /** 1 ERP, 2 selection */
  system_type: z.union([z.literal(1), z.literal(2)]).default(1),
});

/** Rules between the fields of a coupon's terms, each issue naming the field to fix. */
function checkCouponTerms(value: z.infer<typeof ZCouponTermsShape>, ctx: z.RefinementCtx) {
  const amount = Number(value.discount_value);
  const threshold = Number(value.min_basket_price);
  if (value.use_type === 2 && value.use_type_value == null) {
    ctx.addIssue({ code: 'custom', path: ['use_type_value'], message: VALIDATION.softwareTopUpRequired });
  }
  if (value.use_type !== 2 && value.use_type_value != null) {
    ctx.addIssue({ code: 'custom', path: ['use_type_value'], message: VALIDATION.softwareTopUpOnly });
  }
  if (!(amount > 0)) ctx.addIssue({ code: 'custom', path: ['discount_value'], message: VALIDATION.aboveZero });
  if (value.discount_type === 3 && amount >= 10) {
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: VALIDATION.discountRate });
  }
  if (value.discount_type === 2 && !(threshold > amount)) {
    ctx.addIssue({ code: 'custom', path: ['min_basket_price'], message: VALIDATION.aboveReduction });
  }
  if (Date.parse(value.expiration_time) <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['expiration_time'], message: VALIDATION.inFuture });
  }
}

export const ZOpsCouponCreate = ZCouponTermsShape.extend(ZTenantRef.shape).superRefine((value, ctx) => {
  requireOneTenant(value, ctx);
  checkCouponTerms(value, ctx);
});
export type TOpsCouponCreate = z.infer<typeof ZOpsCouponCreate>;

export const ZOpsCouponIssueParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const ZOpsCouponIssue = ZTenantRef.extend({
  /** A new expiry for the copy; by default the original's (which must still lie ahead). */
  expiration_time: z.iso.datetime({ offset: true }).optional(),
}).superRefine((value, ctx) => {
  requireOneTenant(value, ctx);
  if (value.expiration_time && Date.parse(value.expiration_time) <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['expiration_time'], message: VALIDATION.inFuture });
  }
});
export type TOpsCouponIssue = z.infer<typeof ZOpsCouponIssue>;

/** 0 not used, 1 used, 2 expired: the seller's tabs. */
export const ZOpsCouponQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZOpsPageSize.default(10),
  tenant_id: optionalId(),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .optional(),
});
export type TOpsCouponQuery = z.infer<typeof ZOpsCouponQuery>;

export const ZOpsCoupon = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  /** The tenant's main account: its user name, or its phone number without one. */
  tenant_name: z.string(),
  title: z.string(),
  use_type: z.number().int(),
  use_type_value: z.number().int().nullable(),
  discount_type: z.number().int(),
  /** Decimal strings with two places, as the seller sees them ("50.00"). */
  discount_value: z.string(),
  min_basket_price: z.string(),
  expiration_time: z.string(),
  system_type: z.number().int(),
  /** 0 not used, 1 used, 2 expired */
  status: z.number().int(),
  created_at: z.string(),
});
export type TOpsCoupon = z.infer<typeof ZOpsCoupon>;
export const ZOpsCouponPage = z.object({ total: z.number().int(), data: z.array(ZOpsCoupon) });
export type TOpsCouponPage = z.infer<typeof ZOpsCouponPage>;

// ---- catalogue and prices -----------------------------------------------------------------------

export const opsCataloguePaths = {
  /** GET: every plan platform (with its shop counts and cycles), value-added package and top-up amount. */
  catalogue: `${OPS_PREFIX}/catalogue`,
  /** PUT: a plan platform's shop-month price or availability. */
  platform: `${OPS_PREFIX}/catalogue/platforms/:ppi_id`,
  /** PUT: a value-added package's prices or availability. */
  valueAdded: `${OPS_PREFIX}/catalogue/value-added/:package_pay_id`,
  /** PUT: a warehouse (third-party) top-up amount or its availability. */
  topUp: `${OPS_PREFIX}/catalogue/top-ups/:id`,
} as const;

/** A price an operator sets: yuan with at most two decimals, above zero. */
export const ZPriceInput = ZYuanInput.refine((v) => Number(v) > 0, VALIDATION.aboveZero);

const ZIdParam = z.coerce.number().int().positive().max(2_147_483_647);
export const ZOpsPlatformParams = z.object({ ppi_id: ZIdParam });
export const ZOpsValueAddedParams = z.object({ package_pay_id: ZIdParam });
export const ZOpsTopUpParams = z.object({ id: ZIdParam });

export const ZOpsPlatformUpdate = z.object({
  /** One shop for one month, yuan; a plan's price is this x shops x months x the cycle's percent. */
  shop_month_price: ZPriceInput.optional(),
  enabled: z.boolean().optional(),
});
export type TOpsPlatformUpdate = z.infer<typeof ZOpsPlatformUpdate>;

export const ZOpsValueAddedUpdate = z
  .object({ price: ZPriceInput.optional(), retail_price: ZPriceInput.optional(), enabled: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (v.price !== undefined && v.retail_price !== undefined && Number(v.price) > Number(v.retail_price)) {
      ctx.addIssue({ code: 'custom', path: ['retail_price'], message: VALIDATION.notBelowPrice });
    }
  });
export type TOpsValueAddedUpdate = z.infer<typeof ZOpsValueAddedUpdate>;

export const ZOpsTopUpUpdate = z.object({ amount: ZPriceInput.optional(), enabled: z.boolean().optional() });
export type TOpsTopUpUpdate = z.infer<typeof ZOpsTopUpUpdate>;

/** Amounts below are yuan strings with two decimals ("30.00"), as the seller's pages show them. */
export const ZOpsPlatform = z.object({
  ppi_id: z.number().int(),
  /** 1 ERP, 2 selection */
  system: z.number().int(),
  platform: z.string(),
  shop_month_price: z.string(),
  enabled: z.boolean(),
  shop_numbers: z.array(z.number().int()),
  /** Months, each with the percent of its list price it pays. */
  cycles: z.array(z.object({ months: z.number().int(), price_percent: z.number().int() })),
});
export type TOpsPlatform = z.infer<typeof ZOpsPlatform>;
export const ZOpsValueAdded = z.object({
  package_pay_id: z.number().int(),
  category: z.string(),
  service: z.string(),
  package_name: z.string(),
  price: z.string(),
  retail_price: z.string(),
  default_company_only: z.boolean(),
  enabled: z.boolean(),
});
export type TOpsValueAdded = z.infer<typeof ZOpsValueAdded>;
export const ZOpsTopUp = z.object({ id: z.number().int(), amount: z.string(), enabled: z.boolean() });
export type TOpsTopUp = z.infer<typeof ZOpsTopUp>;
export const ZOpsCatalogue = z.object({
  platforms: z.array(ZOpsPlatform),
  value_added: z.array(ZOpsValueAdded),
  top_ups: z.array(ZOpsTopUp),
});
export type TOpsCatalogue = z.infer<typeof ZOpsCatalogue>;

// ---- orders and payments ------------------------------------------------------------------------

export const opsOrderPaths = {
  /** GET: every tenant's orders, newest first. */
  orders: `${OPS_PREFIX}/orders`,
  /** GET: one order with its payment notifications and state changes. */
  order: `${OPS_PREFIX}/orders/:order_code`,
  /** POST: refund a paid order in full or in part (finance). */
  refund: `${OPS_PREFIX}/orders/:order_code/refund`,
  /** GET: the last payment reconciliation runs with their differences. */
  reconciliations: `${OPS_PREFIX}/payments/reconciliations`,
} as const;

/**
 * A refund: yuan with at most two decimals, more than 0; a reason; and the caller's refund key, so
 * a retry or a double click refunds once (the console makes one per opened form).
 */
export const ZOpsRefundRequest = z.object({
  amount: z
    .union([z.string().trim(), z.number()])
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, VALIDATION.yuanTwoDecimals)
        .refine((v) => Number(v) > 0, VALIDATION.aboveZero),
    ),
  reason: z.string().trim().min(1).max(500),
  refund_key: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type TOpsRefundRequest = z.infer<typeof ZOpsRefundRequest>;

/** One difference between our book and the provider's statement of a day. */
export const RECONCILIATION_DIFFERENCES = ['missing_here', 'missing_at_provider', 'amount_differs'] as const;
export const ZReconciliationDifference = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCES),
  /** payment or refund */
  line: z.enum(['payment', 'refund']),
  order_code: z.string(),
  /** The trade number (payment) or refund number (refund). */
  reference: z.string(),
  /** yuan, ours; null when we have none */
  ours: z.string().nullable(),
  /** yuan, the provider's; null when it has none */
  theirs: z.string().nullable(),
});
export type TReconciliationDifference = z.infer<typeof ZReconciliationDifference>;
export const ZReconciliationRun = z.object({
  id: z.number().int(),
  business_date: z.string(),
  provider: z.string(),
  trigger: z.enum(['job', 'script', 'console']),
  payments: z.number().int(),
  refunds: z.number().int(),
  difference_count: z.number().int(),
  differences: z.array(ZReconciliationDifference),
  ran_at: z.string(),
});
export type TReconciliationRun = z.infer<typeof ZReconciliationRun>;
export const ZReconciliationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const OPS_ORDER_STATES = ['unpaid', 'paid', 'expired', 'cancelled'] as const;

export const ZOpsOrderQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZOpsPageSize.default(10),
  order_code: z.string().trim().max(64).optional(),
  tenant_id: optionalId(),
  state: z.enum(OPS_ORDER_STATES).optional(),
});
export type TOpsOrderQuery = z.infer<typeof ZOpsOrderQuery>;
export const ZOpsOrderParams = z.object({ order_code: z.string().trim().min(1).max(64) });
