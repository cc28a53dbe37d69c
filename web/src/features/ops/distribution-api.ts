import { opsDistributionPaths, type TOpsDistributor, type TOpsWithdrawal } from '@seller-centre/contract/distribution';
import { opsSupplierPaths, type TOpsSupplierApplication } from '@seller-centre/contract/supplier';
import { opsUploadPaths, type TUploadResult } from '@seller-centre/contract/uploads';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OPS_QUERY_KEY, opsRequest } from './ops-api.ts';

/** The console's supplier applications, withdrawal queue and distributors. */

export const OPS_DISTRIBUTION_KEY = [...OPS_QUERY_KEY, 'distribution'] as const;

type Page<R> = { total: number; data: R[] };

export function supplierApplicationsQuery(status: number | undefined, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'suppliers', status, page, pageSize] as const,
    queryFn: ({ signal }) =>
      opsRequest<Page<TOpsSupplierApplication>>('GET', opsSupplierPaths.applications, {
        query: { status, page, page_size: pageSize },
        signal,
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

export function withdrawalsQuery(status: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'withdrawals', status, page, pageSize] as const,
    queryFn: ({ signal }) =>
      opsRequest<Page<TOpsWithdrawal>>('GET', opsDistributionPaths.withdrawals, {
        query: { status, page, page_size: pageSize },
        signal,
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
  return opsRequest<TOpsWithdrawal>(
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

export function distributorsQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...OPS_DISTRIBUTION_KEY, 'distributors', page, pageSize] as const,
    queryFn: ({ signal }) =>
      opsRequest<Page<TOpsDistributor>>('GET', opsDistributionPaths.distributors, {
        query: { page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function updateDistributor(tenantId: number, body: { is_distributor?: boolean; commission_rate?: string }) {
  return opsRequest<TOpsDistributor>('PUT', opsDistributionPaths.distributor.replace(':tenant_id', String(tenantId)), {
    body,
  });
}
