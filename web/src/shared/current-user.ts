import { permissionPaths, type TFunctionMenu } from '@seller-centre/contract/permissions';
import { type TDistributionInfo, type TUserInfo, profilePaths } from '@seller-centre/contract/profile';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The signed-in user as every page sees it: user info, the permission menu (authority list)
 * and the distribution info. The route guard loads the first two before a protected route
 * renders (docs/product.md); they stay cached until logout or login clears the cache, the
 * permission menu only for a minute.
 */

/** Every query under this key belongs to the session and is dropped at login and logout. */
export const SESSION_QUERY_KEY = ['session'] as const;

export const userInfoQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'user-info'] as const,
  // Silent: the guard decides what a failure means (log out and go to login).
  queryFn: ({ signal }) => apiRequest<TUserInfo>('GET', profilePaths.baseInfo, { signal, silent: true }),
  staleTime: Infinity,
  retry: false,
});

export const functionMenuQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'function-menu'] as const,
  queryFn: ({ signal }) => apiRequest<TFunctionMenu>('GET', permissionPaths.functionMenu, { signal }),
  // A role can change while its employees are signed in: pick the change up within a minute
  // and whenever the tab comes back into focus. (The server enforces either way.)
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

const NO_DISTRIBUTION: TDistributionInfo = { is_show_distributor: false, is_sync_m2b: false };

/** From the older base; if it fails, the distribution modules stay hidden rather than break the page. */
export const distributionInfoQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'distribution-info'] as const,
  queryFn: ({ signal }) =>
    apiRequest<TDistributionInfo>('GET', profilePaths.distributionInfo, { signal, silent: true }).catch(
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return NO_DISTRIBUTION;
      },
    ),
  staleTime: 5 * 60_000,
});

/** The signed-in user (suspends while it loads; the guard has normally loaded it already). */
export function useUserInfo(): TUserInfo {
  return useSuspenseQuery(userInfoQuery).data;
}

/** The authority list, or undefined while it has not loaded. */
export function useFunctionMenu(): TFunctionMenu | undefined {
  return useQuery(functionMenuQuery).data;
}

export function useDistributionInfo(): TDistributionInfo {
  return useQuery(distributionInfoQuery).data ?? NO_DISTRIBUTION;
}
