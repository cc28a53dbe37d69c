import { describe, expect, it } from 'vitest';
import { checkShopNumber, checkTopUpAmount, yuanTextToFen } from './amounts.ts';

describe('custom top-up amount', () => {
  it('accepts 50 yuan and more with at most two decimals, sent as a two-decimal string', () => {
    expect(checkTopUpAmount('50')).toEqual({ ok: true, amount: '50.00' });
    expect(checkTopUpAmount(' 50.5 ')).toEqual({ ok: true, amount: '50.50' });
    expect(checkTopUpAmount('1234.56')).toEqual({ ok: true, amount: '1234.56' });
  });

  it('refuses less than 50 yuan with the minimum message', () => {
    expect(checkTopUpAmount('49.99')).toEqual({ ok: false, error: 'minimum' });
    expect(checkTopUpAmount('0')).toEqual({ ok: false, error: 'minimum' });
  });

  it('refuses three decimals, signs and words as a format error', () => {
    for (const text of ['50.001', '-60', '+60', 'fifty', '', '1e3', '50.', '050']) {
      expect(checkTopUpAmount(text), text).toEqual({ ok: false, error: 'format' });
    }
  });

  it('reads yuan into fen exactly, without a float', () => {
    expect(yuanTextToFen('0.29')).toBe(29);
    expect(yuanTextToFen('1.1')).toBe(110);
  });
});

describe('custom shop count', () => {
  it('is a whole number of at least 1', () => {
    expect(checkShopNumber(1)).toBe(1);
    expect(checkShopNumber('12')).toBe(12);
    for (const value of [0, -1, 1.5, '', ' ', 'x', null, undefined]) expect(checkShopNumber(value)).toBeUndefined();
  });
});
