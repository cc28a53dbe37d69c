import {
  opsThirdPartyPaths,
  type OPERATOR_THIRD_PARTY_TYPES,
  type ZOpsThirdPartyEntryRow,
} from '@seller-centre/contract/third-party';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { OPS_QUERY_KEY, opsRequest } from './ops-api.ts';

/** Operators' entries on tenants' third-party balances (manual receipt, overdraw, compensation, care). */

export const OPS_THIRD_PARTY_KEY = [...OPS_QUERY_KEY, 'third-party'] as const;

export type OpsThirdPartyEntryRow = z.infer<typeof ZOpsThirdPartyEntryRow>;
export type OpsThirdPartyEntry = {
  tenant_id: number;
  transaction_type: (typeof OPERATOR_THIRD_PARTY_TYPES)[number];
  amount: string;
  transaction_remark: string;
};

export function thirdPartyEntriesQuery(tenantId: number | undefined, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...OPS_THIRD_PARTY_KEY, tenantId, page, pageSize] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: OpsThirdPartyEntryRow[] }>('GET', opsThirdPartyPaths.entries, {
        query: { tenant_id: tenantId, page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function postThirdPartyEntry(entry: OpsThirdPartyEntry) {
  return opsRequest<{ transaction_id: string; account_balance: string }>('POST', opsThirdPartyPaths.entries, {
    body: entry,
  });
}
