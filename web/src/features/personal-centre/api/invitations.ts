import { userPaths, type TInviteCode, type TInviteLogItem, type TInviteStatistics } from '@seller-centre/contract/user';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../shared/current-user.ts';

export const inviteCodeQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'invite-code'] as const,
  queryFn: ({ signal }) => apiRequest<TInviteCode>('GET', userPaths.inviteCode, { signal }),
  staleTime: Infinity,
});

export const inviteLogQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'invite-log'] as const,
  queryFn: ({ signal }) => apiRequest<TInviteLogItem[]>('GET', userPaths.inviteLog, { signal }),
});

/** The share card: invitations made and days given for them. */
export const inviteStatisticsQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'invite-statistics'] as const,
  queryFn: ({ signal }) => apiRequest<TInviteStatistics>('GET', userPaths.inviteStatistics, { signal }),
});
