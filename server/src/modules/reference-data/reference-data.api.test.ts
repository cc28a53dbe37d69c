import { sql } from 'kysely';
import { transaction } from '../../db/client.ts';
import { queryRows } from '../../test/factories.ts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEES, DEMO_SHOPS, seedAccessDemo } from '../../db/seeds/access.ts';
import { createTenant, signInAs } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { CsvImportError, findMainAccount, importReferenceData, readImportRows } from './csv-import.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

function as(token: string, options: Omit<InjectOptions, 'headers'>) {
  return app.inject({ ...options, headers: { authorization: token } } as InjectOptions);
}

describe('the demo tenant', () => {
  it('has the platforms, a dozen shops, warehouses, roles and two employees', async () => {
    const t = await createTenant(app);
    await transaction(app.db, (tx) => seedAccessDemo(tx, t.tenantId));

    const platforms = (await as(t.token, { method: 'GET', url: '/api/v1/common/platform?site=0' })).json().data;
    expect(platforms.map((p: { platform_name: string }) => p.platform_name)).toEqual(
      expect.arrayContaining(['Coupang', 'Shopee', 'Lazada', 'TikTok Shop']),
    );
    const group = (await as(t.token, { method: 'GET', url: '/api/v3/shop/group' })).json().data;
    expect(Object.values(group).flat()).toHaveLength(12);
    expect(group.coupang.map((s: { shop_name: string }) => s.shop_name)).toEqual(DEMO_SHOPS.coupang);
    expect((await as(t.token, { method: 'GET', url: '/api/v1/warehouse' })).json().data.length).toBeGreaterThanOrEqual(
      3,
    );

    const roles = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role/all' })).json().data;
    expect(roles.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['运营专员', '财务专员', '账号管理员', '客服']),
    );

    // the operator sees its two shops only, and the modules its role grants
    const [operator] = await queryRows(
      app,
      sql<{ id: string }>`SELECT id FROM users WHERE user_name = ${DEMO_EMPLOYEES[0].user_name}`,
    );
    const token = await signInAs(app, Number(operator!.id));
    const seen = (await as(token, { method: 'GET', url: '/api/v3/shop/group' })).json().data;
    expect(
      Object.values(seen)
        .flat()
        .map((s) => (s as { shop_name: string }).shop_name)
        .sort(),
    ).toEqual([...DEMO_EMPLOYEES[0].shops].sort());
    const menu = (await as(token, { method: 'GET', url: '/api/v3/user/function/menu' })).json().data;
    expect(menu.page_list).toContain('270');
    expect(menu.page_list).not.toContain('260');
    expect((await as(token, { method: 'GET', url: '/api/v1/auth/role' })).statusCode).toBe(403);
  });
});

describe('CSV import', () => {
  it('adds platforms, shops and warehouses once, leaving what exists', async () => {
    const t = await createTenant(app);
    const csv =
      'kind,platform,name\nplatform,coupang,Coupang\nshop,coupang,"KR, Seoul"\nshop,coupang,KR Busan\nwarehouse,,Yiwu\n';
    expect(await importReferenceData(app.db, t.tenantId, readImportRows(csv))).toEqual({
      platforms: 1,
      shops: 2,
      warehouses: 1,
      unchanged: 0,
    });
    expect(await importReferenceData(app.db, t.tenantId, readImportRows(csv))).toEqual({
      platforms: 0,
      shops: 0,
      warehouses: 0,
      unchanged: 4,
    });
    const group = (await as(t.token, { method: 'GET', url: '/api/v3/shop/group' })).json().data;
    expect(group.coupang.map((s: { shop_name: string }) => s.shop_name)).toEqual(['KR Busan', 'KR, Seoul']);
    expect((await as(t.token, { method: 'GET', url: '/api/v1/warehouse' })).json().data).toHaveLength(1);
  });

  it('imports nothing when a shop names an unknown platform', async () => {
    const t = await createTenant(app);
    const rows = readImportRows('kind,platform,name\nwarehouse,,Yiwu\nshop,nowhere,X\n');
    await expect(importReferenceData(app.db, t.tenantId, rows)).rejects.toThrow(CsvImportError);
    expect((await as(t.token, { method: 'GET', url: '/api/v1/warehouse' })).json().data).toEqual([]);
  });

  it('finds the main account by id or user name, never an employee', async () => {
    const t = await createTenant(app);
    expect(await findMainAccount(app.db, String(t.tenantId))).toEqual({ id: t.tenantId, user_name: t.userName });
    expect(await findMainAccount(app.db, t.userName.toUpperCase())).toEqual({ id: t.tenantId, user_name: t.userName });
    const [employee] = await queryRows(
      app,
      sql<{
        id: string;
      }>`INSERT INTO users (main_id, user_type, user_name, phone_number) VALUES (${t.tenantId}, 2, 'csvemp', '13300000001') RETURNING id`,
    );
    expect(await findMainAccount(app.db, String(employee!.id))).toBeUndefined();
    expect(await findMainAccount(app.db, 'csvemp')).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every access-control route', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string][] = [
      ['/api/v3/user/function/menu', 'get'],
      ['/api/v1/auth/role', 'get'],
      ['/api/v1/auth/role', 'post'],
      ['/api/v1/auth/role', 'put'],
      ['/api/v1/auth/role', 'delete'],
      ['/api/v1/auth/role/status', 'put'],
      ['/api/v1/auth/role/users', 'get'],
      ['/api/v1/auth/role/function/menu', 'get'],
      ['/api/v1/auth/role/function/menu', 'put'],
      ['/api/v1/auth/role/all', 'get'],
      ['/api/v1/auth/sub-account', 'get'],
      ['/api/v1/auth/sub-account', 'post'],
      ['/api/v1/auth/sub-account', 'put'],
      ['/api/v1/auth/sub-account/password', 'put'],
      ['/api/v1/auth/sub-account/status', 'put'],
      ['/api/v3/auth/sub-account/data', 'get'],
      ['/api/v1/auth/sub-account/data', 'put'],
      ['/api/v1/common/platform', 'get'],
      ['/api/v3/shop/group', 'get'],
      ['/api/v1/warehouse', 'get'],
      ['/api/v1/auth/audit-log', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // every reference resolves (the permission tree is not a dangling recursive $ref)
    for (const ref of JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/([^"]+)"/g) ?? []) {
      const name = ref.split('/').at(-1)!.replace('"', '');
      expect(doc.components?.schemas?.[name], ref).toBeDefined();
    }
    const tree = doc.paths['/api/v1/auth/role/function/menu'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(tree)).toContain('child_list');
    const create = doc.paths['/api/v1/auth/sub-account'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(
      expect.arrayContaining([
        'user_name',
        'area',
        'phone_number',
        'password',
        'auth_role_id',
        'shop_auth',
        'warehouse_auth',
      ]),
    );
  });
});
