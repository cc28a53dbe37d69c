import {
  billPaths,
  BILL_PAGE_SIZES,
  PACKAGE_PAY_TYPES,
  type TSoftwareBill,
  type TSoftwareBillRow,
} from '@seller-centre/contract/bills';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { QUOTA_TYPE_IDS, quotaPaths, type TDeductionList, type TDeductionRow } from '@seller-centre/contract/quota';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, apiRequest } from '../../shared/api-client.ts';
import { dayRangeInstants } from '../../shared/list/date-ranges.ts';
import { choiceFilter, dateRangeFilter, textFilter, type ListState } from '../../shared/list/list-state.ts';
import type { ServerPage } from '../../shared/list/use-server-list.ts';
import { notify } from '../../shared/notify.ts';
import { BILLS_QUERY_ROOT } from '../../shared/query-keys.ts';

/**
 * The bills of My bill (docs/product.md): the software bill (page 268) and the deduction bill (page
 * 269), server-paged by 20, 40 or 60, their filters in the URL. A failed load says so in the
 * spec's words (a message) and in the table (the reason and a retry).
 */

export const PAY_STATES = [0, 1, 2] as const;
export const ORDER_PAY_TYPES = [1, 2, 3, 4] as const;

export const SOFTWARE_BILL_LIST = {
  pageSizes: BILL_PAGE_SIZES,
  filters: {
    order_code: textFilter({ maxLength: 64 }),
    package_pay_type: choiceFilter(PACKAGE_PAY_TYPES),
    created: dateRangeFilter(),
    pay_state: choiceFilter(PAY_STATES),
    pay_type: choiceFilter(ORDER_PAY_TYPES),
  },
};
type PageSize = (typeof BILL_PAGE_SIZES)[number];
export type SoftwareBillState = ListState<(typeof SOFTWARE_BILL_LIST)['filters'], PageSize>;

/** Shows the contract's failure message (with the server's reason), then lets the table show it too. */
function reportFailure(error: unknown, key: string): never {
  if (error instanceof ApiError && error.kind !== 'unauthorized') {
    notify.error(i18next.t(key, { reason: error.msg }));
  }
  throw error;
}

export function softwareBillQuery(state: SoftwareBillState, language: TLanguage) {
  const { page, limit, filters } = state;
  const range = dayRangeInstants(filters.created);
  return queryOptions({
    queryKey: [...BILLS_QUERY_ROOT, 'software', language, state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<TSoftwareBillRow>> => {
      const answer = await apiRequest<TSoftwareBill>('POST', billPaths.software, {
        body: {
          page,
          page_size: limit,
          order_code: filters.order_code || undefined,
          package_pay_type: filters.package_pay_type,
          time_from: range?.start,
          time_to: range?.end,
          pay_state: filters.pay_state,
          pay_type: filters.pay_type,
        },
        signal,
        silent: true,
      }).catch((error: unknown) => reportFailure(error, 'bills.software.loadFailed'));
      return { total: answer.total_count, data: answer.data };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

// ---- deduction bill (page 269) -------------------------------------------------------------

export const DEDUCTION_TYPES = QUOTA_TYPE_IDS;
export type DeductionRow = TDeductionRow;

export const DEDUCTION_BILL_LIST = {
  pageSizes: BILL_PAGE_SIZES,
  filters: {
    type: choiceFilter(DEDUCTION_TYPES),
    order_id: textFilter({ maxLength: 64 }),
    created: dateRangeFilter(),
  },
};
export type DeductionBillState = ListState<(typeof DEDUCTION_BILL_LIST)['filters'], PageSize>;

export function deductionBillQuery(state: DeductionBillState, language: TLanguage) {
  const { page, limit, filters } = state;
  const range = dayRangeInstants(filters.created);
  return queryOptions({
    queryKey: [...BILLS_QUERY_ROOT, 'deduction', language, state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<DeductionRow>> => {
      const answer = await apiRequest<TDeductionList>('POST', quotaPaths.logList, {
        body: {
          page,
          page_size: limit,
          type: filters.type,
          order_id: filters.order_id || undefined,
          from_time: range?.start,
          to_time: range?.end,
        },
        signal,
        silent: true,
      }).catch((error: unknown) => reportFailure(error, 'bills.deduction.loadFailed'));
      return { total: answer.count, data: answer.data };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
