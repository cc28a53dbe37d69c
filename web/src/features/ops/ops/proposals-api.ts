import type { TLanguage } from '@seller-centre/contract/i18n';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import { opsProposalPaths, PROPOSAL_STATUSES, type TProposal } from '@seller-centre/contract/proposals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** The four-eyes queue in the URL: pending first by default, pages of 10, 20 or 50. */
export const PROPOSAL_LIST = {
  pageSizes: OPS_PAGE_SIZES,
  filters: { status: choiceFilter(PROPOSAL_STATUSES, 'pending') },
};

type ProposalListState = ListState<(typeof PROPOSAL_LIST)['filters'], (typeof OPS_PAGE_SIZES)[number]>;

export const proposalKeys = {
  all: [...OPS_QUERY_KEY, 'proposals'] as const,
};

export function proposalListQuery(state: ProposalListState, language: TLanguage) {
  return queryOptions({
    queryKey: [...proposalKeys.all, language, state] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TProposal[] }>('GET', opsProposalPaths.list, {
        query: { page: state.page, page_size: state.limit, status: state.filters.status },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function approveProposal(id: number) {
  return opsRequest<TProposal>('POST', opsProposalPaths.approve.replace(':id', String(id)));
}

export function rejectProposal(id: number, reason: string) {
  return opsRequest<TProposal>('POST', opsProposalPaths.reject.replace(':id', String(id)), { body: { reason } });
}
