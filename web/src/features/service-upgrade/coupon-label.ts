import type { TCoupon } from '@seller-centre/contract/coupons';

/**
 * A coupon as the checkout's choice names it: its title and what it takes off. Money stays a
 * decimal string; the rate of a discount coupon is read in integer hundredths.
 */

/** "50.00" → "50", "8.50" → "8.5". */
export function trimYuan(value: string): string {
  return /^\d+\.\d+$/.test(value) ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A fixed-discount rate in tenths of the price paid ("9.00", 9折) as the percentage taken off ("10"). */
export function percentOffOf(rate: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match) return rate;
  const paidHundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  const offTenths = Math.max(0, 1000 - paidHundredths);
  return offTenths % 10 === 0 ? String(offTenths / 10) : `${Math.floor(offTenths / 10)}.${offTenths % 10}`;
}

export type CouponText = { key: string; values: Record<string, string> };

/** The discount part of the label, as a translation key and its values. */
export function couponDiscountText(
  coupon: Pick<TCoupon, 'discount_type' | 'discount_value' | 'min_basket_price'>,
): CouponText {
  switch (coupon.discount_type) {
    case 2:
      return {
        key: 'service-upgrade.coupon.threshold',
        values: { min: trimYuan(coupon.min_basket_price), amount: trimYuan(coupon.discount_value) },
      };
    case 3:
      return {
        key: 'service-upgrade.coupon.rate',
        values: { rate: trimYuan(coupon.discount_value), percent: percentOffOf(coupon.discount_value) },
      };
    default:
      return { key: 'service-upgrade.coupon.amount', values: { amount: trimYuan(coupon.discount_value) } };
  }
}
