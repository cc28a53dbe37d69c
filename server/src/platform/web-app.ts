import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@seller-centre/contract/i18n';
import {
  FIRST_VIEW_PLACEHOLDER,
  FIRST_VIEW_STYLES_PLACEHOLDER,
  SERVER_STATE_ID,
  SERVER_STATE_PLACEHOLDER,
} from '@seller-centre/contract/first-view';
import { API_PREFIX, webPaths, type THomeModuleKey } from '@seller-centre/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { firstView, type FirstViewRender } from './first-view.ts';
import { requestLanguage, translate } from './i18n.ts';

/** Hashed file names change with their content, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated, so a release shows at once. */
const REVALIDATE = 'no-cache';

/**
 * The pages a visitor lands on that have a document of their own, which names the page's scripts,
 * styles and translations so that they come with the entry instead of after it has run
 * (web/landing-documents.ts writes `landing/<page>.<language>.html`).
 */
const LANDING_PAGES: Record<string, (query: URLSearchParams) => string> = {
  [webPaths.root]: () => 'login',
  [webPaths.login]: () => 'login',
  // The personal centre opening on its own page, or on another module (its frame only).
  [webPaths.home]: (query) => (query.get('active') ? 'centre' : 'home'),
};
/** The language the browser last chose (the web app repeats its saved choice in this cookie). */
const LANGUAGE_COOKIE = /(?:^|;\s*)language=([^;]*)/;

/** The module `/home` opens on when `?active=` names none (web/src/app/modules.ts). */
const DEFAULT_MODULE: THomeModuleKey = 'personalCenter';

/**
 * The landing page for a path, if it has one; the personal centre's module the server may render
 * there (landing/<module>-rendered.<language>.html, for the modules web/landing-documents.ts
 * lists); and the cookie's language.
 */
function landingFor(request: FastifyRequest): {
  page: string | undefined;
  rendered: string | undefined;
  language: TLanguage;
} {
  const [pathname, query] = request.url.split('?');
  const search = new URLSearchParams(query);
  const page = LANDING_PAGES[pathname!]?.(search);
  const chosen = request.headers.cookie?.match(LANGUAGE_COOKIE)?.[1];
  return {
    page,
    rendered: pathname === webPaths.home ? search.get('active') || DEFAULT_MODULE : undefined,
    language: isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE,
  };
}

/** The rendered page's document: the server's render in `#root`, its theme's styles in the head, its state beside it. */
function withFirstView(template: string, view: FirstViewRender): string {
  // `<` escaped: the state holds the seller's own words, which must not end the script element.
  const state = JSON.stringify(view.state).replaceAll('<', '\\u003c');
  return template
    .replace(FIRST_VIEW_STYLES_PLACEHOLDER, () => view.styles)
    .replace(FIRST_VIEW_PLACEHOLDER, () => view.html)
    .replace(
      SERVER_STATE_PLACEHOLDER,
      () => `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
    );
}

/**
 * The built single-page app, served from the same origin as the API, and the not-found answer
 * for everything else: unknown API paths are a 404 envelope; any other GET is the app (history
 * mode), which shows its own not-found page for routes it does not know.
 *
 * The build writes a brotli and a gzip copy beside every text asset (web/vite.config.ts); the
 * copy the browser accepts is sent as is, so no request spends CPU compressing the app.
 */
async function webApp(app: FastifyInstance) {
  const root = app.config.WEB_DIST_DIR;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const assetsDir = `${path.sep}assets${path.sep}`;
  const landingDir = path.join(root, 'landing');
  const landing = new Set(
    existsSync(landingDir)
      ? readdirSync(landingDir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => `landing/${f}`)
      : [],
  );
  const render = firstView(app, path.join(path.dirname(root), 'dist-server', 'server-render.js'));
  /** The documents of the pages rendered here, by page and language (`myBill.zh`: landing/myBill-rendered.zh.html). */
  const renderedTemplates = new Map<string, string>();
  for (const file of landing) {
    const [, page, language] = /^landing\/(\w+)-rendered\.([a-z]+)\.html$/.exec(file) ?? [];
    if (page && language) renderedTemplates.set(`${page}.${language}`, readFileSync(path.join(root, file), 'utf8'));
  }
  /**
   * Sends the app's document for the request's path; it differs by the language cookie, and for
   * a signed-in seller's personal centre it is the page itself (first-view.ts).
   */
  const sendDocument = async (request: FastifyRequest, reply: FastifyReply) => {
    const { page, rendered, language } = landingFor(request);
    const file = page ? `landing/${page}.${language}.html` : 'index.html';
    if (!landing.has(file)) return reply.sendFile('index.html');
    reply.header('vary', 'cookie');
    const template = rendered ? renderedTemplates.get(`${rendered}.${language}`) : undefined;
    const view = template && render ? await render(request, language) : undefined;
    if (!template || !view) return reply.sendFile(file);
    // The seller's own data: kept by no shared cache, and asked for again on every visit.
    return reply
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(withFirstView(template, view));
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      // One route for every file, looked up on the disk per request: a route per file (about
      // 200) means listing the directory and building each route on every start, a tenth of a
      // start's CPU. A path that is no file goes to the not-found handler below.
      wildcard: true,
      // `/` is the app whatever the client accepts (a directory without an index is a 403).
      index: 'index.html',
      preCompressed: true,
      // The compressed copies are chosen by Accept-Encoding, not asked for by name.
      allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
      setHeaders(res, filePath) {
        // filePath is the copy actually sent (x.js.br): decide by the file it stands for.
        const sent = filePath.replace(/\.(br|gz)$/, '');
        if (sent.includes(assetsDir)) res.header('cache-control', IMMUTABLE);
        else if (sent.endsWith('.html')) res.header('cache-control', REVALIDATE);
      },
    });
    // The root is the login page's landing document, not the static index.html.
    app.get(webPaths.root, { schema: { hide: true } }, sendDocument);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
    // A hashed file that is gone (an older release) is a 404, never the app under its name.
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendDocument(request, reply);
    }
    const lang = requestLanguage(request);
    if (isApi) {
      return reply.status(404).send({
        code: 404,
        data: null,
        msg: translate(lang, 'apiNotFound', { method: request.method, url }),
      });
    }
    throw AppError.notFound();
  });
}

export default fp(webApp, { name: 'web-app' });
