/** One place in the pager's row: a page, or a jump of five pages over the ones not shown. */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'jump-prev' | 'jump-next'; page: number };

/** Pages on each side of the current one. */
const BUFFER = 2;
const JUMP = 5;

/**
 * The pager's row as antd draws it: every page when there are at most seven; otherwise the first,
 * the last, two either side of the current one (five near the ends), and a jump of five pages
 * where pages are left out.
 */
export function pagerItems(current: number, pageCount: number): PagerItem[] {
  const page = (n: number): PagerItem => ({ kind: 'page', page: n });
  if (pageCount <= 3 + BUFFER * 2) return Array.from({ length: pageCount }, (_, i) => page(i + 1));
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(pageCount, current + BUFFER);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pageCount - current <= BUFFER) left = pageCount - BUFFER * 2;
  const items: PagerItem[] = [];
  for (let n = left; n <= right; n += 1) items.push(page(n));
  if (current - 1 >= BUFFER * 2 && current !== 1 + 2)
    items.unshift({ kind: 'jump-prev', page: Math.max(1, current - JUMP) });
  if (pageCount - current >= BUFFER * 2 && current !== pageCount - 2)
    items.push({ kind: 'jump-next', page: Math.min(pageCount, current + JUMP) });
  if (left !== 1) items.unshift(page(1));
  if (right !== pageCount) items.push(page(pageCount));
  return items;
}
