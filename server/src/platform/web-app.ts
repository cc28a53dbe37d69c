import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@seller-centre/contract/paths';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';

/**
 * The built single-page app, served from the same origin as the API, and the not-found answer
 * for everything else: unknown API paths are a 404 envelope; any other GET is the app (history
 * mode), which shows its own not-found page for routes it does not know.
 */
async function webApp(app: FastifyInstance) {
  const indexHtml = path.join(app.config.WEB_DIST_DIR, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: app.config.WEB_DIST_DIR,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
