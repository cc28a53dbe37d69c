import { operatorPaths, type TOperatorRole, type TOpsOperator } from '@seller-centre/contract/operators';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** The console's operators, in pages of 10, 20 or 50 (no filters: a handful of staff). */
export const OPS_OPERATOR_LIST = { pageSizes: OPS_PAGE_SIZES, defaultPageSize: 20 as const, filters: {} };

export const OPS_OPERATORS_KEY = [...OPS_QUERY_KEY, 'operators'] as const;

type OperatorListState = ListState<(typeof OPS_OPERATOR_LIST)['filters'], (typeof OPS_PAGE_SIZES)[number]>;

export function opsOperatorListQuery(state: OperatorListState) {
  return queryOptions({
    queryKey: [...OPS_OPERATORS_KEY, state] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOpsOperator[] }>('GET', operatorPaths.operators, {
        query: { page: state.page, page_size: state.limit },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function changeOperatorRole(operatorId: number, role: TOperatorRole) {
  return opsRequest<TOpsOperator>('PATCH', operatorPaths.operatorRole.replace(':id', String(operatorId)), {
    body: { role },
  });
}
