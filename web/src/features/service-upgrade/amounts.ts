/**
 * The amounts a buyer types (spec 03 section 5): a custom top-up is at least 50 yuan with at
 * most two decimals; a custom shop count is a whole number of at least 1. Yuan are read as
 * text into integer fen, never through a float. The server checks both again.
 */

export const MIN_TOP_UP_FEN = 5_000;
export const MIN_SHOP_NUMBER = 1;

const YUAN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "50" → 5000, "50.5" → 5050, "0.01" → 1; anything else (3 decimals, signs, words) → undefined. */
export function yuanTextToFen(text: string): number | undefined {
  const match = YUAN.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 5000 → "50.00". */
export function fenToYuanText(fen: number): string {
  const whole = Math.floor(fen / 100);
  return `${whole}.${String(fen % 100).padStart(2, '0')}`;
}

export type TopUpCheck = { ok: true; amount: string } | { ok: false; error: 'format' | 'minimum' };

/** A custom top-up as the order sends it ("50.00"), or why it cannot be one. */
export function checkTopUpAmount(text: string): TopUpCheck {
  const fen = yuanTextToFen(text);
  if (fen === undefined) return { ok: false, error: 'format' };
  if (fen < MIN_TOP_UP_FEN) return { ok: false, error: 'minimum' };
  return { ok: true, amount: fenToYuanText(fen) };
}

/** A custom shop count, or undefined when it is not a whole number of at least 1. */
export function checkShopNumber(value: number | string | null | undefined): number | undefined {
  const n = typeof value === 'string' ? Number(value.trim() || Number.NaN) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= MIN_SHOP_NUMBER ? n : undefined;
}
