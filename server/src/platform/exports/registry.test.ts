import { describe, expect, it } from 'vitest';
import { keysetPages } from './registry.ts';

/** A made-up keyset source of the numbers 1..n, recording when each page was asked for. */
function numbers(n: number, log: string[], failAfter?: number) {
  return async (after: number | undefined, limit: number) => {
    const from = (after ?? 0) + 1;
    log.push(`ask ${from}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (failAfter !== undefined && from > failAfter) throw new Error('the database went away');
    return Array.from({ length: Math.max(0, Math.min(limit, n - from + 1)) }, (_, i) => from + i);
  };
}

describe('keysetPages', () => {
  it('hands over every row once, in order, asking for the next page before the last is used', async () => {
    const log: string[] = [];
    const rows: number[] = [];
    for await (const page of keysetPages(numbers(7, log), 3)) {
      log.push(`got ${page[0]}`);
      rows.push(...page);
    }
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Page 4-6 is already asked for when page 1-3 reaches the reader; a short page is the last.
    expect(log).toEqual(['ask 1', 'ask 4', 'got 1', 'ask 7', 'got 4', 'got 7']);
  });

  it('asks once more after a full last page, and yields no empty page', async () => {
    const pages: number[][] = [];
    for await (const page of keysetPages(numbers(6, []), 3)) pages.push(page);
    expect(pages).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('lets a reader stop early without the page in flight failing unheard', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      for await (const page of keysetPages(numbers(100, [], 3), 3)) {
        expect(page).toEqual([1, 2, 3]);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
