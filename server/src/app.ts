import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import config, { type Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import database from './db/plugin.ts';
import auditRoutes from './modules/audit/routes.ts';
import devRoutes from './modules/auth/dev-routes.ts';
import authRoutes from './modules/auth/routes.ts';
import wechatLoginRoutes from './modules/auth/wechat-routes.ts';
import wechatWebhookRoutes from './modules/auth/wechat-webhook-routes.ts';
import billRoutes from './modules/bills/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import couponRoutes from './modules/coupons/routes.ts';
import employeeRoutes from './modules/employees/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import invitationRoutes from './modules/invitations/routes.ts';
import localeRoutes from './modules/locales/routes.ts';
import operatorRoutes from './modules/operators/routes.ts';
import sandboxPayRoutes from './modules/orders/dev-routes.ts';
import notifyRoutes from './modules/orders/notify-routes.ts';
import orderRoutes from './modules/orders/routes.ts';
import ordersRuntime from './modules/orders/runtime.ts';
import operatorSignInRoutes from './modules/operators/sign-in-routes.ts';
import packageRoutes from './modules/packages/routes.ts';
import permissionRoutes from './modules/permissions/routes.ts';
import profileRoutes from './modules/profile/routes.ts';
import quotaRoutes from './modules/quota/routes.ts';
import referenceDataRoutes from './modules/reference-data/routes.ts';
import roleRoutes from './modules/roles/routes.ts';
import systemConfigRoutes from './modules/system-config/routes.ts';
import { operatorScope, publicScope, standInScope, tenantScope } from './platform/api-scopes.ts';
import changeFeed from './platform/change-feed/plugin.ts';
import compression from './platform/compression.ts';
import envelope from './platform/envelope.ts';
import inputGuard from './platform/input-guard.ts';
import openapi from './platform/openapi.ts';
import principalCache from './platform/principal-cache.ts';
import webApp from './platform/web-app.ts';
import providers, { type Providers } from './providers/plugin.ts';

type AppOptions = {
  config: Config;
  /** A database already open and migrated (tests); by default the configured one is opened. */
  db?: DbHandle;
  /** Outside services to use instead of the configured ones (tests). */
  providers?: Partial<Providers>;
};

/**
 * The composition root: the whole product as one plugin, assembled from named plugins.
 * Production (server.ts) and the tests register exactly this; tests swap stand-ins in through
 * `options` and nowhere else. Where a module is registered decides who may call it
 * (platform/api-scopes.ts).
 */
async function app(instance: FastifyInstance, options: AppOptions) {
  await instance.register(config, { config: options.config });
  await instance.register(database, { db: options.db });
  await instance.register(changeFeed);
  await instance.register(principalCache);
  await instance.register(providers, { overrides: options.providers });
  await instance.register(ordersRuntime);

  // Every route's input and output is a zod schema.
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  await instance.register(envelope);
  await instance.register(compression);
  await instance.register(inputGuard);
  await instance.register(openapi);

  await instance.register(publicScope, {
    modules: [
      healthRoutes,
      localeRoutes,
      systemConfigRoutes,
      authRoutes,
      wechatLoginRoutes,
      wechatWebhookRoutes,
      operatorSignInRoutes,
      notifyRoutes,
    ],
  });
  await instance.register(tenantScope, {
    modules: [
      profileRoutes,
      packageRoutes,
      catalogueRoutes,
      orderRoutes,
      billRoutes,
      couponRoutes,
      invitationRoutes,
      permissionRoutes,
      roleRoutes,
      employeeRoutes,
      referenceDataRoutes,
      auditRoutes,
      quotaRoutes,
    ],
  });
  await instance.register(operatorScope, { modules: [operatorRoutes] });
  await instance.register(standInScope, { modules: [devRoutes, sandboxPayRoutes] });

  await instance.register(webApp);
}

export default fp(app, { name: 'seller-centre' });
