import { describe, expect, it } from 'vitest';
import { isYuan, yuanToFen } from '@seller-centre/contract/money';
import { fenToYuan, percentOf } from '../../platform/fen.ts';
import { daysRemaining } from '@seller-centre/contract/packages';
import { planPrice } from './pricing.ts';

describe('yuan and fen', () => {
  it('converts exactly both ways', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(yuanToFen('50')).toBe(5000);
    expect(yuanToFen('50.1')).toBe(5010);
    expect(yuanToFen('0.29')).toBe(29); // 0.29 * 100 is 28.999... in floats
    expect(isYuan('1.005')).toBe(false);
    expect(isYuan('-1')).toBe(false);
    expect(isYuan('1e3')).toBe(false);
    expect(isYuan('')).toBe(false);
    expect(isYuan('99999999999')).toBe(false); // more than MAX_FEN: yuanToFen would throw
  });
});

describe('plan price', () => {
  it('is shops x months at the shop-month price, less the cycle discount, rounded half up', () => {
    expect(planPrice({ shopMonthFen: 2000, shops: 5, months: 12, cyclePercent: 85 })).toEqual({
      originalFen: 120000,
      sellingFen: 102000,
    });
    expect(percentOf(333, 50)).toBe(167);
  });
});

describe('days remaining', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('is 0 when past, 1 when due today, else rounded up', () => {
    expect(daysRemaining(new Date('2026-03-01T09:59:59Z'), now)).toBe(0);
    expect(daysRemaining(now, now)).toBe(0);
    expect(daysRemaining(new Date('2026-03-01T10:00:01Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-03-02T10:00:00Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-03-02T10:00:01Z'), now)).toBe(2);
    expect(daysRemaining(new Date('2026-03-31T10:00:00Z'), now)).toBe(30);
  });
});
