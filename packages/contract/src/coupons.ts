import { z } from 'zod';

/** The coupons of an account (docs/product.md, my coupons). */

export const couponPaths = {
  coupon: '/api/v1/user/coupon',
} as const;

/**
 * Coupon tabs: not used (0), used (1), expired (2). The list of one tab comes whole (no paging),
 * not used by soonest expiry, used by latest use, expired by latest expiry.
 */
export const COUPON_STATUSES = [0, 1, 2] as const;
export const ZCouponQuery = z.object({
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .default(0),
  use_type: z.coerce.number().int().min(1).max(3).optional(),
  /** Only the coupons of one system (1 ERP, 2 selection): what an order of that system may use. */
  system_type: z.coerce.number().int().min(1).max(2).optional(),
});
export const ZCoupon = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 1 package purchase, 2 software top-up, 3 cloud-warehouse top-up */
  use_type: z.number().int(),
  /** shown when use_type is 2: 1 text translation A, 2 text translation B, 3 image cutout, 4 image translation, 6 listing usage, 7 image translation (other provider) */
  use_type_value: z.number().int().nullable(),
  /** 1 fixed amount, 2 threshold reduction, 3 fixed discount */
  discount_type: z.number().int(),
  /**
   * Types 1 and 2: yuan as a decimal string ("50.00"; money is never a float). Type 3: the rate
   * in tenths of the price paid, Chinese style ("8.50" = 8.5折 = pay 85 %, i.e. 15 % off).
   */
  discount_value: z.string(),
  /** Yuan, decimal string; the threshold of type 2 ("0.00" otherwise). */
  min_basket_price: z.string(),
  expiration_time: z.string(),
  /** 1 ERP, 2 selection */
  system_type: z.number().int(),
});
export type TCoupon = z.infer<typeof ZCoupon>;
export const ZCouponList = z.array(ZCoupon);

/**
 * The service a software top-up coupon (use_type 2) is for (`use_type_value`) that a value-added
 * package adding quota of this deduction type answers to: text translation 1, the other text
 * translation 2, matting 3, picture translation 4, listing quota 6, a third party's image
 * translation 7. Undefined for quota no coupon service names (e.g. video translation): only a
 * coupon without a service fits it.
 */
const COUPON_SERVICE_BY_QUOTA_TYPE: Readonly<Record<number, number>> = { 4: 1, 5: 2, 3: 3, 2: 4, 1: 6, 6: 7 };
export function couponServiceFor(quotaType: number): number | undefined {
  return COUPON_SERVICE_BY_QUOTA_TYPE[quotaType];
}

/**
 * Whether a coupon may be used for a package of this service (`couponServiceFor`, null when the
 * purchase is no value-added package): a coupon naming a service fits only that service's
 * packages; one naming none (plans, top-ups) fits by use type alone.
 */
export function couponFitsService(
  coupon: { use_type_value: number | null },
  service: number | null | undefined,
): boolean {
  return coupon.use_type_value === null || coupon.use_type_value === service;
}
