import { couponFitsService, type TCoupon } from '@seller-centre/contract/coupons';
import { DEFAULT_LANGUAGE, type TLanguage } from '@seller-centre/contract/i18n';
export { couponSystemFor } from '@seller-centre/contract/orders';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { seededText } from '../../messages/seeded.ts';
import { isYuan, yuanToFen } from '@seller-centre/contract/money';
import {
  findCouponById,
  findCouponPage,
  findCoupons,
  findCouponTerms,
  insertCoupon,
  releaseCouponRow,
  reserveCouponRow,
  useCouponRow,
  type NewCoupon,
} from './repository.ts';

/**
 * Coupons own the `coupons` table: a tenant's coupons as the seller sees them, the coupons an
 * order reserves and uses, and the coupons the operator console issues. Other modules call these.
 */

/** The tenant's coupons of one tab: not used (0), used (1) or expired (2), optionally of one use type. */
export async function listCoupons(
  db: Db,
  principal: Principal,
  query: { status: 0 | 1 | 2; use_type?: number | undefined; system_type?: number | undefined },
  lang: TLanguage = DEFAULT_LANGUAGE,
): Promise<TCoupon[]> {
  const rows = await findCoupons(db, principal.tenantId, query.status, query.use_type, query.system_type);
  return rows.map((r) => ({ ...r, title: seededText(lang, r.title), expiration_time: r.expiration_time.toISOString() }));
}

// ---- orders: a coupon is checked, reserved by an unpaid order, used when it is paid ---------

/** Which coupon use_type fits an order's pay_type: plans 1, value-added (2 and 4) 2, top-ups 3. */
export function couponUseTypeFor(payType: number): number {
  return payType === 1 ? 1 : payType === 3 ? 3 : 2;
}

/**
 * What a coupon takes off a price, in fen: type 1 a fixed amount, type 2 a fixed amount once the
 * price reaches the threshold, type 3 a rate in tenths paid ("8.50": pay 85 %, rounded half
 * up). Never the whole price: at least 0.01 is paid. Null when the price is below the
 * coupon's minimum basket.
 */
export function couponDiscountFen(
  coupon: { discount_type: number; discount_value: string; min_basket_price: string },
  priceFen: number,
): number | null {
  const minFen = isYuan(coupon.min_basket_price) ? yuanToFen(coupon.min_basket_price) : 0;
  if (priceFen < minFen) return null;
  const valueFen = isYuan(coupon.discount_value) ? yuanToFen(coupon.discount_value) : 0;
  let discount: number;
  if (coupon.discount_type === 3) {
    // valueFen is the rate x 100 (8.50 -> 850); paid = price x rate / 10.
    const paid = Math.floor((priceFen * valueFen + 500) / 1000);
    discount = priceFen - paid;
  } else {
    discount = valueFen;
  }
  return Math.max(0, Math.min(discount, priceFen - 1));
}

export type CouponCheck = { couponId: number; discountFen: number };

/**
 * Checks that the tenant may use the coupon on this purchase and what it takes off: 404 when it
 * is not the tenant's, 400 naming coupon_id when it is used, expired, for another use, system or
 * service (`service`: the coupon service of a value-added package, `couponServiceFor`; null for
 * other purchases), or the price is below its minimum, 409 when an unpaid order holds it.
 */
export async function checkCouponForOrder(
  db: Db,
  input: {
    couponId: number;
    tenantId: number;
    payType: number;
    system: number;
    priceFen: number;
    service?: number | null | undefined;
  },
): Promise<CouponCheck> {
  const coupon = await findCouponById(db, input.couponId);
  if (!coupon || coupon.main_id !== input.tenantId) throw AppError.notFound('couponNotFound');
  const field = 'coupon_id';
  if (coupon.used_at) throw AppError.badRequest('couponUsed', { field });
  if (coupon.expired) throw AppError.badRequest('couponExpired', { field });
  if (coupon.use_type !== couponUseTypeFor(input.payType)) throw AppError.badRequest('couponWrongUse', { field });
  if (coupon.system_type !== input.system) throw AppError.badRequest('couponWrongSystem', { field });
  if (!couponFitsService(coupon, input.service)) throw AppError.badRequest('couponWrongService', { field });
  const discountFen = couponDiscountFen(coupon, input.priceFen);
  if (discountFen === null) throw AppError.badRequest('couponBelowMinimum', { field, min: coupon.min_basket_price });
  if (coupon.reserved_order_id !== null) throw AppError.conflict('couponReserved');
  return { couponId: coupon.id, discountFen };
}

/** Reserves the coupon for the order (in the order's transaction); 409 when another order got it first. */
export async function reserveCoupon(db: Db, input: { couponId: number; tenantId: number; orderId: number }) {
  if (!(await reserveCouponRow(db, input.couponId, input.tenantId, input.orderId))) {
    throw AppError.conflict('couponReserved');
  }
}

/** Frees the coupon an unpaid order held (expiry, cancel); nothing when it held none. */
export async function releaseCoupon(db: Db, input: { couponId: number; orderId: number }) {
  return releaseCouponRow(db, input.couponId, input.orderId);
}

/** Marks the coupon used by the paid order; false when it was meanwhile used by another (a late payment). */
export async function useCoupon(db: Db, input: { couponId: number; orderId: number }) {
  return useCouponRow(db, input.couponId, input.orderId);
}

// ---- the operator console: issuing coupons to tenants -----------------------------------------

export type { NewCoupon };

/**
 * Gives a tenant a coupon (the operator console). The caller has checked the terms (the
 * contract's rules) and that `tenantId` is a main account; returns the new coupon's id.
 */
export function issueCoupon(db: Db, coupon: NewCoupon): Promise<number> {
  return insertCoupon(db, coupon);
}

/** One coupon with its owner, whoever owns it (the operator console only: no tenant check). */
export const findCouponForOperator = findCouponTerms;

/** A coupon's tab, derived as the seller's list derives it. */
export function couponStatus(usedAt: Date | null, expirationTime: Date, now = new Date()): 0 | 1 | 2 {
  if (usedAt) return 1;
  return expirationTime > now ? 0 : 2;
}

/** Every tenant's coupons, newest first (the operator console). */
export async function listIssuedCoupons(
  db: Db,
  query: {
    page: number;
    pageSize: number;
    tenantId?: number | undefined;
    status?: 0 | 1 | 2 | undefined;
    couponId?: number | undefined;
  },
) {
  const { total, rows } = await findCouponPage(db, query);
  const now = new Date();
  return {
    total,
    rows: rows.map((r) => ({ ...r, status: couponStatus(r.used_at, r.expiration_time, now) })),
  };
}
