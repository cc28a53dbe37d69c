import { describe, expect, it } from 'vitest';
import { pageAndTotal } from './kept-counts.ts';

/** A page of `n` rows, and a count that says when it was asked. */
function probe(n: number, count = 999) {
  const asked: string[] = [];
  return {
    asked,
    page: (offset: number, size = 10) => ({
      offset,
      size,
      rows: async () => (asked.push('page'), Array.from({ length: n }, (_, i) => offset + i)),
    }),
    total: (counted: boolean) => ({ counted, of: async () => (asked.push('count'), count) }),
  };
}

describe('a page and its total', () => {
  it('answers a counted search that fits a first page from the page alone', async () => {
    const p = probe(1);
    expect(await pageAndTotal(p.page(0), p.total(true))).toEqual([[0], 1]);
    expect(p.asked).toEqual(['page']);
  });

  it('takes a short later page as the end of the list', async () => {
    const p = probe(3);
    expect((await pageAndTotal(p.page(20), p.total(true)))[1]).toBe(23);
    expect(p.asked).toEqual(['page']);
  });

  it('counts when the page is full, or empty past the first (the end is elsewhere)', async () => {
    const full = probe(10);
    expect((await pageAndTotal(full.page(0), full.total(true)))[1]).toBe(999);
    expect(full.asked).toEqual(['page', 'count']);
    const past = probe(0);
    expect((await pageAndTotal(past.page(50), past.total(true)))[1]).toBe(999);
    expect(past.asked).toEqual(['page', 'count']);
    const none = probe(0);
    expect((await pageAndTotal(none.page(0), none.total(true)))[1]).toBe(0);
    expect(none.asked).toEqual(['page']);
  });

  it('asks a kept total whatever the page holds', async () => {
    const p = probe(1, 5);
    expect((await pageAndTotal(p.page(0), p.total(false)))[1]).toBe(5);
    expect(p.asked.sort()).toEqual(['count', 'page']);
  });
});
