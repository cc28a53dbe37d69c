import type { TProposed } from '@seller-centre/contract/proposals';
import {
  opsThirdPartyPaths,
  type ZOpsThirdPartyEntry,
  type ZOpsThirdPartyEntryRow,
} from '@seller-centre/contract/third-party';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { textFilter, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** Operators' entries on tenants' third-party balances (manual receipt, overdraw, compensation, care). */

export const OPS_THIRD_PARTY_KEY = [...OPS_QUERY_KEY, 'third-party'] as const;

export type OpsThirdPartyEntryRow = z.infer<typeof ZOpsThirdPartyEntryRow>;
/** What the entry form sends: the contract's request, as the server reads it. */
export type OpsThirdPartyEntry = z.input<typeof ZOpsThirdPartyEntry>;

/** The entries in the URL: one tenant (id) or all; pages of 10, 20 (the default) or 50. */
export const THIRD_PARTY_ENTRY_LIST = {
  pageSizes: OPS_PAGE_SIZES,
  defaultPageSize: 20 as (typeof OPS_PAGE_SIZES)[number],
  filters: { tenant_id: textFilter({ maxLength: 15 }) },
};

type EntryListState = ListState<(typeof THIRD_PARTY_ENTRY_LIST)['filters'], (typeof OPS_PAGE_SIZES)[number]>;

export function thirdPartyEntriesQuery(state: EntryListState) {
  const tenant = state.filters.tenant_id;
  return queryOptions({
    queryKey: [...OPS_THIRD_PARTY_KEY, state] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: OpsThirdPartyEntryRow[] }>('GET', opsThirdPartyPaths.entries, {
        query: {
          tenant_id: /^\d{1,15}$/.test(tenant) ? tenant : undefined,
          page: state.page,
          page_size: state.limit,
        },
        signal,
        // A failed load is said in the table, with a retry.
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function postThirdPartyEntry(entry: OpsThirdPartyEntry) {
  return opsRequest<{ transaction_id: string; account_balance: string } | TProposed>('POST', opsThirdPartyPaths.entries, {
    body: entry,
  });
}
