import { opsSupplierPaths, type TOpsSupplierApplication } from '@seller-centre/contract/supplier';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, type FilterCodecs, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';
import type { ServerPage } from '../../../shared/list/use-server-list.ts';

/** The console's supplier applications, which the supplier feature's page (supplier-page.tsx) submits. */

export const OPS_SUPPLIER_KEY = [...OPS_QUERY_KEY, 'suppliers'] as const;

type PageSize = (typeof OPS_PAGE_SIZES)[number];
type StateOf<L extends { filters: FilterCodecs }> = ListState<L['filters'], PageSize>;

/** The lists' state in the URL: pages of 10, 20 (the default) or 50; the server takes up to 100. */
const PAGING = { pageSizes: OPS_PAGE_SIZES, defaultPageSize: 20 as PageSize };

/** Applications in the URL: the status shown, waiting for review (1) unless chosen; 0 is every status. */
export const SUPPLIER_LIST = { ...PAGING, filters: { status: choiceFilter([0, 1, 2, 3], 1) } };

export function supplierApplicationsQuery(state: StateOf<typeof SUPPLIER_LIST>) {
  const { status } = state.filters;
  return queryOptions({
    queryKey: [...OPS_SUPPLIER_KEY, state] as const,
    queryFn: ({ signal }) =>
      opsRequest<ServerPage<TOpsSupplierApplication>>('GET', opsSupplierPaths.applications, {
        query: { status: status === 0 ? undefined : status, page: state.page, page_size: state.limit },
        signal,
        // A failed load is said in the table, with a retry.
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function reviewSupplier(tenantId: number, decision: { approve: true } | { approve: false; reason: string }) {
  const path = (decision.approve ? opsSupplierPaths.approve : opsSupplierPaths.reject).replace(
    ':tenant_id',
    String(tenantId),
  );
  return opsRequest<unknown>('POST', path, decision.approve ? {} : { body: { reason: decision.reason } });
}
