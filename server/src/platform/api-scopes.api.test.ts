import { PERMISSIONS } from '@seller-centre/contract/permissions';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import app from '../app.ts';
import config, { loadConfig } from '../config.ts';
import { AliasNode, SelectQueryNode, TableNode, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { DbHandle } from '../db/client.ts';
import database from '../db/plugin.ts';
import providers from '../providers/plugin.ts';
import { createEmployee, createTenant } from '../test/access-factories.ts';
import { openTestDb, type TestApp } from '../test/build-app.ts';
import { authHeaders } from '../test/factories.ts';
import { access } from './access.ts';
import { operatorScope, tenantScope } from './api-scopes.ts';
import envelope from './envelope.ts';
import inputGuard from './input-guard.ts';
import openapi from './openapi.ts';

/** What a query reads first: the table of a select's FROM, or else the kind of statement. */
function firstRead(node: RootOperationNode): string {
  const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
  const table = from && AliasNode.is(from) ? from.node : from;
  return table && TableNode.is(table) ? table.table.identifier.name : node.kind;
}

/** Every query the app sends, so a test can count round trips. */
const sent: string[] = [];
function counting(handle: DbHandle): DbHandle {
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      sent.push(firstRead(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ...handle, db: handle.db.withPlugin(plugin) };
}

let testApp: TestApp;
beforeAll(async () => {
  const instance = Fastify({ logger: false });
  const cfg = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent' });
  await instance.register(app, { config: cfg, db: counting(await openTestDb()) });
  await instance.ready();
  testApp = instance as TestApp;
});
afterAll(async () => testApp.close());

describe('the tenant scope', () => {
  it('signs in before it looks at the input: an anonymous bad request is a 401, not a 400', async () => {
    const res = await testApp.inject({ method: 'PUT', url: '/api/v1/auth/role', payload: { id: 'not a number' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it('checks the declared permission before it looks at the input', async () => {
    const tenant = await createTenant(testApp);
    const clerk = await createEmployee(testApp, tenant.tenantId, { grants: [PERMISSIONS.role.page] });
    const res = await testApp.inject({
      method: 'PUT',
      url: '/api/v1/auth/role',
      headers: authHeaders(clerk.token),
      payload: { id: 'not a number' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("costs an employee's request one round trip for the session, its role and its data authority", async () => {
    const tenant = await createTenant(testApp);
    const clerk = await createEmployee(testApp, tenant.tenantId, { grants: [PERMISSIONS.role.page] });
    sent.length = 0;
    const menu = await testApp.inject({
      method: 'GET',
      url: '/api/v3/user/function/menu',
      headers: authHeaders(clerk.token),
    });
    expect(menu.json().data.page_list).toContain(String(PERMISSIONS.role.page));
    // The function menu is the role's grant: nothing beyond the principal lookup is asked.
    expect(sent).toEqual(['sessions']);
  });

  it('asks the database nothing for the next reads of a session it has seen (the principal cache)', async () => {
    const tenant = await createTenant(testApp);
    const clerk = await createEmployee(testApp, tenant.tenantId, { grants: [PERMISSIONS.role.page] });
    const read = (url: string) => testApp.inject({ method: 'GET', url, headers: authHeaders(clerk.token) });
    expect((await read('/api/v1/user/base/info')).statusCode).toBe(200);
    sent.length = 0;
    expect((await read('/api/v3/user/function/menu')).statusCode).toBe(200);
    expect((await read('/api/v1/user/base/info')).statusCode).toBe(200);
    expect(sent).toEqual([]);
  });

  it('loads a session it has not seen once for a burst of requests, not once a request', async () => {
    const tenant = await createTenant(testApp);
    const [one, other] = [
      await createEmployee(testApp, tenant.tenantId, { grants: [PERMISSIONS.role.page] }),
      await createEmployee(testApp, tenant.tenantId, { grants: [PERMISSIONS.role.page] }),
    ];
    const read = (token: string) =>
      testApp.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(token) });
    sent.length = 0;
    expect((await read(one.token)).statusCode).toBe(200);
    const alone = [...sent];
    sent.length = 0;
    const burst = await Promise.all(Array.from({ length: 10 }, () => read(other.token)));
    expect(burst.map((r) => r.json().data.user_id)).toEqual(Array(10).fill(other.userId));
    expect(sent).toEqual(alone);
  });
});

/** Starts the platform plugins a scope depends on, and the scope with one probe module in it. */
async function startScopeWith(scope: typeof tenantScope, module: FastifyPluginAsyncZod) {
  const instance = Fastify({ logger: false });
  await instance.register(config, { config: loadConfig({ LOG_LEVEL: 'silent' }) });
  await instance.register(database, { db: { close: async () => undefined } as unknown as DbHandle });
  await instance.register(providers);
  await instance.register(envelope);
  await instance.register(inputGuard);
  await instance.register(openapi);
  // The tenant scope asks for principals through the cache; these probes never sign anyone in.
  await instance.register(fp(async () => {}, { name: 'principal-cache' }));
  await instance.register(scope, { modules: [module] });
  await instance.ready();
  await instance.close();
}

describe('a route the scopes refuse to start with', () => {
  it('a tenant route that declares no access', async () => {
    const probe: FastifyPluginAsyncZod = async (scope) => {
      scope.get('/api/probe', { schema: { operationId: 'probe' } }, async () => 'x');
    };
    await expect(startScopeWith(tenantScope, probe)).rejects.toThrow(/declares config.access/);
  });

  it('an operator route that declares no permission', async () => {
    const probe: FastifyPluginAsyncZod = async (scope) => {
      scope.post('/api/ops/probe', { schema: { operationId: 'probe' } }, async () => 'x');
    };
    await expect(startScopeWith(operatorScope, probe)).rejects.toThrow(/declares config.operatorPermission/);
  });

  it('a route without an operationId', async () => {
    const probe: FastifyPluginAsyncZod = async (scope) => {
      scope.get(
        '/api/probe',
        { config: { access: access.signedIn() }, schema: { response: { 200: z.string() } } },
        async () => 'x',
      );
    };
    await expect(startScopeWith(tenantScope, probe)).rejects.toThrow(/operationId/);
  });

  it('an operator path in the tenant scope, and a tenant path in the operator scope', async () => {
    const opsInTenant: FastifyPluginAsyncZod = async (scope) => {
      scope.get(
        '/api/ops/probe',
        { config: { access: access.signedIn() }, schema: { operationId: 'probe' } },
        async () => 'x',
      );
    };
    await expect(startScopeWith(tenantScope, opsInTenant)).rejects.toThrow(/operator scope/);
    const tenantInOps: FastifyPluginAsyncZod = async (scope) => {
      scope.get('/api/v1/probe', { schema: { operationId: 'probe' } }, async () => 'x');
    };
    await expect(startScopeWith(operatorScope, tenantInOps)).rejects.toThrow(/live under \/api\/ops/);
  });
});
