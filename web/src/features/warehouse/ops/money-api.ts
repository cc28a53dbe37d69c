import type { TProposed } from '@seller-centre/contract/proposals';
import {
  opsWarehousePaths,
  type TOpsCreditApplication,
  type TOpsCreditDecision,
  type TOpsPaymentNote,
  type TOpsPaymentNoteDecision,
} from '@seller-centre/contract/warehouse-ops';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, textFilter, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** The warehouse money queues: offline top-up notes and credit-line applications. */
const ROOT = [...OPS_QUERY_KEY, 'warehouse-money'] as const;
export const WAREHOUSE_MONEY_KEY = ROOT;

type PageSize = (typeof OPS_PAGE_SIZES)[number];

/**
 * The payment notes in the URL (`notes.` before each name, as the credit queue on the other tab
 * has its own): a status (none = still open; -1 = every note) and a tenant id.
 */
export const NOTE_QUEUE_LIST = {
  prefix: 'notes.',
  pageSizes: OPS_PAGE_SIZES,
  defaultPageSize: 20 as PageSize,
  filters: { status: choiceFilter([-1, 0, 1, 2, 3, 4, 5]), tenant_id: textFilter({ maxLength: 15 }) },
};

/** The credit applications in the URL (`credit.`): a status (none = under review; 1 = every one) and a tenant id. */
export const CREDIT_QUEUE_LIST = {
  prefix: 'credit.',
  pageSizes: OPS_PAGE_SIZES,
  defaultPageSize: 20 as PageSize,
  filters: { status: choiceFilter([0, 1, 3, 4, 5]), tenant_id: textFilter({ maxLength: 15 }) },
};

type QueueState = { page: number; limit: PageSize; filters: { status: number | undefined; tenant_id: string } };

function tenantOf(text: string) {
  return /^\d{1,15}$/.test(text) ? text : undefined;
}

const queueParams = (q: QueueState) => ({
  page: q.page,
  page_size: q.limit,
  status: q.filters.status,
  tenant_id: tenantOf(q.filters.tenant_id),
});

export const noteQueueQuery = (q: ListState<(typeof NOTE_QUEUE_LIST)['filters'], PageSize>) =>
  queryOptions({
    queryKey: [...ROOT, 'notes', q] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOpsPaymentNote[] }>('GET', opsWarehousePaths.paymentNotes, {
        query: queueParams(q),
        signal,
        // A failed load is said in the table, with a retry.
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

export function decideNote(pnId: number, body: TOpsPaymentNoteDecision) {
  return opsRequest<TOpsPaymentNote | TProposed>('POST', opsWarehousePaths.paymentNoteDecision.replace(':pn_id', String(pnId)), { body });
}

export const creditQueueQuery = (q: ListState<(typeof CREDIT_QUEUE_LIST)['filters'], PageSize>) =>
  queryOptions({
    queryKey: [...ROOT, 'credit', q] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOpsCreditApplication[] }>('GET', opsWarehousePaths.creditApplications, {
        query: queueParams(q),
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

export function decideCredit(aclCode: string, body: TOpsCreditDecision) {
  return opsRequest<TOpsCreditApplication | TProposed>(
    'POST',
    opsWarehousePaths.creditDecision.replace(':acl_code', encodeURIComponent(aclCode)),
    { body },
  );
}

/** A proof image with the operator's token. */
export function fetchOpsProof(url: string, signal: AbortSignal): Promise<Blob> {
  return opsRequest<Blob>('GET', url, { responseType: 'blob', silent: true, signal });
}
