import type { TLanguage } from '@seller-centre/contract/i18n';
import { referenceDataPaths, type TPlatform } from '@seller-centre/contract/reference-data';
import {
  CAPITAL_FLOWS,
  THIRD_PARTY_PAGE_SIZES,
  THIRD_PARTY_SEARCH_TYPES,
  THIRD_PARTY_TIME_TYPES,
  THIRD_PARTY_TYPES,
  thirdPartyPaths,
  type TExportList,
  type TExportTask,
  type TThirdPartyList,
  type TThirdPartyRow,
} from '@seller-centre/contract/third-party';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api-client.ts';
import { dayRangeInstants, lastDays } from '../../shared/list/date-ranges.ts';
import { choiceFilter, dateRangeFilter, textFilter, type ListState } from '../../shared/list/list-state.ts';
import type { ServerPage } from '../../shared/list/use-server-list.ts';
import { BILLS_QUERY_ROOT } from '../../shared/query-keys.ts';

/**
 * The third-party bill (docs/product.md): filters in the URL (prefixed, beside the warehouse bill's),
 * the last 7 days by default, pages of 10/20/30 (20 by default); its exports on the shared
 * export queue.
 */
export const THIRD_PARTY_LIST = {
  pageSizes: THIRD_PARTY_PAGE_SIZES,
  defaultPageSize: 20 as const,
  prefix: 'tp.',
  filters: {
    platform: textFilter({ maxLength: 40 }),
    transaction_type: choiceFilter(THIRD_PARTY_TYPES),
    capital_flows: choiceFilter(CAPITAL_FLOWS),
    time_type: choiceFilter(THIRD_PARTY_TIME_TYPES, 'added_date'),
    range: dateRangeFilter(() => lastDays(7)),
    search_type: choiceFilter(THIRD_PARTY_SEARCH_TYPES, 'transaction_id'),
    search: textFilter({ maxLength: 100 }),
  },
};
type PageSize = (typeof THIRD_PARTY_PAGE_SIZES)[number];
export type ThirdPartyState = ListState<(typeof THIRD_PARTY_LIST)['filters'], PageSize>;
export type ThirdPartyRow = TThirdPartyRow;

/**
 * The filters as the server takes them: the time type keys its range (the browser's days, with
 * their offset), the search type its text.
 */
export function thirdPartyFilters(filters: ThirdPartyState['filters']): Record<string, unknown> {
  const range = dayRangeInstants(filters.range);
  const text = filters.search.trim();
  return {
    platform: filters.platform || undefined,
    transaction_type: filters.transaction_type,
    capital_flows: filters.capital_flows,
    ...(range ? { [filters.time_type]: [range.start, range.end] } : {}),
    ...(text ? { [filters.search_type]: text } : {}),
  };
}

export function thirdPartyQuery(state: ThirdPartyState, language: TLanguage) {
  return queryOptions({
    queryKey: [...BILLS_QUERY_ROOT, 'third-party', language, state] as const,
    // The page carries the balance beside its rows (read back with `balanceOf`).
    queryFn: async ({ signal }): Promise<ServerPage<ThirdPartyRow>> => {
      const answer = await apiRequest<TThirdPartyList>('POST', thirdPartyPaths.list, {
        body: { page: state.page, page_size: state.limit, ...thirdPartyFilters(state.filters) },
        signal,
        silent: true,
      });

      const page: ServerPage<ThirdPartyRow> & { balance: string } = {
        total: answer.total,
        data: answer.data,
        balance: answer.balance,
      };
      return page;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function platformsQuery() {
  return queryOptions({
    queryKey: [...BILLS_QUERY_ROOT, 'platforms'] as const,
    queryFn: ({ signal }) =>
      apiRequest<TPlatform[]>('GET', referenceDataPaths.platforms, { query: { site: 0 }, signal, silent: true }),
    staleTime: 60_000,
  });
}

/** Queues an export of what the filters select (module 3); a failure says nothing (docs/product.md). */
export async function addThirdPartyExport(filters: ThirdPartyState['filters']): Promise<boolean> {
  try {
    await apiRequest<null>('POST', thirdPartyPaths.addExportTask, {
      body: { module: 3, ...thirdPartyFilters(filters) },
      silent: true,
    });
    return true;
  } catch {
    return false;
  }
}

export type ExportTask = TExportTask;

export function exportTasksQuery(page: number) {
  return queryOptions({
    queryKey: [...BILLS_QUERY_ROOT, 'third-party-exports', page] as const,
    queryFn: ({ signal }) =>
      apiRequest<TExportList>('POST', thirdPartyPaths.exportList, {
        body: { type: 3, page, page_size: 20 },
        signal,
        silent: true,
      }),
    staleTime: 0,
  });
}

/** The balance the last loaded page came with. */
export function balanceOf(page: ServerPage<ThirdPartyRow> | undefined): string | undefined {
  return (page as { balance?: string } | undefined)?.balance;
}
