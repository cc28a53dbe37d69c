import type { TProposed } from '@seller-centre/contract/proposals';
import { opsDistributionPaths, type TOpsDistributor, type TOpsWithdrawal } from '@seller-centre/contract/distribution';
import { opsUploadPaths, type TUploadResult } from '@seller-centre/contract/uploads';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, type FilterCodecs, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';
import type { ServerPage } from '../../../shared/list/use-server-list.ts';
import { WITHDRAWAL_STATUSES } from '../api.ts';

/** The console's withdrawal queue and distributors. */

export const OPS_DISTRIBUTION_KEY = [...OPS_QUERY_KEY, 'distribution'] as const;

type PageSize = (typeof OPS_PAGE_SIZES)[number];
type StateOf<L extends { filters: FilterCodecs }> = ListState<L['filters'], PageSize>;

/** The lists' state in the URL: pages of 10, 20 (the default) or 50; the server takes up to 100. */
const PAGING = { pageSizes: OPS_PAGE_SIZES, defaultPageSize: 20 as PageSize };

/** The withdrawal queue in the URL: the status shown, waiting for review (0) unless chosen. */
export const OPS_WITHDRAWAL_LIST = { ...PAGING, filters: { status: choiceFilter(WITHDRAWAL_STATUSES, 0) } };

export function withdrawalsQuery(state: StateOf<typeof OPS_WITHDRAWAL_LIST>) {
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'withdrawals', state] as const,
    queryFn: ({ signal }) =>
      opsRequest<ServerPage<TOpsWithdrawal>>('GET', opsDistributionPaths.withdrawals, {
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
      opsRequest<ServerPage<TOpsDistributor>>('GET', opsDistributionPaths.distributors, {
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
