// The personal centre's first view rendered on the server, which the browser then takes over
// (main.tsx). Built on its own for Node (`vite build --ssr`, web/dist-server) and loaded by the
// server (server/src/platform/first-view.ts); never part of the browser's bundle.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { dehydrate, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { prefetchFirstView } from './app/route-loaders.ts';
import { appRoutes } from './app/router.tsx';
import type { ServerState } from './app/server-state.ts';
import { onUnauthorized, setTransport } from './shared/api-client.ts';
import { appConfig } from './shared/app-config.ts';
import { currentBrand, resolveBrand } from './shared/brand/brands.ts';
import { functionMenuQuery, userInfoQuery } from './shared/current-user.ts';
import { i18nOptions } from './shared/i18n.ts';

export { setTransport };

// A session that has ended is answered with the page the browser renders itself, which says so:
// nothing to show or clear here.
onUnauthorized(() => undefined);

export type RenderRequest = {
  /** The page's path and query (`/home`). */
  url: string;
  hostname: string;
  language: TLanguage;
  translations: Record<string, unknown>;
};

/** Longer than this and the browser renders the page itself, as it would without the server. */
const RENDER_TIMEOUT_MS = 3_000;
/**
 * A page's data is found by rendering it: each render asks for what it showed as loading, and the
 * next shows it (a provider's balance, once the provider list has come). A page still loading
 * after this many renders is sent as it is; the browser asks for the rest.
 */
const MAX_RENDERS = 4;

/** A query a render showed as loading and that may be asked for: never asked, and not switched off. */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  if (queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Asks for every query the last render waited for; false when there was none. */
async function fetchWaiting(queryClient: QueryClient): Promise<boolean> {
  const queries = queryClient.getQueryCache().findAll({ predicate: waiting });
  // A failed query stays failed here: the browser shows its error, and may try it again.
  await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
  return queries.length > 0;
}

/**
 * The personal centre's markup for the session whose calls the transport makes (`setTransport`),
 * and the state the browser takes it over with. Undefined when the session is not a signed-in
 * one, or when the host shows another brand than the server's build (the page then renders in
 * the browser, as every other page does).
 */
export async function renderPersonalCentre(
  request: RenderRequest,
): Promise<{ html: string; styles: string; state: ServerState } | undefined> {
  if (resolveBrand(appConfig.brand, request.hostname) !== currentBrand) return undefined;
  const queryClient = createQueryClient();
  // A failed call is not tried again here, a second later: the browser, which then renders the
  // page itself, asks again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const url = new URL(request.url, 'http://localhost');
  await prefetchFirstView(queryClient, url);
  if (!queryClient.getQueryData(userInfoQuery.queryKey) || !queryClient.getQueryData(functionMenuQuery.queryKey)) {
    return undefined;
  }

  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nOptions(request.language),
    resources: { [request.language]: { translation: request.translations } },
  });
  // The server answers the document only for a session it has checked: no guard of its own.
  const handler = createStaticHandler(appRoutes(() => null));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const render = async () => {
    // antd writes its theme's variables (colours, borders, radii) at run time: collected here,
    // they go in the document with the page, which would otherwise be drawn without them until
    // the app has taken over.
    const styles = createCache();
    const { prelude } = await prerender(
      <StyleProvider cache={styles}>
        <I18nextProvider i18n={i18n}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </I18nextProvider>
      </StyleProvider>,
      // The whole page inline: larger parts would otherwise come after the markup, placed by
      // inline scripts, which the page's content security policy does not run.
      { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    // React hoists a preload for each image ahead of the markup; the images' own tags load them.
    const html = (await new Response(prelude).text()).replace(/^(<link rel="preload" as="image"[^>]*>)+/, '');
    return { html, styles: extractStyle(styles) };
  };
  let page = await render();
  for (let renders = 1; renders < MAX_RENDERS && (await fetchWaiting(queryClient)); renders += 1) {
    signal.throwIfAborted();
    page = await render();
  }
  // The browser would take over a failed part as still loading (a failure is not handed over):
  // such a page is left to the browser to render.
  if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0) {
    return undefined;
  }
  return { ...page, state: { language: request.language, queries: dehydrate(queryClient) } };
}
