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

/**
 * Days left until `end`, seen at `now`: 0 once past, 1 when due today (within the day), otherwise
 * rounded up to whole days.
 */
export function daysRemaining(end: Date, now: Date): number {
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return 0;
  return Math.max(1, Math.ceil(ms / 86_400_000));
}
