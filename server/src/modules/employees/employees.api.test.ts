import { sql } from 'kysely';
import { queryRows } from '../../test/factories.ts';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  createEmployee,
  createRole,
  createShops,
  createTenant,
  createWarehouses,
  signInAs,
  type TestTenant,
} from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectNamesField } from '../../test/messages.ts';

const E = PERMISSIONS.employee;

let app: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let role: number;
let coupang: number[];
let shopee: number[];
let warehouses: number[];
let foreignShop: number;

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  other = await createTenant(app);
  role = await createRole(app, tenant.tenantId, [PERMISSIONS.bill.cloud], { name: 'Operator' });
  coupang = await createShops(app, tenant.tenantId, { coupang: ['C1', 'C2', 'C3'] });
  shopee = await createShops(app, tenant.tenantId, { shopee: ['S1', 'S2'] });
  warehouses = await createWarehouses(app, tenant.tenantId, ['W1', 'W2', 'W3']);
  foreignShop = (await createShops(app, other.tenantId, { coupang: ['Foreign'] }))[0]!;
});
afterAll(async () => app.close());

function as(token: string, options: Omit<InjectOptions, 'headers'>, lang = 'zh') {
  return app.inject({ ...options, headers: { authorization: token, 'accept-language': lang } } as InjectOptions);
}

let seq = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    user_name: `staff${Date.now().toString(36)}${seq}`,
    area: '66',
    phone_number: `0812${String(100_000 + seq).padStart(6, '0')}`,
    password: 'Passw0rd!',
    auth_role_id: role,
    shop_auth: { auth_type: 1, auth_data: [] },
    warehouse_auth: { auth_type: 1, auth_value: '' },
    ...overrides,
  };
}

const create = (token: string, payload: object, lang = 'zh') =>
  as(token, { method: 'POST', url: '/api/v1/auth/sub-account', payload }, lang);

