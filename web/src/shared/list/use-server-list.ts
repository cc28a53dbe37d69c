import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../hydrated.ts';
import { pageAfterEmptyAnswer } from '../paging.ts';
import {
  defaultFilters,
  readListState,
  withFilters,
  withPage,
  writeListState,
  type FilterCodecs,
  type FilterValues,
  type ListState,
  type ListStateConfig,
} from './list-state.ts';

/** What every server list answers (docs/product.md and 02: `total` and the page's rows in `data`). */
export type ServerPage<R> = { total: number; data: R[] };

export type ServerListConfig<F extends FilterCodecs, S extends number, R, K extends QueryKey> = ListStateConfig<
  F,
  S
> & {
  /**
   * The query of one page: a `queryOptions(...)` whose key includes the state (and the language
   * when the server names things). Give it `placeholderData: keepPreviousData` so the old page
   * stays on screen while the next loads.
   */
  query: (state: ListState<F, S>) => UseQueryOptions<ServerPage<R>, Error, ServerPage<R>, K>;
};

export type ServerList<F extends FilterCodecs, S extends number, R> = {
  state: ListState<F, S>;
  filters: FilterValues<F>;
  /** New filter values; the list goes back to page 1. A new history entry, so 'back' undoes it. */
  setFilters: (patch: Partial<FilterValues<F>>) => void;
  /** Every filter back to its default, page 1. */
  resetFilters: () => void;
  /** The pager moved (a new size starts at page 1). */
  setPage: (page: number, limit?: S) => void;
  pageSizes: readonly S[];
  query: UseQueryResult<ServerPage<R>, Error>;
  rows: R[];
  total: number;
};

/** What `ServerTable` needs of a list: a `useServerList` result, or a dialog's list (`dialogList`). */
export type TableList<R> = {
  state: { page: number; limit: number };
  pageSizes: readonly number[];
  query: UseQueryResult<ServerPage<R>, Error>;
  rows: R[];
  total: number;
  // A method, so a list whose sizes are a narrower union still fits.
  setPage(page: number, limit?: number): void;
};

/**
 * A server-paged list inside a dialog, drawn by `ServerTable` like any list, whose page is the
 * dialog's own state rather than the URL's: the URL does not open the dialog either, and a closed
 * dialog should leave nothing behind in it. One page size, as the contract's dialog lists have.
 */
export function dialogList<R>(
  query: UseQueryResult<ServerPage<R>, Error>,
  paging: { page: number; pageSize: number; setPage: (page: number) => void },
): TableList<R> {
  return {
    state: { page: paging.page, limit: paging.pageSize },
    pageSizes: [paging.pageSize],
    query,
    rows: query.data?.data ?? [],
    total: query.data?.total ?? 0,
    setPage: (page) => paging.setPage(page),
  };
}

/**
 * One server-paged list whose page, page size and filters live in the URL's search parameters
 * (see list-state.ts), loaded with React Query. Define `filters` once per list at module level;
 * render it with `ServerTable`.
 *
 *   const ROLE_LIST = { pageSizes: ROLE_PAGE_SIZES, filters: { name: textFilter(), status: choiceFilter([1, 0], 1) } };
 *   const list = useServerList({ ...ROLE_LIST, query: (s) => roleListQuery(s, language) });
 *   list.setFilters({ name: 'ops' });  // ?name=ops, page 1
 */
export function useServerList<F extends FilterCodecs, S extends number, R, K extends QueryKey>(
  config: ServerListConfig<F, S, R, K>,
): ServerList<F, S, R> {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const { pageSizes, defaultPageSize, filters: codecs, prefix } = config;
  const stateConfig = useMemo<ListStateConfig<F, S>>(
    () => ({ pageSizes, defaultPageSize, filters: codecs, prefix }),
    [pageSizes, defaultPageSize, codecs, prefix],
  );
  // A page drawn by the server shows its lists' frames only: their rows (and defaults such as
  // 'the last 7 days', which depend on the reader's clock) come once the browser has taken it over.
  const clockKnown = useHydrated();
  // Keyed by the query string: a render without a URL change keeps the same state object.
  const state = useMemo(
    () => readListState(new URLSearchParams(search), stateConfig, clockKnown),
    [search, stateConfig, clockKnown],
  );

  const update = useCallback(
    (next: (current: ListState<F, S>) => ListState<F, S>, replace = false) =>
      setSearchParams((previous) => writeListState(previous, stateConfig, next(readListState(previous, stateConfig))), {
        replace,
      }),
    [setSearchParams, stateConfig],
  );

  const options = config.query(state);
  const query = useQuery(clockKnown ? options : { ...options, enabled: false });
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;

  // A deletion or a status change can empty the last page, and a shared link can point past
  // the end: step back to the last page with rows, without a history entry.
  const emptyAnswer = query.data !== undefined && !query.isPlaceholderData && rows.length === 0;
  const stepBackTo = emptyAnswer ? pageAfterEmptyAnswer(state, total) : undefined;
  useEffect(() => {
    if (stepBackTo !== undefined) update((current) => withPage(current, stepBackTo), true);
  }, [stepBackTo, update]);

  return {
    state,
    filters: state.filters,
    setFilters: useCallback((patch) => update((current) => withFilters(current, patch)), [update]),
    resetFilters: useCallback(
      () => update((current) => withFilters(current, defaultFilters(codecs))),
      [update, codecs],
    ),
    setPage: useCallback((page, limit) => update((current) => withPage(current, page, limit)), [update]),
    pageSizes,
    query,
    rows,
    total,
  };
}
