import { fenToYuanString, yuanToFen as strictYuanToFen } from '@seller-centre/contract/money';

/**
 * The contract's money helpers (contract/money.ts) in the form the order code reads best: yuan
 * strings only at the edge of the API, integer fen inside, never a float in between.
 */

/** 1234 -> "12.34". */
export const fenToYuan = fenToYuanString;

/** "12.3" / "12.34" / "12" -> fen; null for anything else (more decimals, signs, exponents). */
export function yuanToFen(text: string): number | null {
  try {
    return strictYuanToFen(text);
  } catch {
    return null;
  }
}

/** fen * percent / 100, rounded half up, in integers. */
export function percentOf(fen: number, percent: number): number {
  return Math.floor((fen * percent + 50) / 100);
}
