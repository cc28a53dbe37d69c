import { opsOrderPaths, type TReconciliationRun } from '@seller-centre/contract/ops';
import { queryOptions } from '@tanstack/react-query';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** The last payment reconciliation runs with their differences. */
export const reconciliationsQuery = queryOptions({
  queryKey: [...OPS_QUERY_KEY, 'reconciliations'] as const,
  queryFn: ({ signal }) =>
    opsRequest<{ data: TReconciliationRun[] }>('GET', opsOrderPaths.reconciliations, { query: { limit: 20 }, signal }),
});
