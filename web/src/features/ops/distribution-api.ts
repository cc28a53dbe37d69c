import type { TProposed } from '@seller-centre/contract/proposals';
import { opsDistributionPaths, type TOpsDistributor, type TOpsWithdrawal } from '@seller-centre/contract/distribution';
import { opsSupplierPaths, type TOpsSupplierApplication } from '@seller-centre/contract/supplier';
import { opsUploadPaths, type TUploadResult } from '@seller-centre/contract/uploads';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, type FilterCodecs, type ListState } from '../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from './ops-api.ts';

/** The console's supplier applications, withdrawal queue and distributors. */

export const OPS_DISTRIBUTION_KEY = [...OPS_QUERY_KEY, 'distribution'] as const;

type Page<R> = { total: number; data: R[] };
type PageSize = (typeof OPS_PAGE_SIZES)[number];
type StateOf<L extends { filters: FilterCodecs }> = ListState<L['filters'], PageSize>;

/** The lists' state in the URL: pages of 10, 20 (the default) or 50; the server takes up to 100. */
const PAGING = { pageSizes: OPS_PAGE_SIZES, defaultPageSize: 20 as PageSize };

/** Applications in the URL: the status shown, waiting for review (1) unless chosen; 0 is every status. */
export const SUPPLIER_LIST = { ...PAGING, filters: { status: choiceFilter([0, 1, 2, 3], 1) } };

export function supplierApplicationsQuery(state: StateOf<typeof SUPPLIER_LIST>) {
  const { status } = state.filters;
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'suppliers', state] as const,
    queryFn: ({ signal }) =>
      opsRequest<Page<TOpsSupplierApplication>>('GET', opsSupplierPaths.applications, {
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

/** The withdrawal queue in the URL: the status shown, waiting for review (0) unless chosen. */
export const WITHDRAWAL_LIST = { ...PAGING, filters: { status: choiceFilter([0, 1, 2, 4], 0) } };

export function withdrawalsQuery(state: StateOf<typeof WITHDRAWAL_LIST>) {
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'withdrawals', state] as const,
    queryFn: ({ signal }) =>
      opsRequest<Page<TOpsWithdrawal>>('GET', opsDistributionPaths.withdrawals, {
        query: { status: state.filters.status, page: state.page, page_size: state.limit },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export async function uploadVoucher(tenantId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await opsRequest<TUploadResult>('POST', opsUploadPaths.upload, {
    query: { tenant_id: tenantId, max_files: 1 },
    body: form,
  });
  const id = answer.files[0]?.upload_id;
  if (!id) throw new Error('no upload id');
  return id;
}

export function approveWithdrawal(transactionId: string, body: { voucher_upload_id: string; remark: string }) {
  return opsRequest<TOpsWithdrawal | TProposed>(
    'POST',
    opsDistributionPaths.approve.replace(':transaction_id', encodeURIComponent(transactionId)),
    { body },
  );
}

export function failWithdrawal(transactionId: string, remark: string) {
  return opsRequest<TOpsWithdrawal>(
    'POST',
    opsDistributionPaths.fail.replace(':transaction_id', encodeURIComponent(transactionId)),
    { body: { remark } },
  );
}

/** Distributors in the URL: the page only. */
export const DISTRIBUTOR_LIST = { ...PAGING, filters: {} };

export function distributorsQuery(state: StateOf<typeof DISTRIBUTOR_LIST>) {
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'distributors', state] as const,
    queryFn: ({ signal }) =>
      opsRequest<Page<TOpsDistributor>>('GET', opsDistributionPaths.distributors, {
        query: { page: state.page, page_size: state.limit },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function updateDistributor(tenantId: number, body: { is_distributor?: boolean; commission_rate?: string }) {
  return opsRequest<TOpsDistributor>('PUT', opsDistributionPaths.distributor.replace(':tenant_id', String(tenantId)), {
    body,
  });
}
