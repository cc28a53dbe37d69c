/**
 * Money is integer fen inside the server. Yuan strings ("12.50") exist only at the edge of the
 * API and in numeric columns; these convert between them without ever passing through a float.
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

/** fen * percent / 100, rounded half up, in integers. */
export function percentOf(fen: number, percent: number): number {
  return Math.floor((fen * percent + 50) / 100);
}
