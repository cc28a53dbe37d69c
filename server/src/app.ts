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
import compression from './platform/compression.ts';
import envelope from './platform/envelope.ts';
import { rejectNulCharacters } from './platform/input-guard.ts';
import webApp from './platform/web-app.ts';

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
  await instance.register(compression);
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

  await instance.register(webApp);
}

export default fp(app, { name: 'seller-centre' });
