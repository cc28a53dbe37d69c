import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import config, { type Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import database from './db/plugin.ts';
import auditRoutes from './modules/audit/routes.ts';
import devRoutes from './modules/auth/dev-routes.ts';
import opsDistributionRoutes from './modules/distribution/ops-routes.ts';
import distributionRoutes from './modules/distribution/routes.ts';
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
import warehouseCreditRuntime from './modules/warehouse/credit-runtime.ts';
import operatorSignInRoutes from './modules/operators/sign-in-routes.ts';
import opsCatalogueRoutes from './modules/catalogue/ops-routes.ts';
import opsCouponRoutes from './modules/coupons/ops-routes.ts';
import opsOrderRoutes from './modules/orders/ops-routes.ts';
import opsWarehouseMoneyRoutes from './modules/warehouse/ops-money-routes.ts';
import opsWarehouseRoutes from './modules/warehouse/ops-routes.ts';
import opsThirdPartyRoutes from './modules/third-party/ops-routes.ts';
import thirdPartyRoutes from './modules/third-party/routes.ts';
import suiteThirdPartyRoutes from './modules/third-party/suite-routes.ts';
import packageRoutes from './modules/packages/routes.ts';
import permissionRoutes from './modules/permissions/routes.ts';
import profileRoutes from './modules/profile/routes.ts';
import quotaRoutes from './modules/quota/routes.ts';
import referenceDataRoutes from './modules/reference-data/routes.ts';
import roleRoutes from './modules/roles/routes.ts';
import opsSupplierRoutes from './modules/supplier/ops-routes.ts';
import supplierRoutes from './modules/supplier/routes.ts';
import systemConfigRoutes from './modules/system-config/routes.ts';
import warehouseRoutes from './modules/warehouse/routes.ts';
import { operatorScope, publicScope, standInScope, tenantScope } from './platform/api-scopes.ts';
import changeFeed from './platform/change-feed/plugin.ts';
import compression from './platform/compression.ts';
import envelope, { answerFrameworkError } from './platform/envelope.ts';
import inputGuard from './platform/input-guard.ts';
import metrics from './platform/metrics.ts';
import openapi from './platform/openapi.ts';
import principalCache from './platform/principal-cache.ts';
import securityHeaders from './platform/security-headers.ts';
import { requestLoggers } from './platform/request-logger.ts';
import { serializerCompiler } from './platform/serializer.ts';
import { configurePasswordHashingFrom } from './platform/passwords.ts';
import { opsUploadRoutes, uploadRoutes } from './platform/uploads/routes.ts';
import exportsRuntime from './platform/exports/plugin.ts';
import jobQueue from './platform/jobs/plugin.ts';
import fileStorage from './platform/storage/plugin.ts';
import exportDownloadRoutes from './platform/exports/routes.ts';
import webApp from './platform/web-app.ts';
import { registerOrderKinds } from './order-kinds.ts';
import { registerProposalKinds } from './proposal-kinds.ts';
import opsProposalRoutes from './modules/proposals/ops-routes.ts';
import opsTenantRoutes from './modules/tenants-ops/ops-routes.ts';
import opsAuditRoutes from './modules/audit/ops-routes.ts';
import providers, { type Providers } from './providers/plugin.ts';

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 reads a bare hop count as "trust nothing" (it
 * cannot tell a proxy from a client that reached the server directly), so a count becomes the
 * rule it stands for: the socket and the next `hops - 1` addresses are proxies. That is right
 * when the instances can be reached through the proxies only; docs/operations.md says so.
 */
function trustProxyOption(trust: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust.join(',');
}

/**
 * Fastify's own schema compilers (Ajv with its formats, fast-json-stringify), loaded the first
 * time a route without the zod compilers has a schema, which no route of the app has. Fastify
 * otherwise requires both packages when the instance is created, about a tenth of a start's CPU.
 * Resolved from Fastify's own location, so they are the copies it would have loaded itself.
 */
type CompilerFactories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

function onFirstUse<Factory>(pkg: string): Factory {
  let builder: ((...args: unknown[]) => unknown) | undefined;
  const factory = (...args: unknown[]) => {
    if (!builder) {
      const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
      builder = (fastifyRequire(pkg) as () => (...args: unknown[]) => unknown)();
    }
    return builder(...args);
  };
  return factory as Factory;
}

/**
 * Ids that tie a request's log lines together, unique across instances and restarts: a random
 * prefix per process and a counter. A random UUID per request cost a few percent of a small
 * signed-in read; the id is only ever read in the logs. A proxy's X-Request-Id is kept instead.
 */
function requestIds(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}

/**
 * The options of the Fastify instance the app is registered on, beside the logger: production
 * (server.ts) and the tests create it with these, so whom the app believes about the client's
 * address is the same in both.
 */
export function serverOptions(config: Pick<Config, 'TRUST_PROXY'>): FastifyServerOptions {
  return {
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Opening and migrating the database may take longer than Fastify's 10 s on a busy machine
    // (a fresh embedded database runs every migration); a start that slow is slow, not broken.
    pluginTimeout: 120_000,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    childLoggerFactory: requestLoggers,
    frameworkErrors: answerFrameworkError,
    schemaController: {
      compilersFactory: {
        buildValidator: onFirstUse<CompilerFactories['buildValidator']>('@fastify/ajv-compiler'),
        buildSerializer: onFirstUse<CompilerFactories['buildSerializer']>('@fastify/fast-json-stringify-compiler'),
      },
    },
  };
}

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
  configurePasswordHashingFrom(options.config);
  await instance.register(database, { db: options.db });
  await instance.register(changeFeed);
  await instance.register(principalCache);
  await instance.register(providers, { overrides: options.providers });
  await instance.register(jobQueue);
  // What orders sell and deliver, from the modules that own it (order-kinds.ts).
  registerOrderKinds();
  // The console's money moves a second operator approves (proposal-kinds.ts).
  registerProposalKinds();
  await instance.register(ordersRuntime);
  await instance.register(warehouseCreditRuntime);
  await instance.register(fileStorage);
  await instance.register(exportsRuntime);
  await instance.register(metrics);

  // Every route's input and output is a zod schema.
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler({ validate: options.config.NODE_ENV !== 'production' }));
  await instance.register(envelope);
  await instance.register(securityHeaders);
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
      exportDownloadRoutes,
      suiteThirdPartyRoutes,
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
      uploadRoutes,
      supplierRoutes,
      distributionRoutes,
      warehouseRoutes,
      thirdPartyRoutes,
    ],
  });
  await instance.register(operatorScope, {
    modules: [
      operatorRoutes,
      opsCouponRoutes,
      opsOrderRoutes,
      opsCatalogueRoutes,
      opsUploadRoutes,
      opsSupplierRoutes,
      opsDistributionRoutes,
      opsWarehouseRoutes,
      opsWarehouseMoneyRoutes,
      opsThirdPartyRoutes,
      opsProposalRoutes,
      opsTenantRoutes,
      opsAuditRoutes,
    ],
  });
  await instance.register(standInScope, { modules: [devRoutes, sandboxPayRoutes] });

  await instance.register(webApp);
}

export default fp(app, { name: 'seller-centre' });
