import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@seller-centre/contract/paths';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import auditRoutes from './modules/audit/routes.ts';
import employeeRoutes from './modules/employees/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import devRoutes from './modules/auth/dev-routes.ts';
import wechatLoginRoutes from './modules/auth/wechat-routes.ts';
import wechatWebhookRoutes from './modules/auth/wechat-webhook-routes.ts';
import couponRoutes from './modules/coupons/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import invitationRoutes from './modules/invitations/routes.ts';
import localeRoutes from './modules/locales/routes.ts';
import packageRoutes from './modules/packages/routes.ts';
import profileRoutes from './modules/profile/routes.ts';
import systemConfigRoutes from './modules/system-config/routes.ts';
import permissionRoutes from './modules/permissions/routes.ts';
import referenceDataRoutes from './modules/reference-data/routes.ts';
import roleRoutes from './modules/roles/routes.ts';
import auth from './platform/auth.ts';
import envelope from './platform/envelope.ts';
import { AppError } from './platform/errors.ts';
import { rejectNulCharacters } from './platform/input-guard.ts';
import { requestLanguage, translate } from './platform/i18n.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export type AppOptions = { config: Config; db: Db };

/**
 * The whole product as one plugin: production (server.ts) and the tests register exactly this.
 */
async function app(instance: FastifyInstance, { config, db }: AppOptions) {
  instance.decorate('config', config);
  instance.decorate('db', db);
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(envelope);
  // PostgreSQL text cannot hold NUL: refuse it on every route as a 400, never a 500.
  instance.addHook('preValidation', rejectNulCharacters);
  await instance.register(auth);
  await instance.register(swagger, {
    openapi: {
      info: { title: 'Seller Centre API', version: '0.1.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await instance.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const api = instance.withTypeProvider<ZodTypeProvider>();
  await api.register(healthRoutes, { prefix: API_PREFIX });
  await api.register(localeRoutes);
  // sign-in and personal centre modules (issue 3)
  await api.register(authRoutes);
  await api.register(wechatLoginRoutes);
  await api.register(wechatWebhookRoutes);
  await api.register(devRoutes);
  await api.register(profileRoutes);
  await api.register(packageRoutes);
  await api.register(couponRoutes);
  await api.register(invitationRoutes);
  await api.register(systemConfigRoutes);
  // access-control modules: roles, employees, permissions, reference data (issue 4)
  await api.register(permissionRoutes);
  await api.register(roleRoutes);
  await api.register(employeeRoutes);
  await api.register(referenceDataRoutes);
  await api.register(auditRoutes);

  const indexHtml = path.join(config.WEB_DIST_DIR, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await instance.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
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

  // Unknown API paths are a 404 envelope; any other GET is the single-page app (history mode),
  // which shows its own not-found page for routes it does not know.
  instance.setNotFoundHandler(async (request, reply) => {
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

export default fp(app, { name: 'seller-centre' });
