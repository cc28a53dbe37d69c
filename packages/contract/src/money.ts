import { z } from 'zod';
import { VALIDATION } from './validation.ts';

/**
 * Money on the wire and in code. Amounts are integer fen (1 yuan = 100 fen) everywhere a program
 * computes with them: a JS number that is a safe integer, a `bigint` column in the database. The
 * browser and the contract speak yuan as decimal strings ("50.00"); they are converted here, exactly,
 * by string arithmetic, never through a float.
 */

/** Largest amount we accept, in fen: a safe integer with room for sums (about 90 billion yuan). */
export const MAX_FEN = 9_000_000_000_000;

/** An amount in fen: an integer, 0 or more. */
export const ZFen = z.number().int().min(0).max(MAX_FEN);
export type TFen = z.infer<typeof ZFen>;

/** A positive amount in fen (a transfer of nothing is not a transfer). */
export const ZPositiveFen = z.number().int().min(1).max(MAX_FEN);

/** Yuan as the contract writes it: digits, optionally a point and one or two decimals ("50", "50.5", "50.00"). */
export const YUAN_PATTERN = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;

/** Yuan with at most two decimals, as a string; refuses floats, signs, exponents and a third decimal. */
export const ZYuan = z.string().trim().regex(YUAN_PATTERN, VALIDATION.yuanTwoDecimals);

/**
 * "12.34" -> 1234. Exact: the digits are read as text, so "0.29" is 29 (a float would give
 * 28.999...). Throws a RangeError on anything that is not yuan with at most two decimals.
 */
export function yuanToFen(yuan: string): number {
  const text = yuan.trim();
  const match = YUAN_PATTERN.exec(text);
  if (!match) throw new RangeError(`not an amount in yuan with at most two decimals: ${JSON.stringify(yuan)}`);
  const whole = match[1]!;
  const decimals = (match[2] ?? '.').slice(1).padEnd(2, '0');
  const fen = Number(whole) * 100 + Number(decimals);
  if (!Number.isSafeInteger(fen) || fen > MAX_FEN) throw new RangeError(`amount too large: ${yuan}`);
  return fen;
}

/** Whether `yuanToFen` takes this text: yuan with at most two decimals, within MAX_FEN. */
export function isYuan(text: string): boolean {
  const match = YUAN_PATTERN.exec(text.trim());
  return match !== null && Number(match[1]) * 100 <= MAX_FEN;
}

/** 1234 -> "12.34", -5 -> "-0.05": always two decimals, by integer arithmetic. */
export function fenToYuanString(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${whole}.${String(cents).padStart(2, '0')}`;
}

/** A yuan string on the wire that the server reads as fen (`"50.00"` -> 5000). */
export const ZYuanAsFen = ZYuan.transform((yuan) => yuanToFen(yuan));

/**
 * A yuan amount above zero, read as fen. Its refusal is said in yuan ("must be greater than 0"),
 * never as the fen bound it checks ("expected number >= 1").
 */
export const ZPositiveYuanAsFen = z.coerce
  .string()
  .pipe(ZYuanAsFen)
  .pipe(z.number().int().min(1, VALIDATION.aboveZero));
