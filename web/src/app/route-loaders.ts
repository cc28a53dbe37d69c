import { webPaths } from '@seller-centre/contract/paths';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchPersonalCentre } from '../features/personal-centre/prefetch.ts';
import { distributionInfoQuery, functionMenuQuery, userInfoQuery } from '../shared/current-user.ts';
import { getLanguage } from '../shared/i18n.ts';
import { loadUiLocale } from '../shared/ui-locale.ts';

// The code of the routes' pages, fetched when a page is first visited (route-elements.tsx) or,
// for the page a visitor lands on, right away.

export const loadLoginPage = () => import('../features/auth/login-page.tsx');
export const loadAntdTheme = () => import('../shared/antd-theme.tsx');
export const loadPersonalCentreShell = () =>
  Promise.all([loadAntdTheme(), import('./shell/personal-centre-shell.tsx')]);

/**
 * The personal centre with the module it opens on when `?active=` names none (its own page,
 * modules.ts), and the language's antd locale, which the theme waits for: all fetched with the
 * shell, not once the shell has drawn its menu or once the theme's module has run.
 */
function loadHome() {
  const opensDefault = !new URLSearchParams(location.search).get('active');
  return Promise.all([
    loadPersonalCentreShell(),
    opensDefault ? import('../features/personal-centre/personal-centre-page.tsx') : undefined,
    loadUiLocale(getLanguage()),
  ]);
}

// The page a visitor lands on is fetched alongside the entry, not after the translations arrive
// and the route first renders: one round trip less before the first paint. The server's document
// for these paths already names the same files (web/landing-documents.ts), so a browser has them
// on their way before this runs; these calls then only wait for them.
const LANDING_PAGES: Record<string, () => Promise<unknown>> = {
  [webPaths.root]: loadLoginPage,
  [webPaths.login]: loadLoginPage,
  [webPaths.home]: loadHome,
};

/**
 * Starts fetching the landing page's code. Called once the router has started the route's
 * loader: the session and translation requests go out first, ahead of the page's scripts, since
 * a browser opens only six connections to one host and the page waits for both.
 */
export function preloadLandingPage(): void {
  // A failure here is met again, and shown, when the route renders the page.
  LANDING_PAGES[location.pathname]?.().catch(() => undefined);
}

/**
 * The data of the page a signed-in visitor lands on, asked for by the route's guard alongside the
 * session, so it arrives with the page's code instead of after the page has rendered (on a
 * phone's slow network, a round trip and more before the largest paint). Only the personal
 * centre, which every account may open: another module may be closed to the viewer. Its queries
 * are a few lines, carried by the entry: fetched lazily, they went out only once their file had
 * come, behind the page's other scripts.
 */
export function prefetchLandingData(queryClient: QueryClient, url: URL): void {
  if (url.pathname !== webPaths.home || url.searchParams.get('active')) return;
  void prefetchPersonalCentre(queryClient);
}

/**
 * Asks for what the page at `url` shows before its reader does anything, as far as it is known
 * up front: the session's user, menu and distribution (the frame of every module), and the
 * personal centre's own data when it opens on its own page. A module's own data is found by
 * rendering it (server-render.tsx).
 */
export function prefetchFirstView(queryClient: QueryClient, url: URL): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(userInfoQuery),
    queryClient.prefetchQuery(functionMenuQuery),
    queryClient.prefetchQuery(distributionInfoQuery),
    url.searchParams.get('active') ? undefined : prefetchPersonalCentre(queryClient),
  ]);
}
