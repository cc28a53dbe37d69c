import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@seller-centre/contract/paths';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';

/** Hashed file names change with their content, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated, so a release shows at once. */
const REVALIDATE = 'no-cache';

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
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
    // A hashed file that is gone (an older release) is a 404, never the app under its name.
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
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
