import { describe, expect, it } from 'vitest';
import { csvLine, textPieces } from './csv.ts';

describe('textPieces', () => {
  const rows = Array.from({ length: 1000 }, (_, i) => [i, `order ${i}`, '中文 한국어 ไทย'.repeat(20)]);

  it('hands a large batch on in pieces small enough to die young, losing and reordering nothing', () => {
    const whole = rows.map(csvLine).join('');
    expect(whole.length).toBeGreaterThan(200_000);
    const pieces = [...textPieces(rows, csvLine)];
    expect(pieces.join('')).toBe(whole);
    expect(pieces.length).toBeGreaterThan(5);
    // Each piece is whole lines, and at most one line over the piece size.
    const longestLine = Math.max(...rows.map((row) => csvLine(row).length));
    for (const piece of pieces) {
      expect(piece.endsWith('\r\n')).toBe(true);
      expect(piece.length).toBeLessThan(32 * 1024 + longestLine);
    }
  });

  it('gives nothing for no rows, and one piece for a few', () => {
    expect([...textPieces([], csvLine)]).toEqual([]);
    expect([...textPieces(rows.slice(0, 3), csvLine)]).toEqual([rows.slice(0, 3).map(csvLine).join('')]);
  });
});
