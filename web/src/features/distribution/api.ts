import {
  DISTRIBUTION_PAGE_SIZES,
  DISTRIBUTION_SEARCH_TYPES,
  distributionPaths,
  WITHDRAWAL_SEARCH_TYPES,
  WITHDRAWAL_TIME_TYPES,
  type TBankInfo,
  type TBankInfoSave,
  type TDistributionBalance,
  type TDistributionBill,
  type TDistributionBillRow,
  type TEarnings,
  type TWithdrawalApply,
  type TWithdrawalList,
  type TWithdrawalRow,
} from '@seller-centre/contract/distribution';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, LONG_TIMEOUT_MS } from '../../shared/api-client.ts';
import { dayRangeInstants } from '../../shared/list/date-ranges.ts';
import { choiceFilter, dateRangeFilter, textFilter, type ListState } from '../../shared/list/list-state.ts';
import type { ServerPage } from '../../shared/list/use-server-list.ts';

/**
 * The distribution page (docs/product.md): the available balance, the distribution bill and the
 * withdrawal records (server-paged by 10, 20 or 30, filters in the URL, one prefix per tab),
 * their CSV exports, a withdrawal application and the withdrawal bank info.
 */

export const DISTRIBUTION_QUERY_ROOT = ['session', 'distribution'] as const;
type PageSize = (typeof DISTRIBUTION_PAGE_SIZES)[number];

export const CAPITAL_FLOWS = ['INTO', 'OUT'] as const;
export const WITHDRAWAL_STATUSES = [4, 0, 1, 2] as const;

export const BILL_LIST = {
  pageSizes: DISTRIBUTION_PAGE_SIZES,
  defaultPageSize: 20 as PageSize,
  prefix: 'b_',
  filters: {
    capital_flows: choiceFilter(CAPITAL_FLOWS),
    search_type: choiceFilter(DISTRIBUTION_SEARCH_TYPES, 'transaction_id'),
    search_value: textFilter({ maxLength: 64 }),
    created: dateRangeFilter(),
  },
};
export type BillState = ListState<(typeof BILL_LIST)['filters'], PageSize>;

export const WITHDRAWAL_LIST = {
  pageSizes: DISTRIBUTION_PAGE_SIZES,
  defaultPageSize: 20 as PageSize,
  prefix: 'w_',
  filters: {
    status: choiceFilter(WITHDRAWAL_STATUSES, 4),
    search_type: choiceFilter(WITHDRAWAL_SEARCH_TYPES, 'transaction_id'),
    search_value: textFilter({ maxLength: 64 }),
    time_type: choiceFilter(WITHDRAWAL_TIME_TYPES, 'sys_create_time'),
    range: dateRangeFilter(),
  },
};
export type WithdrawalState = ListState<(typeof WITHDRAWAL_LIST)['filters'], PageSize>;

export function billBody(filters: BillState['filters']) {
  const range = dayRangeInstants(filters.created);
  return {
    capital_flows: filters.capital_flows,
    search_type: filters.search_value ? filters.search_type : undefined,
    search_value: filters.search_value.trim() || undefined,
    time_from: range?.start,
    time_to: range?.end,
  };
}

export function withdrawalBody(filters: WithdrawalState['filters']) {
  const range = dayRangeInstants(filters.range);
  return {
    // 4 means all and is not sent (docs/product.md)
    status: filters.status === 4 ? undefined : filters.status,
    search_type: filters.search_value ? filters.search_type : undefined,
    search_value: filters.search_value.trim() || undefined,
    time_type: range ? filters.time_type : undefined,
    time_from: range?.start,
    time_to: range?.end,
  };
}

export const balanceQuery = queryOptions({
  queryKey: [...DISTRIBUTION_QUERY_ROOT, 'balance'] as const,
  queryFn: ({ signal }) => apiRequest<TDistributionBalance>('GET', distributionPaths.balance, { signal }),
});

export const earningsQuery = queryOptions({
  queryKey: [...DISTRIBUTION_QUERY_ROOT, 'earnings'] as const,
  queryFn: ({ signal }) => apiRequest<TEarnings>('GET', distributionPaths.earnings, { signal, silent: true }),
});

export const bankInfoQuery = queryOptions({
  queryKey: [...DISTRIBUTION_QUERY_ROOT, 'bank-info'] as const,
  queryFn: ({ signal }) => apiRequest<TBankInfo>('GET', distributionPaths.bankInfo, { signal }),
});

export function billQuery(state: BillState) {
  return queryOptions({
    queryKey: [...DISTRIBUTION_QUERY_ROOT, 'bill', state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<TDistributionBillRow>> => {
      const answer = await apiRequest<TDistributionBill>('POST', distributionPaths.bill, {
        body: { page: state.page, page_size: state.limit, ...billBody(state.filters) },
        signal,
      });
      return { total: answer.total, data: answer.data };
    },
    placeholderData: keepPreviousData,
  });
}

export function withdrawalQuery(state: WithdrawalState) {
  return queryOptions({
    queryKey: [...DISTRIBUTION_QUERY_ROOT, 'withdrawals', state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<TWithdrawalRow>> => {
      const answer = await apiRequest<TWithdrawalList>('POST', distributionPaths.withdrawals, {
        body: { page: state.page, page_size: state.limit, ...withdrawalBody(state.filters) },
        signal,
      });
      return { total: answer.total, data: answer.data };
    },
    placeholderData: keepPreviousData,
  });
}

export function applyWithdrawal(body: TWithdrawalApply) {
  return apiRequest<TWithdrawalRow>('POST', distributionPaths.apply, { body });
}

export function saveBankInfo(body: TBankInfoSave) {
  return apiRequest<TBankInfo>('POST', distributionPaths.saveBankInfo, { body });
}

/** The browser's time zone (IANA), which an export prints its times in, as the lists show them. */
export function readerTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** Downloads an export as a CSV file (the server adds the byte-order mark), within 60 s. */
export async function downloadCsv(path: string, body: object, fileName: string): Promise<void> {
  const blob = await apiRequest<Blob>('POST', path, { body, responseType: 'blob', timeoutMs: LONG_TIMEOUT_MS });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The voucher image: read with the seller's token (an <img> cannot send it) and shown as a blob URL. */
export async function fetchVoucher(url: string, signal?: AbortSignal): Promise<string> {
  const blob = await apiRequest<Blob>('GET', url, { responseType: 'blob', signal, silent: true });
  return URL.createObjectURL(blob);
}

/** Yuan with at most two decimals, as the amount field accepts it. */
export const YUAN_INPUT = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;

/** Whether `amount` (yuan text) exceeds `balance` (yuan text), compared in fen. */
export function exceeds(amount: string, balance: string): boolean {
  const fen = (text: string) => {
    const [whole, decimals = ''] = text.split('.');
    return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  };
  return fen(amount) > fen(balance);
}