describe('creating an employee', () => {
  it('creates the account with its role, phone, password and shop and warehouse scope', async () => {
    const payload = newAccount({
      shop_auth: { auth_type: 2, auth_data: [{ platform: 'coupang', auth_value: `${coupang[0]},${coupang[1]}` }] },
      warehouse_auth: { auth_type: 2, auth_value: String(warehouses[2]) },
    });
    const res = await create(tenant.token, payload);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        user_name: payload.user_name,
        // Stored in the one form: the trunk prefix 0 of the typed Thai number is gone.
        user_mobile: payload.phone_number.slice(1),
        area: '66',
        auth_role_id: role,
        auth_role_name: 'Operator',
        status: 1,
        system_list: [1, 2, 3, 4, 5],
      },
    });
    const id = res.json().data.user_id;
    const [row] = await queryRows(
      app,
      sql<{
        password_hash: string;
        user_type: number;
        main_id: string;
      }>`SELECT password_hash, user_type, main_id FROM users WHERE id = ${id}`,
    );
    expect(row!.user_type).toBe(2);
    expect(Number(row!.main_id)).toBe(tenant.tenantId);
    expect(await verifyPassword(row!.password_hash, 'Passw0rd!')).toBe(true);

    const tree = (await as(tenant.token, { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${id}` })).json()
      .data;
    const areas = tree.flatMap((t: { child_list: unknown[] }) => t.child_list);
    expect(areas.find((a: { id: number }) => a.id === 11).auth_data).toMatchObject({
      auth_type: 2,
      auth_value: `${coupang[0]},${coupang[1]}`,
    });
    expect(areas.find((a: { id: number }) => a.id === 12).auth_data).toMatchObject({
      auth_type: 2,
      auth_value: String(warehouses[2]),
    });
    expect(areas.find((a: { id: number }) => a.id === 13).auth_data).toMatchObject({ auth_type: 1, auth_value: '' });
  });

  it('validates every field of docs/product.md, naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ user_name: '' }, 'user_name'],
      [{ user_name: 'x'.repeat(33) }, 'user_name'],
      [{ user_name: 'ops team' }, 'user_name'],
      [{ user_name: 'ops_1' }, 'user_name'],
      [{ user_name: '运营一号' }, 'user_name'],
      [{ area: '1' }, 'area'],
      [{ phone_number: '12ab' }, 'phone_number'],
      [{ password: 'Abc1!' }, 'password'],
      [{ password: 'Abcdefgh1!abcdefg' }, 'password'],
      [{ password: 'abcdefgh1' }, 'password'],
      [{ password: 'abcdefgh!' }, 'password'],
      [{ password: '12345678!' }, 'password'],
      [{ password: 'Abcdefg1~' }, 'password'],
      [{ auth_role_id: undefined }, 'auth_role_id'],
      [{ shop_auth: { auth_type: 3, auth_data: [] } }, 'shop_auth'],
      [{ warehouse_auth: { auth_type: 2, auth_value: '1;2' } }, 'warehouse_auth'],
    ];
    for (const [override, field] of cases) {
      const res = await create(tenant.token, newAccount(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
    for (const password of ['Abcdefg1!', 'aB3<>/?x', 'Zz9#Zz9#Zz9#Zz9#']) {
      expect((await create(tenant.token, newAccount({ password }))).statusCode, password).toBe(200);
    }
  });

  it('needs at least one shop or warehouse when they are chosen one by one', async () => {
    const noShop = await create(
      tenant.token,
      newAccount({ shop_auth: { auth_type: 2, auth_data: [{ platform: 'coupang', auth_value: '' }] } }),
    );
    expect(noShop.json()).toEqual({ code: 400, data: null, msg: '请至少选择一个店铺' });
    const noWarehouse = await create(
      tenant.token,
      newAccount({ warehouse_auth: { auth_type: 2, auth_value: '' } }),
      'th',
    );
    expect(noWarehouse.json()).toEqual({ code: 400, data: null, msg: 'โปรดเลือกคลังสินค้าอย่างน้อยหนึ่งแห่ง' });
  });

  it("refuses another tenant's shop, a shop under the wrong platform, and another tenant's role with 404", async () => {
    const foreign = await create(
      tenant.token,
      newAccount({
        shop_auth: { auth_type: 2, auth_data: [{ platform: 'coupang', auth_value: String(foreignShop) }] },
      }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toContain(String(foreignShop));
    const wrongPlatform = await create(
      tenant.token,
      newAccount({ shop_auth: { auth_type: 2, auth_data: [{ platform: 'shopee', auth_value: String(coupang[0]) }] } }),
    );
    expect(wrongPlatform.statusCode).toBe(404);
    const foreignWarehouse = (await createWarehouses(app, other.tenantId, ['FW']))[0]!;
    const wh = await create(
      tenant.token,
      newAccount({ warehouse_auth: { auth_type: 2, auth_value: String(foreignWarehouse) } }),
    );
    expect(wh.statusCode).toBe(404);
    const foreignRole = await createRole(app, other.tenantId, []);
    expect((await create(tenant.token, newAccount({ auth_role_id: foreignRole }))).statusCode).toBe(404);
  });

  it('refuses role 1 and a disabled role', async () => {
    const top = await create(tenant.token, newAccount({ auth_role_id: 1 }));
    expect(top.statusCode).toBe(400);
    expect(top.json().msg).toContain('超级管理员');
    const off = await createRole(app, tenant.tenantId, [], { status: 0 });
    const disabled = await create(tenant.token, newAccount({ auth_role_id: off }));
    expect(disabled.json()).toMatchObject({ code: 400, msg: '该角色已禁用，请选择已启用的角色' });
  });

  it('keeps account names (any case) and phone numbers unique', async () => {
    const first = newAccount();
    expect((await create(tenant.token, first)).statusCode).toBe(200);
    const sameName = await create(tenant.token, newAccount({ user_name: first.user_name.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expectNamesField(sameName.json().msg, 'user_name');
    const samePhone = await create(
      other.token,
      newAccount({ phone_number: first.phone_number, auth_role_id: await createRole(app, other.tenantId, []) }),
    );
    expect(samePhone.statusCode).toBe(409);
    expectNamesField(samePhone.json().msg, 'phone_number');
  });

  it('lets an employee hand out no more than it has itself', async () => {
    const creator = await createEmployee(app, tenant.tenantId, {
      grants: [E.create, PERMISSIONS.bill.cloud],
      scopes: { 11: { type: 2, items: [coupang[0]!, coupang[1]!] }, 12: { type: 1 } },
    });
    const bigger = await createRole(app, tenant.tenantId, [E.create, E.edit]);
    expect((await create(creator.token, newAccount({ auth_role_id: bigger }))).json()).toMatchObject({
      code: 403,
      msg: '不能分配权限超出您自己权限的角色',
    });
    const allShops = await create(creator.token, newAccount());
    expect(allShops.json()).toMatchObject({ code: 403, msg: '不能授予超出您自己数据权限的数据' });
    const outside = await create(
      creator.token,
      newAccount({ shop_auth: { auth_type: 2, auth_data: [{ platform: 'coupang', auth_value: String(coupang[2]) }] } }),
    );
    expect(outside.statusCode).toBe(403);
    const inside = await create(
      creator.token,
      newAccount({ shop_auth: { auth_type: 2, auth_data: [{ platform: 'coupang', auth_value: String(coupang[1]) }] } }),
    );
    expect(inside.statusCode).toBe(200);
    // areas not in the payload start as the creator's own
    const tree = (
      await as(tenant.token, {
        method: 'GET',
        url: `/api/v3/auth/sub-account/data?user_id=${inside.json().data.user_id}`,
      })
    ).json().data;
    const areas = tree.flatMap((t: { child_list: unknown[] }) => t.child_list);
    expect(areas.find((a: { id: number }) => a.id === 11).auth_data.auth_value).toBe(String(coupang[1]));
    expect(areas.find((a: { id: number }) => a.id === 18).auth_data.auth_type).toBe(1);
  });
});

describe('the account list', () => {
  it("shows the main account's own row first with role 1, then employees newest first, paged", async () => {
    const t = await createTenant(app);
    const r = await createRole(app, t.tenantId, [], { name: 'Packer' });
    const made = [];
    for (let i = 0; i < 11; i++) made.push(await createEmployee(app, t.tenantId, { roleId: r }));
    await createEmployee(app, t.tenantId, { roleId: r, status: 0 });

    const page1 = (await as(t.token, { method: 'GET', url: '/api/v1/auth/sub-account' }, 'kr')).json().data;
    expect(page1.total).toBe(12);
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]).toMatchObject({
      user_id: t.tenantId,
      auth_role_id: 1,
      auth_role_name: '최고 관리자',
      status: 1,
    });
    expect(page1.data[1]).toMatchObject({ user_id: made.at(-1)!.userId, auth_role_id: r, auth_role_name: 'Packer' });
    const page2 = (await as(t.token, { method: 'GET', url: '/api/v1/auth/sub-account?page=2' })).json().data;
    expect(page2.data.map((a: { user_id: number }) => a.user_id)).toEqual([made[1]!.userId, made[0]!.userId]);

    const disabled = (await as(t.token, { method: 'GET', url: '/api/v1/auth/sub-account?status=0' })).json().data;
    expect(disabled.total).toBe(1);
    const named = (
      await as(t.token, { method: 'GET', url: `/api/v1/auth/sub-account?user_name=${made[3]!.userName}` })
    ).json().data;
    expect(named.data.map((a: { user_id: number }) => a.user_id)).toEqual([made[3]!.userId]);
    expect((await as(t.token, { method: 'GET', url: '/api/v1/auth/sub-account?limit=25' })).statusCode).toBe(400);
  });
});

describe('changing an employee', () => {
  it('edits the role and service list', async () => {
    const e = await createEmployee(app, tenant.tenantId, { roleId: role });
    const next = await createRole(app, tenant.tenantId, [], { name: 'Next role' });
    const res = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account',
      payload: { user_id: e.userId, auth_role_id: next, system_list: [5, 1, 5] },
    });
    expect(res.json().data).toMatchObject({ auth_role_id: next, auth_role_name: 'Next role', system_list: [1, 5] });
    const bad = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account',
      payload: { user_id: e.userId, auth_role_id: next, system_list: [6] },
    });
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'system_list');

    // Changing only the role keeps the service list the account had.
    const roleOnly = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account',
      payload: { user_id: e.userId, auth_role_id: role },
    });
    expect(roleOnly.json().data).toMatchObject({ auth_role_id: role, system_list: [1, 5] });
  });

  it('sets a new password and signs the employee out everywhere', async () => {
    const e = await createEmployee(app, tenant.tenantId, { roleId: role });
    const second = await signInAs(app, e.userId);
    const weak = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/password',
      payload: { user_id: e.userId, password: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expectNamesField(weak.json().msg, 'password');
    const res = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/password',
      payload: { user_id: e.userId, password: 'N3w&secret' },
    });
    expect(res.json()).toEqual({ code: 200, data: null, msg: 'success' });
    for (const token of [e.token, second]) {
      expect((await as(token, { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode).toBe(401);
    }
    const [row] = await queryRows(
      app,
      sql<{ password_hash: string }>`SELECT password_hash FROM users WHERE id = ${e.userId}`,
    );
    expect(await verifyPassword(row!.password_hash, 'N3w&secret')).toBe(true);
  });

  it("refuses a disabled employee's open session at once, and lets it back in when enabled", async () => {
    const e = await createEmployee(app, tenant.tenantId, { roleId: role });
    expect((await as(e.token, { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode).toBe(200);
    const off = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/status',
      payload: { user_id: e.userId, status: 0 },
    });
    expect(off.json().data.status).toBe(0);
    const refused = await as(e.token, { method: 'GET', url: '/api/v3/user/function/menu' });
    expect(refused.statusCode).toBe(401);
    // Disabling ended the session; the employee is told why rather than 'login expired'.
    expect(refused.json()).toMatchObject({ code: 401, msg: '您的账号已被禁用，已退出登录，请联系公司管理员' });
    // a new session of a disabled account is refused too
    expect(
      (await as(await signInAs(app, e.userId), { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode,
    ).toBe(401);

    await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/status',
      payload: { user_id: e.userId, status: 1 },
    });
    // The ended session stays ended, now as an ordinary expired one: the account is enabled.
    const stale = await as(e.token, { method: 'GET', url: '/api/v3/user/function/menu' });
    expect(stale.json()).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });
    expect(
      (await as(await signInAs(app, e.userId), { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode,
    ).toBe(200);
  });

  it("protects the main account's row (role 1) from every change, by anyone", async () => {
    const admin = await createEmployee(app, tenant.tenantId, {
      grants: [E.edit, E.changePassword, E.toggleStatus, E.dataAuthority],
    });
    const calls: Omit<InjectOptions, 'headers'>[] = [
      { method: 'PUT', url: '/api/v1/auth/sub-account', payload: { user_id: tenant.tenantId, auth_role_id: role } },
      {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/password',
        payload: { user_id: tenant.tenantId, password: 'Passw0rd!' },
      },
      { method: 'PUT', url: '/api/v1/auth/sub-account/status', payload: { user_id: tenant.tenantId, status: 0 } },
      {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/data',
        payload: { user_id: tenant.tenantId, auth_data: [{ data_menu_id: 11, auth_type: 1 }] },
      },
      { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${tenant.tenantId}` },
    ];
    for (const token of [tenant.token, admin.token]) {
      for (const call of calls) {
        const res = await as(token, call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().msg).toContain('超级管理员账号');
      }
    }
    expect((await as(tenant.token, { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode).toBe(200);
  });

  it('does not let an employee change itself or an account more powerful than itself', async () => {
    const admin = await createEmployee(app, tenant.tenantId, { grants: [E.edit, E.changePassword, E.toggleStatus] });
    const self = await as(admin.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/status',
      payload: { user_id: admin.userId, status: 0 },
    });
    expect(self.json()).toMatchObject({ code: 403, msg: '不能在此修改自己的账号，请联系公司超级管理员' });
    const boss = await createEmployee(app, tenant.tenantId, {
      grants: [E.edit, E.changePassword, E.toggleStatus, PERMISSIONS.role.create],
    });
    const takeover = await as(admin.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/password',
      payload: { user_id: boss.userId, password: 'Passw0rd!' },
    });
    expect(takeover.json()).toMatchObject({ code: 403, msg: '该账号的权限超出您的权限，您不能修改它' });
    const peer = await createEmployee(app, tenant.tenantId, { grants: [E.edit] });
    expect(
      (
        await as(admin.token, {
          method: 'PUT',
          url: '/api/v1/auth/sub-account/status',
          payload: { user_id: peer.userId, status: 0 },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another tenant's employee", async () => {
    const foreign = await createEmployee(app, other.tenantId, { grants: [] });
    const res = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/status',
      payload: { user_id: foreign.userId, status: 0 },
    });
    expect(res.json()).toEqual({ code: 404, data: null, msg: '账号不存在' });
    expect((await as(foreign.token, { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode).toBe(200);
  });
});

describe('an employee acts only on accounts it covers in role and data authority', () => {
  const ALL = [E.page, E.edit, E.changePassword, E.toggleStatus, E.dataAuthority];

  it('refuses to view, edit, reset, disable or re-scope a peer whose data authority is wider', async () => {
    const t = await createTenant(app);
    const shops = await createShops(app, t.tenantId, { coupang: ['A', 'B'] });
    const sameRole = await createRole(app, t.tenantId, ALL);
    const other = await createRole(app, t.tenantId, []);
    const actor = await createEmployee(app, t.tenantId, {
      roleId: sameRole,
      scopes: { 11: { type: 2, items: [shops[0]!] } },
    });
    // Same role, so the role check alone lets it through; but it sees every shop.
    const wider = await createEmployee(app, t.tenantId, { roleId: sameRole });
    const narrower = await createEmployee(app, t.tenantId, {
      roleId: sameRole,
      scopes: { 11: { type: 2, items: [shops[0]!] } },
    });
    const attempts = (userId: number) => [
      as(actor.token, { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${userId}` }),
      as(actor.token, {
        method: 'PUT',
        url: '/api/v1/auth/sub-account',
        payload: { user_id: userId, auth_role_id: other },
      }),
      as(actor.token, {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/password',
        payload: { user_id: userId, password: 'Takeover1!' },
      }),
      as(actor.token, {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/status',
        payload: { user_id: userId, status: 0 },
      }),
      as(actor.token, {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/data',
        payload: { user_id: userId, auth_data: [{ data_menu_id: 11, auth_type: 2, auth_value: String(shops[0]) }] },
      }),
    ];
    for (const res of await Promise.all(attempts(wider.userId))) {
      expect(res.json()).toEqual({
        code: 403,
        data: null,
        msg: '该账号的数据权限超出您的数据权限，您不能查看或修改它',
      });
    }
    // Nothing changed: the wider peer still signs in with its session and keeps its role.
    expect((await as(wider.token, { method: 'GET', url: '/api/v3/user/function/menu' })).statusCode).toBe(200);
    const [row] = await queryRows(
      app,
      sql<{ auth_role_id: string }>`SELECT auth_role_id FROM users WHERE id = ${wider.userId}`,
    );
    expect(Number(row!.auth_role_id)).toBe(sameRole);
    // A peer inside both its role and its data authority it may manage.
    for (const res of await Promise.all(attempts(narrower.userId).slice(0, 1))) expect(res.statusCode).toBe(200);
    const reset = await as(actor.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/password',
      payload: { user_id: narrower.userId, password: 'Passw0rd!' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses to view a peer whose role is stronger, in the caller language', async () => {
    const t = await createTenant(app);
    const viewer = await createEmployee(app, t.tenantId, { grants: [E.page] });
    const boss = await createEmployee(app, t.tenantId, { grants: [E.page, E.edit] });
    const res = await as(
      viewer.token,
      { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${boss.userId}` },
      'kr',
    );
    expect(res.json()).toMatchObject({
      code: 403,
      msg: '이 계정의 권한이 본인의 권한을 넘어서므로 변경할 수 없습니다',
    });
    // Its own settings it may read.
    const own = await as(viewer.token, {
      method: 'GET',
      url: `/api/v3/auth/sub-account/data?user_id=${viewer.userId}`,
    });
    expect(own.statusCode).toBe(200);
  });

  it('lists the holders of a role only as far as the viewer sees employees', async () => {
    const t = await createTenant(app);
    const held = await createRole(app, t.tenantId, []);
    const a = await createEmployee(app, t.tenantId, { roleId: held });
    const b = await createEmployee(app, t.tenantId, { roleId: held });
    const viewer = await createEmployee(app, t.tenantId, {
      grants: [PERMISSIONS.role.page],
      scopes: { 18: { type: 2, items: [a.userId] } },
    });
    const seen = await as(viewer.token, { method: 'GET', url: `/api/v1/auth/role/users?id=${held}` });
    expect(seen.json().data).toEqual([{ user_id: a.userId, user_name: a.userName }]);
    // The main account (role 1) is outside its data authority too.
    expect((await as(viewer.token, { method: 'GET', url: '/api/v1/auth/role/users?id=1' })).json().data).toEqual([]);
    const all = await as(t.token, { method: 'GET', url: `/api/v1/auth/role/users?id=${held}` });
    expect(all.json().data.map((u: { user_id: number }) => u.user_id)).toEqual([a.userId, b.userId]);
  });
});

describe('data authority', () => {
  it('answers the tree: tabs with code and children, each with its setting, options and choices', async () => {
    const e = await createEmployee(app, tenant.tenantId, {
      roleId: role,
      scopes: { 11: { type: 2, items: [shopee[0]!] }, 13: { type: 3 } },
    });
    const tree = (
      await as(tenant.token, { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${e.userId}` }, 'th')
    ).json().data;
    expect(tree.map((t: { code: string }) => t.code)).toEqual(['shop', 'warehouse', 'product', 'staff']);
    expect(tree[0].name).toBe('ร้านค้า');
    const shops = tree[0].child_list[0];
    expect(shops).toMatchObject({
      id: 11,
      auth_types: [1, 2],
      auth_data: { data_menu_id: 11, auth_type: 2, auth_value: String(shopee[0]) },
    });
    expect(shops.auth_data.id).toBeGreaterThan(0);
    expect(shops.data).toEqual(
      expect.arrayContaining([
        { id: coupang[0], name: 'C1', group_tag: 'COUPANG' },
        { id: shopee[1], name: 'S2', group_tag: 'SHOPEE' },
      ]),
    );
    expect(shops.data.some((d: { id: number }) => d.id === foreignShop)).toBe(false);
    expect(tree[2].child_list.map((c: { id: number; auth_types: number[] }) => [c.id, c.auth_types])).toEqual([
      [13, [1, 3]],
      [14, [1, 3]],
    ]);
    expect(tree[2].child_list[0].auth_data.auth_type).toBe(3);
    const staff = tree[3].child_list[0];
    expect(staff.id).toBe(18);
    expect(staff.data.some((d: { id: number }) => d.id === e.userId)).toBe(false);
    expect(staff.data.some((d: { id: number }) => d.id === tenant.tenantId)).toBe(false);
  });

  it('saves types 1, 2 and 3, keeping areas not named', async () => {
    const e = await createEmployee(app, tenant.tenantId, { roleId: role });
    const peer = await createEmployee(app, tenant.tenantId, { roleId: role });
    const res = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/data',
      payload: {
        user_id: e.userId,
        auth_data: [
          { id: 0, data_menu_id: 11, auth_type: 2, auth_value: `${shopee[1]},${coupang[2]}` },
          { data_menu_id: 14, auth_type: 3, auth_value: '' },
          { data_menu_id: 18, auth_type: 2, auth_value: String(peer.userId) },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byMenu = Object.fromEntries(res.json().data.map((i: { data_menu_id: number }) => [i.data_menu_id, i]));
    expect(byMenu[11]).toMatchObject({
      auth_type: 2,
      auth_value: [shopee[1], coupang[2]].sort((a, b) => a! - b!).join(','),
    });
    expect(byMenu[12]).toMatchObject({ auth_type: 1, auth_value: '' });
    expect(byMenu[14]).toMatchObject({ auth_type: 3 });
    expect(byMenu[18]).toMatchObject({ auth_type: 2, auth_value: String(peer.userId) });
  });

  it('validates areas and types, naming the field, and refuses items of another tenant', async () => {
    const e = await createEmployee(app, tenant.tenantId, { roleId: role });
    const put = (auth_data: unknown[]) =>
      as(tenant.token, {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/data',
        payload: { user_id: e.userId, auth_data },
      });
    const unknownArea = await put([
      { data_menu_id: 11, auth_type: 1 },
      { data_menu_id: 99, auth_type: 1 },
    ]);
    expect(unknownArea.statusCode).toBe(400);
    expectNamesField(unknownArea.json().msg, 'auth_data.1.data_menu_id');
    const ownShops = await put([{ data_menu_id: 11, auth_type: 3 }]);
    expect(ownShops.statusCode).toBe(400);
    expectNamesField(ownShops.json().msg, 'auth_data.0.auth_type');
    expect((await put([{ data_menu_id: 13, auth_type: 2, auth_value: '1' }])).statusCode).toBe(400);
    expect((await put([{ data_menu_id: 12, auth_type: 2, auth_value: '' }])).json().msg).toBe('请至少选择一个仓库');
    expect((await put([{ data_menu_id: 11, auth_type: 2, auth_value: String(foreignShop) }])).statusCode).toBe(404);
    const foreignEmployee = await createEmployee(app, other.tenantId, { grants: [] });
    expect(
      (await put([{ data_menu_id: 18, auth_type: 2, auth_value: String(foreignEmployee.userId) }])).statusCode,
    ).toBe(404);
    expect((await put([])).statusCode).toBe(400);
  });

  it('lets an employee grant only data it can see itself', async () => {
    const granter = await createEmployee(app, tenant.tenantId, {
      grants: [E.dataAuthority, E.page],
      scopes: { 11: { type: 2, items: [coupang[0]!, coupang[1]!] }, 13: { type: 3 } },
    });
    // A target already inside the granter's data authority (a wider one it could not touch).
    const target = await createEmployee(app, tenant.tenantId, {
      grants: [],
      scopes: { 11: { type: 2, items: [coupang[0]!] }, 13: { type: 3 }, 14: { type: 3 } },
    });
    const put = (auth_data: unknown[]) =>
      as(granter.token, {
        method: 'PUT',
        url: '/api/v1/auth/sub-account/data',
        payload: { user_id: target.userId, auth_data },
      });
    expect((await put([{ data_menu_id: 11, auth_type: 1 }])).statusCode).toBe(403);
    expect((await put([{ data_menu_id: 11, auth_type: 2, auth_value: `${coupang[0]},${shopee[0]}` }])).statusCode).toBe(
      403,
    );
    expect((await put([{ data_menu_id: 13, auth_type: 1 }])).statusCode).toBe(403);
    expect(
      (
        await put([
          { data_menu_id: 11, auth_type: 2, auth_value: `${coupang[1]}` },
          { data_menu_id: 13, auth_type: 3 },
        ])
      ).statusCode,
    ).toBe(200);
    // the choices it is offered are its own shops only
    const tree = (
      await as(granter.token, { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${target.userId}` })
    ).json().data;
    expect(tree[0].child_list[0].data.map((d: { id: number }) => d.id).sort()).toEqual([coupang[0], coupang[1]].sort());
  });
});

describe('data authority narrows the lists', () => {
  it('an employee with two selected shops sees only those two, and only its warehouses', async () => {
    const e = await createEmployee(app, tenant.tenantId, {
      grants: [],
      scopes: { 11: { type: 2, items: [coupang[1]!, shopee[0]!] }, 12: { type: 2, items: [warehouses[0]!] } },
    });
    const group = (await as(e.token, { method: 'GET', url: '/api/v3/shop/group' })).json().data;
    expect(group).toEqual({
      coupang: [{ id: coupang[1], shop_name: 'C2' }],
      shopee: [{ id: shopee[0], shop_name: 'S1' }],
    });
    const wh = (await as(e.token, { method: 'GET', url: '/api/v1/warehouse' })).json().data;
    expect(wh).toEqual([{ id: warehouses[0], name: 'W1' }]);

    const all = (await as(tenant.token, { method: 'GET', url: '/api/v3/shop/group' })).json().data;
    expect(Object.values(all).flat()).toHaveLength(5);
    expect((await as(tenant.token, { method: 'GET', url: '/api/v1/warehouse' })).json().data).toHaveLength(3);
  });

  it('an area never set shows nothing (fail closed)', async () => {
    const e = await createEmployee(app, tenant.tenantId, { grants: [] });
    await queryRows(app, sql`DELETE FROM employee_data_authority WHERE user_id = ${e.userId} AND data_menu_id = 11`);
    expect((await as(e.token, { method: 'GET', url: '/api/v3/shop/group' })).json().data).toEqual({});
    expect((await as(e.token, { method: 'GET', url: '/api/v1/warehouse' })).json().data).toHaveLength(3);
  });

  it('the account list shows an employee only the selected employees and itself', async () => {
    const t = await createTenant(app);
    const a = await createEmployee(app, t.tenantId, { grants: [] });
    const b = await createEmployee(app, t.tenantId, { grants: [] });
    const viewer = await createEmployee(app, t.tenantId, {
      grants: [E.page],
      scopes: { 18: { type: 2, items: [a.userId] } },
    });
    const seen = (await as(viewer.token, { method: 'GET', url: '/api/v1/auth/sub-account' })).json().data;
    expect(seen.total).toBe(2);
    expect(seen.data.map((r: { user_id: number }) => r.user_id).sort()).toEqual([a.userId, viewer.userId].sort());
    // an account it cannot see does not exist for it
    const hidden = await as(viewer.token, { method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${b.userId}` });
    expect(hidden.statusCode).toBe(404);
    const everyone = (await as(t.token, { method: 'GET', url: '/api/v1/auth/sub-account' })).json().data;
    expect(everyone.total).toBe(4);
  });
});

describe('audit of employee changes', () => {
  it('records create, edit, password, status and data authority without any secret', async () => {
    const t = await createTenant(app);
    const r = await createRole(app, t.tenantId, []);
    const account = newAccount({ auth_role_id: r });
    const id = (await create(t.token, account)).json().data.user_id;
    await as(t.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account',
      payload: { user_id: id, auth_role_id: r, system_list: [1] },
    });
    await as(t.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/password',
      payload: { user_id: id, password: 'Secr3t!xx' },
    });
    await as(t.token, { method: 'PUT', url: '/api/v1/auth/sub-account/status', payload: { user_id: id, status: 0 } });
    await as(t.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account/data',
      payload: { user_id: id, auth_data: [{ data_menu_id: 13, auth_type: 3 }] },
    });
    const res = await as(t.token, { method: 'GET', url: '/api/v1/auth/audit-log?target_type=employee' });
    const log = res.json().data;
    expect(log.data.map((e: { action: string }) => e.action)).toEqual([
      'employee.data_authority',
      'employee.status',
      'employee.password',
      'employee.update',
      'employee.create',
    ]);
    expect(log.data.every((e: { target_id: number }) => e.target_id === id)).toBe(true);
    // Every entry names who was changed, not just an id, and the role the edit kept.
    expect(log.data.every((e: { target_name: string }) => e.target_name === account.user_name)).toBe(true);
    const { name: roleName } = await app.db
      .selectFrom('auth_roles')
      .select('name')
      .where('id', '=', r)
      .executeTakeFirstOrThrow();
    expect(log.data[3].role_names).toEqual({ [String(r)]: roleName });
    expect(log.data[1]).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    expect(log.data[3]).toMatchObject({ before: { system_list: [1, 2, 3, 4, 5] }, after: { system_list: [1] } });
    expect(res.body).not.toContain('Secr3t');
    expect(res.body).not.toContain('Passw0rd');
    expect(res.body).not.toContain('argon2');
  });
});
