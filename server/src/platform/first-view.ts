import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { TLanguage } from '@seller-centre/contract/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The personal centre's first view (its own page, or a module the build lists), rendered here
 * from the web app's own components (built for Node as web/dist-server/server-render.js, see
 * web/src/server-render.tsx), so that a signed-in seller's phone paints the page from the
 * document instead of after 300 KB of script. The browser then takes the page over
 * (web/src/main.tsx).
 *
 * The render's API calls are this server's own routes, answered in process (`inject`) with the
 * visitor's token: the same checks, permissions and data as the browser's calls would meet.
 */

type Transport = (url: string, init: RequestInit) => Promise<Response>;

type RenderModule = {
  setTransport(transport: Transport): void;
  renderPersonalCentre(request: {
    url: string;
    hostname: string;
    language: TLanguage;
    translations: Record<string, unknown>;
  }): Promise<FirstViewRender | undefined>;
};

/** A render: the page's markup, the `<style>` elements of its theme, and the state the app takes it over with. */
export type FirstViewRender = { html: string; styles: string; state: unknown };

/**
 * The app, the token and the language a render's calls are made for: several apps may share one
 * process. The language is the page's: what the API words itself (a catalogue's option names, a
 * fee type) must be in it, as the browser's calls would ask, since the app keeps the render's data.
 */
const renders = new AsyncLocalStorage<{ app: FastifyInstance; token: string; language: TLanguage }>();

const transport: Transport = async (url, init) => {
  const render = renders.getStore();
  if (!render) throw new Error('an API call outside a server render');
  const res = await render.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers: {
      ...Object.fromEntries(new Headers(init.headers)),
      authorization: render.token,
      'accept-language': render.language,
    },
    payload: typeof init.body === 'string' ? init.body : undefined,
  });
  return new Response(res.statusCode === 204 ? null : res.body, {
    status: res.statusCode,
    headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
  });
};

const loaded = new Map<string, Promise<RenderModule>>();

function loadRenderer(file: string): Promise<RenderModule> {
  let module = loaded.get(file);
  if (!module) {
    module = (import(pathToFileURL(file).href) as Promise<RenderModule>).then((m) => {
      m.setTransport(transport);
      return m;
    });
    loaded.set(file, module);
  }
  return module;
}

/** The session token the web app keeps in its cookie (web/src/shared/session.ts). */
const TOKEN_COOKIE = /(?:^|;\s*)token=([A-Za-z0-9_-]{20,128})(?:;|$)/;

export type FirstView = (request: FastifyRequest, language: TLanguage) => Promise<FirstViewRender | undefined>;

/**
 * Renders the request's `/home` page for its session, or answers undefined (no session, an ended one, no
 * render module built): the browser then renders the page itself, as before. A render that fails
 * is logged and answered the same way: the document never fails because of it.
 */
export function firstView(app: FastifyInstance, file: string): FirstView | undefined {
  if (!existsSync(file)) return undefined;
  return async (request, language) => {
    const token = request.headers.cookie?.match(TOKEN_COOKIE)?.[1];
    if (!token) return undefined;
    try {
      const renderer = await loadRenderer(file);
      const translations = (await app.inject({ url: `/locales/${language}.json` })).json<Record<string, unknown>>();
      return await renders.run({ app, token, language }, () =>
        renderer.renderPersonalCentre({ url: request.url, hostname: request.hostname, language, translations }),
      );
    } catch (error) {
      request.log.warn({ err: error }, 'the personal centre could not be rendered on the server');
      return undefined;
    }
  };
}
