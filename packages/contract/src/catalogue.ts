import { z } from 'zod';
import { optionalId } from './ids.ts';

/**
 * What can be bought (docs/product.md, service upgrade): plan platforms with their shop-count and cycle
 * choices, the price of one choice, value-added packages by category, third-party top-up
 * amounts; and the tenant's plans with their days remaining. Every price is decided by the
 * server; amounts travel as yuan strings with two decimals ("12.50"), never as floats.
 */

export const cataloguePaths = {
  platforms: '/api/v3/package/payment',
  price: '/api/v3/package/payment/price',
  levels: '/api/v2/package/getPackageLevelList',
  warehousePayAmount: '/api/v1/package/getWarehousePayAmount',
  systemMenu: '/api/v2/user/system/menu',
} as const;

/** A yuan amount as the server writes it: digits, a point, two decimals. */
export const ZYuanString = z.string().regex(/^\d{1,13}\.\d{2}$/);

/** Attribute codes of a plan platform: shop count and cycle (months). */
export const PLAN_ATTRIBUTES = ['shop_number', 'cycle'] as const;

export const ZAttributeItem = z.object({
  item_name: z.string(),
  /** The value sent back in generateOrder's package_id: shop count, or the cycle in months. */
  item_value: z.number().int(),
});
export const ZPackageAttribute = z.object({
  attribute_code: z.enum(PLAN_ATTRIBUTES),
  attribute_name: z.string(),
  attribute_item: z.array(ZAttributeItem),
  /** 1: besides the items, any whole number from 1 may be entered (custom shop count); 0: items only. */
  custom_status: z.union([z.literal(0), z.literal(1)]),
});
export const ZPlanPlatform = z.object({
  ppi_id: z.number().int(),
  platform: z.string(),
  platform_image_url: z.string(),
  attribute_list: z.array(ZPackageAttribute),
});
export type TPlanPlatform = z.infer<typeof ZPlanPlatform>;
export const ZPlanPlatformList = z.array(ZPlanPlatform);

export const ZPriceQuery = z.object({
  ppi_id: z.coerce.number().int().min(1).max(2_147_483_647),
  shop_number: z.coerce.number().int().min(1).max(10_000),
  cycle: z.coerce.number().int().min(1).max(120),
  /** A coupon of the tenant's to price with, checked as generateOrder checks it; absent, no coupon. */
  coupon_id: optionalId(2_147_483_647),
});
export type TPriceQuery = z.infer<typeof ZPriceQuery>;
export const ZPriceInfo = z.object({
  title: z.string(),
  original_price: ZYuanString,
  selling_price: ZYuanString,
  /** What the coupon takes off the selling price ("0.00" without one). */
  discount: ZYuanString,
  /** What the order will charge: the selling price less the discount. */
  amount: ZYuanString,
  /**
   * The platform's plan once this one is paid now (one end per platform, docs/decisions.md):
   * its shop count and end, so the seller sees what is delivered before paying.
   */
  shop_number_after: z.number().int(),
  expire_at_after: z.string(),
});
export type TPriceInfo = z.infer<typeof ZPriceInfo>;

export const ZValueAddedPackage = z.object({
  package_pay_id: z.number().int(),
  package_name: z.string(),
  /** The software bill's type of this package (1 to 5, 11 video translation). */
  package_type: z.number().int(),
  /** What is paid (yuan). */
  price: ZYuanString,
  /** The list price it is compared with (yuan). */
  retail_price: ZYuanString,
  /** The coupon service (`use_type_value`) this package answers to; null when no service names it. */
  coupon_service: z.number().int().nullable(),
});
export const ZRechargeCategory = z.object({
  category: z.string(),
  /** 2 value-added service (pay_type 2), 4 another system's service (pay_type 4). */
  service_type: z.number().int(),
  /** Service name -> its packages. */
  detail: z.record(z.string(), z.array(ZValueAddedPackage)),
  /** Shown only to the default company: exclusive to annual-plan customers of the selection tool. */
  annual_plan_only: z.boolean(),
});
export type TRechargeCategory = z.infer<typeof ZRechargeCategory>;
export const ZRechargeCategoryList = z.array(ZRechargeCategory);

export const ZWarehousePayAmount = z.object({ id: z.number().int(), amount: ZYuanString });
export const ZWarehousePayAmountList = z.array(ZWarehousePayAmount);

export const ZSystemMenuPackage = z.object({
  platform: z.string(),
  /** 1 ERP, 2 selection */
  system: z.number().int(),
  shop_number: z.number().int(),
  /** ISO 8601, UTC. */
  package_end_time: z.string(),
  /** 0 if past, 1 if due today, otherwise the days left rounded up. */
  days_remaining: z.number().int().min(0),
});
export const ZSystemMenu = z.object({ package_list: z.array(ZSystemMenuPackage) });
export type TSystemMenu = z.infer<typeof ZSystemMenu>;

// ---- the operator console's catalogue editing (services exported for ops-console) ----------

export const ZPlanPlatformUpdate = z.object({
  ppi_id: z.number().int().min(1),
  /** Price of one shop for one month, yuan. */
  shop_month_price: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional(),
  enabled: z.boolean().optional(),
});
export const ZValueAddedUpdate = z.object({
  package_pay_id: z.number().int().min(1),
  price: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional(),
  retail_price: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional(),
  enabled: z.boolean().optional(),
});
