import type { TCoupon } from '@seller-centre/contract/coupons';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { findCouponById, findCouponPage, findCoupons, insertCoupon, type NewCoupon } from './repository.ts';

/**
 * Coupons own the `coupons` table: a tenant's coupons as the seller sees them, and the coupons
 * the operator console issues. Other modules call these functions.
 */

/** The tenant's coupons of one tab: not used (0), used (1) or expired (2), optionally of one use type. */
export async function listCoupons(
  db: Db,
  principal: Principal,
  query: { status: 0 | 1 | 2; use_type?: number | undefined },
): Promise<TCoupon[]> {
  const rows = await findCoupons(db, principal.mainId, query.status, query.use_type);
  return rows.map((r) => ({ ...r, expiration_time: r.expiration_time.toISOString() }));
}

export type { NewCoupon };

/**
 * Gives a tenant a coupon (the operator console). The caller has checked the terms (the
 * contract's rules) and that `mainId` is a main account; returns the new coupon's id.
 */
export function issueCoupon(db: Db, coupon: NewCoupon): Promise<number> {
  return insertCoupon(db, coupon);
}

/** One coupon with its owner, whoever owns it (the operator console only: no tenant check). */
export const findCouponForOperator = findCouponById;

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
    mainId?: number | undefined;
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
