import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenToYuanString, MAX_FEN, yuanToFen, ZFen, ZYuan, ZYuanAsFen } from './money.ts';

describe('yuan and fen', () => {
  it('converts the amounts a float gets wrong exactly', () => {
    expect(yuanToFen('0.29')).toBe(29); // 0.29 * 100 === 28.999999999999996
    expect(yuanToFen('1.15')).toBe(115); // 1.15 * 100 === 114.99999999999999
    expect(yuanToFen('50')).toBe(5000);
    expect(yuanToFen('50.5')).toBe(5050);
    expect(yuanToFen('50.00')).toBe(5000);
    expect(yuanToFen(' 0.01 ')).toBe(1);
    expect(yuanToFen('0')).toBe(0);
  });

  it('refuses anything but yuan with at most two decimals', () => {
    for (const bad of ['', '1.234', '-1', '+1', '1e3', '01', '1.', '.5', 'abc', '1,00', 'NaN', 'Infinity']) {
      expect(() => yuanToFen(bad), bad).toThrow(RangeError);
      expect(ZYuan.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('writes fen as yuan with two decimals', () => {
    expect(fenToYuanString(0)).toBe('0.00');
    expect(fenToYuanString(5)).toBe('0.05');
    expect(fenToYuanString(5000)).toBe('50.00');
    expect(fenToYuanString(123456)).toBe('1234.56');
    expect(fenToYuanString(-5)).toBe('-0.05');
    expect(() => fenToYuanString(0.5)).toThrow(RangeError);
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FEN }), (fen) => {
        expect(yuanToFen(fenToYuanString(fen))).toBe(fen);
      }),
    );
  });

  it('reads yuan on the wire as fen, and fen only as a non-negative integer', () => {
    expect(ZYuanAsFen.parse('99.99')).toBe(9999);
    expect(ZYuanAsFen.safeParse('99.999').success).toBe(false);
    expect(ZFen.safeParse(1.5).success).toBe(false);
    expect(ZFen.safeParse(-1).success).toBe(false);
    expect(ZFen.parse(0)).toBe(0);
  });
});
