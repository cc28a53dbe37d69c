/**
 * Prices in integer fen, computed by the server only. Yuan strings exist only at the edge of the
 * API; nothing here passes money through a float.
 */

/** 1234 -> "12.34". */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.3" / "12.34" / "12" -> fen; null for anything else (more decimals, signs, exponents). */
export function yuanToFen(text: string): number | null {
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** a * percent / 100, rounded half up, in integers. */
export function percentOf(fen: number, percent: number): number {
  return Math.floor((fen * percent + 50) / 100);
}

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
