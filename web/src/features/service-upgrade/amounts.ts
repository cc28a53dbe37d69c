import { fenToYuanString, yuanToFen } from '@seller-centre/contract/money';
import { MIN_TOP_UP_YUAN } from '@seller-centre/contract/orders';

/**
 * The amounts a buyer types (docs/product.md): a custom top-up is at least 50 yuan with at
 * most two decimals; a custom shop count is a whole number of at least 1. Yuan are read as
 * text into integer fen, never through a float. The server checks both again.
 */

export const MIN_TOP_UP_FEN = yuanToFen(MIN_TOP_UP_YUAN);
export const MIN_SHOP_NUMBER = 1;

/** "50" → 5000, "50.5" → 5050; anything else (3 decimals, signs, words) → undefined. */
export function yuanTextToFen(text: string): number | undefined {
  try {
    return yuanToFen(text);
  } catch {
    return undefined;
  }
}

export type TopUpCheck = { ok: true; amount: string } | { ok: false; error: 'format' | 'minimum' };

/** A custom top-up as the order sends it ("50.00"), or why it cannot be one. */
export function checkTopUpAmount(text: string): TopUpCheck {
  const fen = yuanTextToFen(text);
  if (fen === undefined) return { ok: false, error: 'format' };
  if (fen < MIN_TOP_UP_FEN) return { ok: false, error: 'minimum' };
  return { ok: true, amount: fenToYuanString(fen) };
}

/** A custom shop count, or undefined when it is not a whole number of at least 1. */
export function checkShopNumber(value: number | string | null | undefined): number | undefined {
  const n = typeof value === 'string' ? Number(value.trim() || Number.NaN) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= MIN_SHOP_NUMBER ? n : undefined;
}
