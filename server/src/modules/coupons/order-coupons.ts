import type { OrderCoupons } from '../orders/service.ts';
import { checkCouponForOrder, releaseCoupon, reserveCoupon, useCoupon } from './service.ts';

/** The coupons of orders: checked and reserved when made, used when paid, freed when closed unpaid. */
export const couponsOfOrders: OrderCoupons = {
  check: checkCouponForOrder,
  reserve: reserveCoupon,
  use: useCoupon,
  release: releaseCoupon,
};
