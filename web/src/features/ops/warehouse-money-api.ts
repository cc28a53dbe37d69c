import {
  opsWarehousePaths,
  type TOpsCreditApplication,
  type TOpsCreditDecision,
  type TOpsPaymentNote,
  type TOpsPaymentNoteDecision,
} from '@seller-centre/contract/warehouse-ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OPS_QUERY_KEY, opsRequest } from './ops-api.ts';

/** The warehouse money queues: offline top-up notes and credit-line applications. */
const ROOT = [...OPS_QUERY_KEY, 'warehouse-money'] as const;
export const WAREHOUSE_MONEY_KEY = ROOT;

export type NoteQueueQuery = { page: number; page_size: 10 | 20 | 50; status?: number | undefined; tenant_id?: string | undefined };
export type CreditQueueQuery = NoteQueueQuery;

function tenantOf(text: string | undefined) {
  return text && /^\d{1,15}$/.test(text) ? text : undefined;
}

export const noteQueueQuery = (q: NoteQueueQuery) =>
  queryOptions({
    queryKey: [...ROOT, 'notes', q] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOpsPaymentNote[] }>('GET', opsWarehousePaths.paymentNotes, {
        query: { page: q.page, page_size: q.page_size, status: q.status, tenant_id: tenantOf(q.tenant_id) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function decideNote(pnId: number, body: TOpsPaymentNoteDecision) {
  return opsRequest<TOpsPaymentNote>('POST', opsWarehousePaths.paymentNoteDecision.replace(':pn_id', String(pnId)), { body });
}

export const creditQueueQuery = (q: CreditQueueQuery) =>
  queryOptions({
    queryKey: [...ROOT, 'credit', q] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOpsCreditApplication[] }>('GET', opsWarehousePaths.creditApplications, {
        query: { page: q.page, page_size: q.page_size, status: q.status, tenant_id: tenantOf(q.tenant_id) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function decideCredit(aclCode: string, body: TOpsCreditDecision) {
  return opsRequest<TOpsCreditApplication>(
    'POST',
    opsWarehousePaths.creditDecision.replace(':acl_code', encodeURIComponent(aclCode)),
    { body },
  );
}

/** A proof image with the operator's token. */
export function fetchOpsProof(url: string, signal: AbortSignal): Promise<Blob> {
  return opsRequest<Blob>('GET', url, { responseType: 'blob', silent: true, signal });
}
