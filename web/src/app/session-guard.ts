import { webPaths } from '@seller-centre/contract/paths';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { distributionInfoQuery, functionMenuQuery, SESSION_QUERY_KEY, userInfoQuery } from '../shared/current-user.ts';
import { loginPathReturningTo } from '../shared/return-path.ts';
import { prefetchLandingData } from './route-loaders.ts';
import { clearSession, getToken } from '../shared/session.ts';

/** Routes reachable without a token (docs/product.md). */
export const PUBLIC_PATHS: readonly string[] = [
  webPaths.login,
  webPaths.register,
  webPaths.logout,
  webPaths.forgetPassword,
];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(path);
}

/** Forgets the session in the browser: cookies, local values (but two) and the cached user. */
export function endSession(queryClient: QueryClient): void {
  clearSession();
  void queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
}

/**
 * The route guard of every protected route (docs/product.md): without a token, go to login;
 * with one, load the user info, then the permission menu, then enter. If the user info cannot
 * be loaded the session is over: log out and go to login. Either way the login page returns
 * here after signing in (a deep link survives the detour).
 */
export function requireSession(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const login = loginPathReturningTo(`${url.pathname}${url.search}`);
    if (!getToken()) throw redirect(login);
    // Asked for alongside the user info rather than after it (one round trip less before the
    // page), but waited for, and entered with, only once the user info has come. A token that
    // has ended fails them all alike, and the first 401 ends the session (main.tsx).
    void queryClient.prefetchQuery(functionMenuQuery);
    prefetchLandingData(queryClient, url);
    try {
      await queryClient.ensureQueryData(userInfoQuery);
    } catch {
      endSession(queryClient);
      throw redirect(login);
    }
    // The distribution info only decides whether one menu entry shows: fetched alongside.
    void queryClient.prefetchQuery(distributionInfoQuery);
    await queryClient.ensureQueryData(functionMenuQuery);
    return null;
  };
}
