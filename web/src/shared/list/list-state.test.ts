import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayRangeInstants, fromPickerValue, lastDays, quickRange } from './date-ranges.ts';
import {
  choiceFilter,
  dateRangeFilter,
  defaultFilters,
  listFilter,
  readListState,
  switchFilter,
  textFilter,
  withFilters,
  withPage,
  writeListState,
  type ListState,
} from './list-state.ts';

const ROLES = {
  pageSizes: [10, 20, 30] as const,
  filters: { name: textFilter({ maxLength: 32 }), status: choiceFilter([1, 0] as const, 1) },
};

const TODAY = dayjs('2026-03-15T10:00:00');
const BILLS = {
  pageSizes: [20, 40, 60] as const,
  filters: {
    search: textFilter(),
    kind: choiceFilter(['asn', 'so', 'rma'] as const),
    platform: listFilter(),
    warehouse: listFilter<number>({ numeric: true }),
    added: dateRangeFilter(() => lastDays(7, TODAY)),
    onlyMine: switchFilter(),
  },
};

const url = (query: string) => new URLSearchParams(query);

describe('reading a list from the URL', () => {
  it('gives page 1, the first size and the default filters for a bare URL', () => {
    expect(readListState(url('active=roleManagement'), ROLES)).toEqual({
      page: 1,
      limit: 10,
      filters: { name: '', status: 1 },
    });
  });

  it('reads the page, size and filters a shared link carries', () => {
    expect(readListState(url('active=roleManagement&page=3&limit=30&name=ops&status=0'), ROLES)).toEqual({
      page: 3,
      limit: 30,
      filters: { name: 'ops', status: 0 },
    });
  });

  it('falls back to the defaults for hand-edited nonsense instead of breaking the page', () => {
    const state = readListState(url('page=-2&limit=999&status=7&name=%20%20'), ROLES);
    expect(state).toEqual({ page: 1, limit: 10, filters: { name: '', status: 1 } });
    expect(readListState(url('page=abc&limit=20.5'), ROLES)).toMatchObject({ page: 1, limit: 10 });
  });

  it('cuts a search text to its field length', () => {
    expect(readListState(url(`name=${'x'.repeat(40)}`), ROLES).filters.name).toHaveLength(32);
  });

  it('reads lists, ranges and switches of a bill list', () => {
    const state = readListState(
      url('platform=shopee,lazada,shopee&warehouse=3,x,12&addedFrom=2026-01-01&addedTo=2026-01-31&onlyMine=1&kind=so'),
      BILLS,
    );
    expect(state.filters).toEqual({
      search: '',
      kind: 'so',
      platform: ['shopee', 'lazada'],
      warehouse: [3, 12],
      added: { from: '2026-01-01', to: '2026-01-31' },
      onlyMine: true,
    });
  });

  it('uses the relative default range when the URL names none, and ignores impossible days', () => {
    expect(readListState(url(''), BILLS).filters.added).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(readListState(url('addedFrom=2026-02-30&addedTo=2026-03-01'), BILLS).filters.added).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
    // Swapped ends are put in order rather than refused.
    expect(readListState(url('addedFrom=2026-03-01&addedTo=2026-02-01'), BILLS).filters.added).toEqual({
      from: '2026-02-01',
      to: '2026-03-01',
    });
  });

  it("has no range before the reader's clock is known, but keeps a range the link names", () => {
    expect(readListState(url(''), BILLS, false).filters.added).toBeNull();
    expect(readListState(url('addedFrom=2026-03-01&addedTo=2026-03-02'), BILLS, false).filters.added).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
    });
  });
});

describe('writing a list into the URL', () => {
  it('leaves defaults out and keeps parameters the list does not own', () => {
    const state = readListState(url(''), ROLES);
    expect(writeListState(url('active=roleManagement&invite='), ROLES, state).toString()).toBe(
      'active=roleManagement&invite=',
    );
  });

  it('round-trips every kind of filter through the URL', () => {
    const state: ListState<typeof BILLS.filters, 20 | 40 | 60> = {
      page: 4,
      limit: 60,
      filters: {
        search: 'SO-1',
        kind: 'rma',
        platform: ['coupang'],
        warehouse: [7, 9],
        added: null,
        onlyMine: true,
      },
    };
    const written = writeListState(url('active=myBill'), BILLS, state);
    expect(written.get('active')).toBe('myBill');
    expect(readListState(written, BILLS)).toEqual(state);
  });

  it("writes 'any time' explicitly, since the default is the last 7 days", () => {
    const state = withFilters(readListState(url(''), BILLS), { added: null });
    const written = writeListState(url(''), BILLS, state);
    expect(written.get('addedFrom')).toBe('');
    expect(readListState(written, BILLS).filters.added).toBeNull();
  });

  it('removes its old parameters when a filter goes back to its default', () => {
    const state = readListState(url('name=ops&status=0&page=2'), ROLES);
    const reset = withFilters(state, defaultFilters(ROLES.filters));
    expect(writeListState(url('active=roleManagement&name=ops&status=0&page=2'), ROLES, reset).toString()).toBe(
      'active=roleManagement',
    );
  });

  it('keeps two lists in one URL apart by prefix', () => {
    const flow = { ...BILLS, prefix: 'flow.' };
    const rent = { ...ROLES, prefix: 'rent.' };
    let params = writeListState(url(''), flow, withPage(readListState(url(''), flow), 3));
    params = writeListState(params, rent, withFilters(readListState(params, rent), { name: 'x' }));
    expect(readListState(params, flow).page).toBe(3);
    expect(readListState(params, rent)).toMatchObject({ page: 1, filters: { name: 'x' } });
    expect(params.get('page')).toBeNull();
  });
});

describe('moving through a list', () => {
  const start = readListState(url('page=5&name=a'), ROLES);

  it('starts a new search at page 1', () => {
    expect(withFilters(start, { status: 0 })).toEqual({ page: 1, limit: 10, filters: { name: 'a', status: 0 } });
  });

  it('moves pages, and starts again at page 1 when the size changes', () => {
    expect(withPage(start, 6).page).toBe(6);
    expect(withPage(start, 6, 20)).toMatchObject({ page: 1, limit: 20 });
  });
});

describe('day ranges', () => {
  it("gives the contract's default of the last 7 days up to today", () => {
    expect(lastDays(7, TODAY)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
  });

  it('offers quick ranges that end today or cover last month', () => {
    expect(quickRange('today', TODAY)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(quickRange('thisMonth', TODAY)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(quickRange('lastMonth', TODAY)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('reads a range picked only halfway as no range', () => {
    expect(fromPickerValue([dayjs('2026-01-02'), null])).toBeNull();
  });

  it("sends a range of the browser's days with the browser's offset on each day", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Bangkok';
      expect(dayRangeInstants({ from: '2026-03-09', to: '2026-03-09' })).toEqual({
        start: '2026-03-09T00:00:00+07:00',
        end: '2026-03-09T23:59:59+07:00',
      });
      process.env.TZ = 'Asia/Seoul';
      expect(dayRangeInstants({ from: '2026-03-09', to: '2026-03-15' })).toEqual({
        start: '2026-03-09T00:00:00+09:00',
        end: '2026-03-15T23:59:59+09:00',
      });
      // Daylight saving starts in New York on 2026-03-08: each end has its own day's offset.
      process.env.TZ = 'America/New_York';
      expect(dayRangeInstants({ from: '2026-03-01', to: '2026-03-15' })).toEqual({
        start: '2026-03-01T00:00:00-05:00',
        end: '2026-03-15T23:59:59-04:00',
      });
      expect(dayRangeInstants(null)).toBeUndefined();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
