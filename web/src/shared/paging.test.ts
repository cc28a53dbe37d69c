import { describe, expect, it } from 'vitest';
import { clampPage, pageAfterEmptyAnswer } from './paging.ts';

describe('clampPage', () => {
  it('steps back to the last page that has rows', () => {
    expect(clampPage(3, 10, 20)).toBe(2);
    expect(clampPage(2, 10, 0)).toBe(1);
    expect(clampPage(2, 10, 25)).toBe(2);
  });
});

describe('pageAfterEmptyAnswer', () => {
  it('moves an emptied last page back to the new last page', () => {
    expect(pageAfterEmptyAnswer({ page: 3, limit: 10 }, 20)).toBe(2);
    expect(pageAfterEmptyAnswer({ page: 2, limit: 10 }, 0)).toBe(1);
  });

  it('stays on page 1, and never answers the page already shown (no render loop)', () => {
    expect(pageAfterEmptyAnswer({ page: 1, limit: 10 }, 0)).toBeUndefined();
    // The total still counts rows the page did not return (a concurrent change): stay put.
    expect(pageAfterEmptyAnswer({ page: 2, limit: 10 }, 15)).toBeUndefined();
  });
});
