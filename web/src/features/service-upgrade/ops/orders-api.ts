import type { TProposed } from '@seller-centre/contract/proposals';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { OPS_ORDER_STATES, OPS_PAGE_SIZES, opsOrderPaths, type TOpsRefundRequest } from '@seller-centre/contract/ops';
import type { TOrderDetail, TOrderRefund, TOrderSummary } from '@seller-centre/contract/orders';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, textFilter, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** Orders in the URL: order code, tenant id and state; pages of 10, 20 or 50. */
export const OPS_ORDER_LIST = {
  pageSizes: OPS_PAGE_SIZES,
  filters: {
    order_code: textFilter({ maxLength: 64 }),
    tenant_id: textFilter({ maxLength: 15 }),
    state: choiceFilter(OPS_ORDER_STATES),
  },
};

export type OpsOrderListState = ListState<(typeof OPS_ORDER_LIST)['filters'], (typeof OPS_PAGE_SIZES)[number]>;

export function opsOrderListQuery(state: OpsOrderListState, language: TLanguage) {
  const { filters } = state;
  return queryOptions({
    queryKey: [...OPS_QUERY_KEY, 'orders', language, state] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOrderSummary[] }>('GET', opsOrderPaths.orders, {
        query: {
          page: state.page,
          page_size: state.limit,
          order_code: filters.order_code || undefined,
          tenant_id: /^\d{1,15}$/.test(filters.tenant_id) ? filters.tenant_id : undefined,
          state: filters.state,
        },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Keyed by language as the list is: the server says the title in the caller's language. */
export function opsOrderQuery(orderCode: string, language: TLanguage) {
  return queryOptions({
    queryKey: [...OPS_QUERY_KEY, 'order', language, orderCode] as const,
    queryFn: ({ signal }) =>
      opsRequest<TOrderDetail>('GET', opsOrderPaths.order.replace(':order_code', encodeURIComponent(orderCode)), {
        signal,
      }),
  });
}

/**
 * Refunds part or all of a paid order. `refund_key` is made once per opened form, so a retry or
 * a double click of the same form refunds once.
 */
export function refundOrder(orderCode: string, body: TOpsRefundRequest) {
  return opsRequest<TOrderRefund | TProposed>(
    'POST',
    opsOrderPaths.refund.replace(':order_code', encodeURIComponent(orderCode)),
    {
      body,
      silent: true,
    },
  );
}
