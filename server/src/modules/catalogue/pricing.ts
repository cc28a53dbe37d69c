import { percentOf } from '../../platform/fen.ts';

/** Prices in integer fen, computed by the server only. */

/**
 * A plan's price: shops x months at the platform's price of one shop for one month, and the
 * cycle's percentage off that list price.
 */
export function planPrice(input: { shopMonthFen: number; shops: number; months: number; cyclePercent: number }) {
  const original = input.shopMonthFen * input.shops * input.months;
  return { originalFen: original, sellingFen: percentOf(original, input.cyclePercent) };
}

