import { ErrorCode } from '@seller-centre/contract/envelope';
import { OPERATOR_ROLES, OPS_PREFIX, operatorRoleCan } from '@seller-centre/contract/operators';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { standInsOf } from '../config.ts';
import { canRefuse, checkAccess } from './access.ts';
import { isSessionOfDisabledAccount, tokenFromRequest } from './auth.ts';
import { AppError } from './errors.ts';
import { checkOperatorPermission, findOperatorPrincipal } from './operator-auth.ts';
import { documentRoute, SECURITY } from './openapi.ts';

/**
 * The API's scopes. Where a route is registered decides who may call it:
 *
 * - public: no sign-in (sign-in itself, registration, SMS codes, translations, health, provider
 *   webhooks);
 * - tenant: one hook signs in every route from its seller token and checks the access the route
 *   declares (platform/access.ts), before anything else runs;
 * - operator: everything under /api/ops, signed in with an operator's token only; one hook checks
 *   the permission each route declares (`config.operatorPermission`) against the operator's role;
 * - stand-ins: the local stand-ins' own pages and calls, registered only while one is configured.
 *
 * Each scope is an encapsulated plugin: its hooks reach only the modules registered in it.
 */

type ScopeOptions = { modules: FastifyPluginAsyncZod[] };

const SCOPE_DEPENDENCIES = ['config', 'database', 'providers', 'envelope', 'input-guard', 'openapi'];

async function registerModules(scope: FastifyInstance, modules: FastifyPluginAsyncZod[]) {
  const typed = scope.withTypeProvider<ZodTypeProvider>();
  for (const module of modules) await typed.register(module);
}

function isOperatorPath(url: string) {
  return url === OPS_PREFIX || url.startsWith(`${OPS_PREFIX}/`);
}

export const publicScope = fp(
  async function publicApi(scope: FastifyInstance, { modules }: ScopeOptions) {
    scope.addHook('onRoute', (route: RouteOptions) => documentRoute(route, { security: SECURITY.public, errors: [] }));
    await registerModules(scope, modules);
  },
  { name: 'public-api', dependencies: SCOPE_DEPENDENCIES, encapsulate: true },
);

export const tenantScope = fp(
  async function tenantApi(scope: FastifyInstance, { modules }: ScopeOptions) {
    scope.decorateRequest('principal', null);
    scope.addHook('onRoute', (route: RouteOptions) => {
      const required = route.config?.access;
      if (!required) {
        throw new Error(
          `${String(route.method)} ${route.url}: a tenant route declares config.access (platform/access.ts)`,
        );
      }
      if (isOperatorPath(route.url)) throw new Error(`${route.url}: operator paths belong to the operator scope`);
      const errors = [ErrorCode.Unauthorized, ...(canRefuse(required) ? [ErrorCode.Forbidden] : [])];
      documentRoute(route, { security: SECURITY.seller, errors });
    });
    scope.addHook('onRequest', async (request) => {
      const token = tokenFromRequest(request);
      const principal = token ? await scope.principals.find(token) : null;
      if (!principal) {
        // Told on the login page, so a seller whose account was disabled knows why.
        if (token && (await isSessionOfDisabledAccount(scope.db, token))) {
          throw AppError.unauthorized('sessionAccountDisabled');
        }
        throw AppError.unauthorized();
      }
      request.principal = principal;
      checkAccess(principal, request.routeOptions.config.access!);
    });
    await registerModules(scope, modules);
  },
  { name: 'tenant-api', dependencies: [...SCOPE_DEPENDENCIES, 'principal-cache'], encapsulate: true },
);

export const operatorScope = fp(
  async function operatorApi(scope: FastifyInstance, { modules }: ScopeOptions) {
    scope.decorateRequest('operator', null);
    scope.addHook('onRoute', (route: RouteOptions) => {
      if (!isOperatorPath(route.url)) throw new Error(`${route.url}: operator routes live under ${OPS_PREFIX}`);
      const required = route.config?.operatorPermission;
      if (!required) {
        throw new Error(
          `${String(route.method)} ${route.url}: an operator route declares config.operatorPermission (packages/contract/src/operators.ts)`,
        );
      }
      const everyRole = OPERATOR_ROLES.every((role) => operatorRoleCan(role, required));
      const errors = [ErrorCode.Unauthorized, ...(everyRole ? [] : [ErrorCode.Forbidden])];
      documentRoute(route, { security: SECURITY.operator, errors });
    });
    scope.addHook('onRequest', async (request) => {
      const token = tokenFromRequest(request);
      const operator = token ? await findOperatorPrincipal(scope.db, token) : null;
      if (!operator) throw AppError.unauthorized();
      request.operator = operator;
      checkOperatorPermission(operator, request.routeOptions.config.operatorPermission!);
    });
    await registerModules(scope, modules);
  },
  { name: 'operator-api', dependencies: SCOPE_DEPENDENCIES, encapsulate: true },
);

/**
 * The stand-ins' routes. They let anyone read sign-in codes or fake a WeChat scan, so they exist
 * only while a stand-in is configured, and in production only when ALLOW_STAND_INS_IN_PRODUCTION
 * says so (config.ts refuses a production start otherwise).
 */
export const standInScope = fp(
  async function standInApi(scope: FastifyInstance, { modules }: ScopeOptions) {
    const { config } = scope;
    const standIns = standInsOf(config);
    if (standIns.length === 0) return;
    if (config.NODE_ENV === 'production') {
      if (!config.ALLOW_STAND_INS_IN_PRODUCTION) return;
      scope.log.warn(
        `stand-ins are on in production (${standIns.join(', ')}, ALLOW_STAND_INS_IN_PRODUCTION=true): anyone can read sign-in codes or fake a WeChat scan; never serve real users like this`,
      );
    }
    scope.addHook('onRoute', (route: RouteOptions) => documentRoute(route, { security: SECURITY.public, errors: [] }));
    await registerModules(scope, modules);
  },
  { name: 'stand-ins', dependencies: SCOPE_DEPENDENCIES, encapsulate: true },
);
