import { fenToYuanString } from '@seller-centre/contract/money';

/**
 * The contract's money helpers (contract/money.ts) in the form the order code reads best: yuan
 * strings only at the edge of the API, integer fen inside, never a float in between. Yuan text is
 * read by the contract's one `yuanToFen` (it throws; `isYuan` asks first).
 */

/** 1234 -> "12.34". */
export const fenToYuan = fenToYuanString;

/** fen * percent / 100, rounded half up, in integers. */
export function percentOf(fen: number, percent: number): number {
  return Math.floor((fen * percent + 50) / 100);
}
