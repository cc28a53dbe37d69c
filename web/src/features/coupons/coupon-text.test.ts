import { describe, expect, it } from 'vitest';
import { discountText, percentOff, trimDecimal, useTypeKeys } from './coupon-text.ts';

const coupon = { discount_value: '50.00', min_basket_price: '0.00' };

describe('trimDecimal', () => {
  it('drops trailing zeros of decimal strings without going through a float', () => {
    expect(trimDecimal('50.00')).toBe('50');
    expect(trimDecimal('8.50')).toBe('8.5');
    expect(trimDecimal('300.10')).toBe('300.1');
    expect(trimDecimal('1000')).toBe('1000');
    expect(trimDecimal('12345678901234567.89')).toBe('12345678901234567.89');
    expect(trimDecimal('abc')).toBe('abc');
  });
});

describe('percentOff', () => {
  it('turns a Chinese discount rate into the share taken off', () => {
    expect(percentOff('8.50')).toBe('15');
    expect(percentOff('9.00')).toBe('10');
    expect(percentOff('9.5')).toBe('5');
    expect(percentOff('8.85')).toBe('11.5');
    expect(percentOff('0.00')).toBe('100');
    expect(percentOff('x')).toBe('x');
  });
});

describe('discountText', () => {
  it('says the amount off, with no threshold, for type 1', () => {
    expect(discountText({ ...coupon, discount_type: 1 }, 'zhe')).toEqual({
      headline: { key: 'coupons.discount.amount', values: { amount: '50' } },
      condition: { key: 'coupons.discount.noThreshold' },
    });
  });

  it('names the threshold of a type 2 reduction', () => {
    expect(
      discountText({ discount_type: 2, discount_value: '300.00', min_basket_price: '2000.00' }, 'percent'),
    ).toEqual({
      headline: { key: 'coupons.discount.amount', values: { amount: '300' } },
      condition: { key: 'coupons.discount.threshold', values: { min: '2000' } },
    });
  });

  it('writes a type 3 discount the way the language does', () => {
    const rate = { discount_type: 3, discount_value: '8.50', min_basket_price: '0.00' };
    expect(discountText(rate, 'zhe').headline).toEqual({ key: 'coupons.discount.rate', values: { value: '8.5' } });
    expect(discountText(rate, 'percent').headline).toEqual({ key: 'coupons.discount.rate', values: { value: '15' } });
  });
});

describe('useTypeKeys', () => {
  it('names the use type, and what a software top-up is for', () => {
    expect(useTypeKeys({ use_type: 1, use_type_value: null })).toEqual({ useType: 'coupons.useType.1' });
    expect(useTypeKeys({ use_type: 2, use_type_value: 4 })).toEqual({
      useType: 'coupons.useType.2',
      detail: 'coupons.useTypeValue.4',
    });
    expect(useTypeKeys({ use_type: 3, use_type_value: 4 })).toEqual({ useType: 'coupons.useType.3' });
    expect(useTypeKeys({ use_type: 2, use_type_value: 5 })).toEqual({
      useType: 'coupons.useType.2',
      detail: undefined,
    });
    expect(useTypeKeys({ use_type: 9, use_type_value: null })).toEqual({ useType: 'coupons.useType.other' });
  });
});
