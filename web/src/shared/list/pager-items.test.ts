import { describe, expect, it } from 'vitest';
import { pagerItems, type PagerItem } from './pager-items.ts';

/** The row as text: page numbers, and « / » for the jumps. */
const row = (items: PagerItem[]) =>
  items.map((item) => (item.kind === 'page' ? String(item.page) : item.kind === 'jump-prev' ? '«' : '»')).join(' ');

describe('pagerItems', () => {
  it('lists every page when there are seven or fewer', () => {
    expect(row(pagerItems(1, 1))).toBe('1');
    expect(row(pagerItems(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('shows five pages from the start, then a jump and the last page', () => {
    expect(row(pagerItems(1, 20))).toBe('1 2 3 4 5 » 20');
    expect(row(pagerItems(3, 20))).toBe('1 2 3 4 5 » 20');
  });

  it('shows two pages either side in the middle, with a jump each way', () => {
    expect(row(pagerItems(10, 20))).toBe('1 « 8 9 10 11 12 » 20');
  });

  it('shows five pages to the end near the last page', () => {
    expect(row(pagerItems(20, 20))).toBe('1 « 16 17 18 19 20');
    expect(row(pagerItems(18, 20))).toBe('1 « 16 17 18 19 20');
  });

  it('jumps five pages, never past the ends', () => {
    const middle = pagerItems(10, 20);
    expect(middle.find((i) => i.kind === 'jump-prev')?.page).toBe(5);
    expect(middle.find((i) => i.kind === 'jump-next')?.page).toBe(15);
    expect(pagerItems(17, 20).find((i) => i.kind === 'jump-next')).toBeUndefined();
    expect(pagerItems(5, 8).find((i) => i.kind === 'jump-prev')?.page).toBe(1);
  });
});
