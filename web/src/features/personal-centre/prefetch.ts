import type { QueryClient } from '@tanstack/react-query';
import { inviteStatisticsQuery } from './api/invitations.ts';
import { userPackageQuery } from './api/packages.ts';

/**
 * The personal centre page's own data (the ERP package tables, the share card), asked for by the
 * route's guard alongside the session: with the page's code, not once the page has rendered. The
 * page's queries then find it in the cache. (Also what the server asks for when it draws the page.)
 */
export function prefetchPersonalCentre(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(userPackageQuery(1)),
    queryClient.prefetchQuery(inviteStatisticsQuery),
  ]);
}
