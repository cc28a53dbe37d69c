import {
  type TInviteCode,
  type TInviteLogItem,
  type TInviteStatistics,
  invitationPaths,
} from '@seller-centre/contract/invitations';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../shared/current-user.ts';

export const inviteCodeQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'invite-code'] as const,
  queryFn: ({ signal }) => apiRequest<TInviteCode>('GET', invitationPaths.inviteCode, { signal }),
  staleTime: Infinity,
});

export const inviteLogQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'invite-log'] as const,
  queryFn: ({ signal }) => apiRequest<TInviteLogItem[]>('GET', invitationPaths.inviteLog, { signal }),
});

/** The share card: invitations made and days given for them. */
export const inviteStatisticsQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'invite-statistics'] as const,
  queryFn: ({ signal }) => apiRequest<TInviteStatistics>('GET', invitationPaths.inviteStatistics, { signal }),
});
