import { describe, expect, it } from 'vitest';
import { couponDiscountText, percentOffOf, trimYuan } from './coupon-label.ts';

describe('the checkout names a coupon by what it takes off', () => {
  it('says the amount of an amount-off coupon', () => {
    expect(couponDiscountText({ discount_type: 1, discount_value: '50.00', min_basket_price: '0.00' })).toEqual({
      key: 'service-upgrade.coupon.amount',
      values: { amount: '50' },
    });
  });

  it('says the threshold of a threshold coupon', () => {
    expect(couponDiscountText({ discount_type: 2, discount_value: '300.00', min_basket_price: '2000.00' })).toEqual({
      key: 'service-upgrade.coupon.threshold',
      values: { min: '2000', amount: '300' },
    });
  });

  it('gives a discount coupon both as the rate paid and as the percentage off, exactly', () => {
    expect(couponDiscountText({ discount_type: 3, discount_value: '8.50', min_basket_price: '0.00' }).values).toEqual({
      rate: '8.5',
      percent: '15',
    });
    expect(percentOffOf('9.00')).toBe('10');
    expect(percentOffOf('9.95')).toBe('0.5');
    expect(trimYuan('12.30')).toBe('12.3');
  });
});
