import { sql } from 'kysely';
import { queryRows } from '../../test/factories.ts';
import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS, type TFunctionMenu } from '@seller-centre/contract/permissions';
import type { TRoleMenuNode } from '@seller-centre/contract/roles';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createRole, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectNamesField } from '../../test/messages.ts';

const R = PERMISSIONS.role;

let app: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
});
afterAll(async () => app.close());

function as(token: string, options: Omit<InjectOptions, 'headers'>, lang = 'zh') {
  return app.inject({ ...options, headers: { authorization: token, 'accept-language': lang } } as InjectOptions);
}

function flatten(nodes: TRoleMenuNode[]): TRoleMenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.child_list)]);
}

describe('role list', () => {
  it('shows the built-in role 1 first, in the caller language, held by the main account', async () => {
    const fresh = await createTenant(app);
    const res = await as(fresh.token, { method: 'GET', url: '/api/v1/auth/role' }, 'kr');
    expect(res.json()).toMatchObject({
      code: 200,
      data: { total: 1, data: [{ id: 1, name: '최고 관리자', people_num: 1, status: 1, created_user: '시스템' }] },
    });
    const users = await as(fresh.token, { method: 'GET', url: '/api/v1/auth/role/users?id=1' });
    expect(users.json().data).toEqual([{ user_id: fresh.tenantId, user_name: fresh.userName }]);
  });

  it('filters by status (default enabled) and by name, and counts the people of each role', async () => {
    const t = await createTenant(app);
    const on = await createRole(app, t.tenantId, [], { name: 'Packer_50%' });
    const off = await createRole(app, t.tenantId, [], { name: 'Packer old', status: 0 });
    await createEmployee(app, t.tenantId, { roleId: on });
    await createEmployee(app, t.tenantId, { roleId: on });

    const enabled = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role' })).json().data;
    expect(enabled.data.map((r: { id: number }) => r.id)).toEqual([1, on]);
    expect(enabled.data[1]).toMatchObject({ name: 'Packer_50%', people_num: 2, status: 1 });

    const disabled = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role?status=0' })).json().data;
    expect(disabled).toMatchObject({ total: 1, data: [{ id: off, status: 0, people_num: 0 }] });

    const byName = (
      await as(t.token, { method: 'GET', url: `/api/v1/auth/role?name=${encodeURIComponent('_50%')}` })
    ).json().data;
    expect(byName.data.map((r: { id: number }) => r.id)).toEqual([on]);
    // '%' and '_' are literal characters, not wildcards
    const literal = (
      await as(t.token, { method: 'GET', url: `/api/v1/auth/role?name=${encodeURIComponent('Pa_ker')}` })
    ).json().data;
    expect(literal.total).toBe(0);
    const top = (
      await as(t.token, { method: 'GET', url: `/api/v1/auth/role?name=${encodeURIComponent('超级')}` })
    ).json().data;
    expect(top.data.map((r: { id: number }) => r.id)).toEqual([1]);
  });

  it("counts only the holders inside the viewer's employee scope, as the holders list shows them", async () => {
    const t = await createTenant(app);
    const packer = await createRole(app, t.tenantId, [], { name: 'Packer' });
    const seen = await createEmployee(app, t.tenantId, { roleId: packer });
    await createEmployee(app, t.tenantId, { roleId: packer });
    await createEmployee(app, t.tenantId, { roleId: packer });
    const viewer = await createEmployee(app, t.tenantId, {
      grants: [R.page, R.edit],
      scopes: { [DATA_MENUS.employees]: { type: 2, items: [seen.userId] } },
    });
    const rows = (await as(viewer.token, { method: 'GET', url: '/api/v1/auth/role' })).json().data.data as {
      id: number;
      people_num: number;
    }[];
    const holders = (await as(viewer.token, { method: 'GET', url: `/api/v1/auth/role/users?id=${packer}` })).json()
      .data;
    expect(holders).toEqual([{ user_id: seen.userId, user_name: seen.userName }]);
    expect(rows.find((r) => r.id === packer)?.people_num).toBe(1);
    // Role 1 is held by the main account, outside this viewer's scope too.
    expect((await as(viewer.token, { method: 'GET', url: '/api/v1/auth/role/users?id=1' })).json().data).toEqual([]);
    expect(rows.find((r) => r.id === 1)?.people_num).toBe(0);
    // A change answers the role with the same count.
    const edited = await as(viewer.token, {
      method: 'PUT',
      url: '/api/v1/auth/role',
      payload: { id: packer, name: 'Packer', describe: 'x' },
    });
    expect(edited.json().data, edited.body).toMatchObject({ id: packer, people_num: 1 });
    // The main account sees all three, and itself on role 1.
    const all = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role' })).json().data.data as typeof rows;
    expect(all.find((r) => r.id === packer)?.people_num).toBe(3);
    expect(all.find((r) => r.id === 1)?.people_num).toBe(1);
  });

  it('pages with 10, 20 or 30 rows and refuses other sizes naming the field', async () => {
    const t = await createTenant(app);
    for (let i = 0; i < 24; i++) await createRole(app, t.tenantId, [], { name: `r${String(i).padStart(2, '0')}` });
    const page1 = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role' })).json().data;
    expect(page1.total).toBe(25);
    expect(page1.data).toHaveLength(10);
    const page3 = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role?page=3&limit=10' })).json().data;
    expect(page3.data.map((r: { name: string }) => r.name)).toEqual(['r19', 'r20', 'r21', 'r22', 'r23']);
    const big = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role?limit=30' })).json().data;
    expect(big.data).toHaveLength(25);
    const bad = await as(t.token, { method: 'GET', url: '/api/v1/auth/role?limit=15' });
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'limit');
  });
});

describe('create and edit', () => {
  it('creates a role holding only the always-selected basics', async () => {
    const res = await as(tenant.token, {
      method: 'POST',
      url: '/api/v1/auth/role',
      payload: { name: '  Picker  ', describe: 'warehouse' },
    });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { name: 'Picker', describe: 'warehouse', people_num: 0, status: 1 },
    });
    expect(res.json().data.created_user).toBe(tenant.userName);
    const tree = (
      await as(tenant.token, { method: 'GET', url: `/api/v1/auth/role/function/menu?id=${res.json().data.id}` })
    ).json().data;
    const selected = flatten(tree)
      .filter((n) => n.select)
      .map((n) => n.id);
    expect(selected.sort((a, b) => a - b)).toEqual([1, 250, 254, 255]);
  });

  it('validates name and describe, naming the field', async () => {
    const cases: [object, string][] = [
      [{ describe: 'x' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'n'.repeat(33) }, 'name'],
      [{ name: 'ok', describe: 'd'.repeat(33) }, 'describe'],
    ];
    for (const [payload, field] of cases) {
      const res = await as(tenant.token, { method: 'POST', url: '/api/v1/auth/role', payload });
      expect(res.statusCode).toBe(400);
      expectNamesField(res.json().msg, field);
    }
    const max = await as(tenant.token, {
      method: 'POST',
      url: '/api/v1/auth/role',
      payload: { name: '名'.repeat(32), describe: '述'.repeat(32) },
    });
    expect(max.statusCode).toBe(200);
  });

  it('keeps names unique within a tenant whatever their case, not across tenants', async () => {
    const first = await as(tenant.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Auditor' } });
    expect(first.statusCode).toBe(200);
    const again = await as(tenant.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name: 'AUDITOR' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('AUDITOR');
    const other = await createTenant(app);
    expect(
      (await as(other.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Auditor' } })).statusCode,
    ).toBe(200);

    const second = await as(tenant.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Reviewer' } });
    const rename = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/role',
      payload: { id: second.json().data.id, name: 'auditor' },
    });
    expect(rename.statusCode).toBe(409);
    const same = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/role',
      payload: { id: second.json().data.id, name: 'REVIEWER', describe: 'd' },
    });
    expect(same.json()).toMatchObject({ code: 200, data: { name: 'REVIEWER', describe: 'd' } });
  });
});

describe('the built-in role 1', () => {
  it('cannot be edited, set, toggled or deleted by anyone', async () => {
    const calls: Omit<InjectOptions, 'headers'>[] = [
      { method: 'PUT', url: '/api/v1/auth/role', payload: { id: 1, name: 'mine now' } },
      { method: 'PUT', url: '/api/v1/auth/role/function/menu', payload: { id: 1, function_menu_ids: '250' } },
      { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id: 1, status: 0 } },
      { method: 'DELETE', url: '/api/v1/auth/role?id=1' },
      { method: 'DELETE', url: '/api/v1/auth/role', payload: { id: 1 } },
    ];
    for (const call of calls) {
      const res = await as(tenant.token, call, 'th');
      expect(res.statusCode, String(call.url)).toBe(403);
      expect(res.json().msg).toContain('ผู้ดูแลระบบสูงสุด');
    }
    const list = (await as(tenant.token, { method: 'GET', url: '/api/v1/auth/role' })).json().data;
    expect(list.data[0]).toMatchObject({ id: 1, name: '超级管理员', status: 1 });
  });

  it('shows every grantable node selected, main-only ones not offered', async () => {
    const tree = flatten(
      (await as(tenant.token, { method: 'GET', url: '/api/v1/auth/role/function/menu?id=1' })).json().data,
    );
    expect(tree.every((n) => n.select)).toBe(true);
    expect(tree.some((n) => n.id === PERMISSIONS.distributor.module)).toBe(false);
    expect(tree.filter((n) => n.locked).map((n) => n.id)).toEqual([250, 254, 255]);
  });

  it('is not offered in the roles to choose from', async () => {
    const t = await createTenant(app);
    const off = await createRole(app, t.tenantId, [], { name: 'off', status: 0 });
    const on = await createRole(app, t.tenantId, [], { name: 'on' });
    const all = (await as(t.token, { method: 'GET', url: '/api/v1/auth/role/all' })).json().data;
    expect(all).toEqual([
      { id: on, name: 'on', status: 1 },
      { id: off, name: 'off', status: 0 },
    ]);
  });
});

describe('status and delete', () => {
  it('disables and enables a role; the disabled filter finds it', async () => {
    const id = await createRole(app, tenant.tenantId, []);
    const off = await as(tenant.token, { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id, status: 0 } });
    expect(off.json().data.status).toBe(0);
    const disabled = (await as(tenant.token, { method: 'GET', url: '/api/v1/auth/role?status=0' })).json().data;
    expect(disabled.data.map((r: { id: number }) => r.id)).toContain(id);
    const on = await as(tenant.token, { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id, status: 1 } });
    expect(on.json().data.status).toBe(1);
    const bad = await as(tenant.token, { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id, status: 2 } });
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'status');
  });

  it('refuses to delete a role accounts still hold, then deletes it once they do not', async () => {
    const id = await createRole(app, tenant.tenantId, []);
    const holder = await createEmployee(app, tenant.tenantId, { roleId: id });
    const refused = await as(tenant.token, { method: 'DELETE', url: '/api/v1/auth/role', payload: { id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('1');
    const other = await createRole(app, tenant.tenantId, []);
    await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/sub-account',
      payload: { user_id: holder.userId, auth_role_id: other },
    });
    const deleted = await as(tenant.token, { method: 'DELETE', url: '/api/v1/auth/role', payload: { id } });
    expect(deleted.json()).toEqual({ code: 200, data: null, msg: 'success' });
    const gone = await as(tenant.token, { method: 'GET', url: `/api/v1/auth/role/users?id=${id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('names the id when it is missing from both query and body', async () => {
    const res = await as(tenant.token, { method: 'DELETE', url: '/api/v1/auth/role' });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'id');
  });
});

describe('setting permissions', () => {
  it('stores the grant with ancestors and locked ids added', async () => {
    const id = await createRole(app, tenant.tenantId, []);
    const res = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id, function_menu_ids: '277,268,312' },
    });
    expect(res.json().data).toEqual({
      id,
      function_menu_ids: [1, 2, 250, 253, 254, 255, 260, 262, 268, 277, 300, 310, 311, 312],
    });
    const tree = flatten(
      (await as(tenant.token, { method: 'GET', url: `/api/v1/auth/role/function/menu?id=${id}` })).json().data,
    );
    expect(tree.find((n) => n.id === 277)?.select).toBe(true);
    expect(tree.find((n) => n.id === 278)?.select).toBe(false);
  });

  it('refuses ids outside the catalogue or main-only ones, naming them', async () => {
    const id = await createRole(app, tenant.tenantId, []);
    for (const ids of ['277,99999', String(PERMISSIONS.distributor.module)]) {
      const res = await as(tenant.token, {
        method: 'PUT',
        url: '/api/v1/auth/role/function/menu',
        payload: { id, function_menu_ids: ids },
      });
      expect(res.statusCode).toBe(400);
      expectNamesField(res.json().msg, 'function_menu_ids');
      expect(res.json().msg).toContain(ids.split(',').at(-1));
    }
    const malformed = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id, function_menu_ids: '277;278' },
    });
    expect(malformed.statusCode).toBe(400);
    expectNamesField(malformed.json().msg, 'function_menu_ids');
  });

  it('lets an employee grant only what it holds itself', async () => {
    const granter = await createEmployee(app, tenant.tenantId, { grants: [R.setPermissions, R.create] });
    const target = await createRole(app, tenant.tenantId, [R.create]);
    const beyond = await as(granter.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id: target, function_menu_ids: `${R.create},${PERMISSIONS.employee.edit}` },
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().msg).toContain(String(PERMISSIONS.employee.edit));
    const within = await as(granter.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id: target, function_menu_ids: `${R.create},${R.setPermissions}` },
    });
    expect(within.statusCode).toBe(200);
    expect(within.json().data.function_menu_ids).toEqual(expect.arrayContaining([R.create, R.setPermissions]));
  });

  it('keeps an employee from changing a role stronger than itself in any way', async () => {
    const employee = await createEmployee(app, tenant.tenantId, {
      grants: [R.edit, R.toggleStatus, R.delete, R.setPermissions],
    });
    const stronger = await createRole(app, tenant.tenantId, [R.edit, PERMISSIONS.employee.create]);
    const calls = [
      { method: 'PUT' as const, url: '/api/v1/auth/role', payload: { id: stronger, name: 'renamed', describe: '' } },
      { method: 'PUT' as const, url: '/api/v1/auth/role/status', payload: { id: stronger, status: 0 } },
      {
        method: 'PUT' as const,
        url: '/api/v1/auth/role/function/menu',
        payload: { id: stronger, function_menu_ids: `${R.edit}` },
      },
      { method: 'DELETE' as const, url: `/api/v1/auth/role?id=${stronger}` },
    ];
    for (const call of calls) {
      const res = await as(employee.token, call);
      expect(res.statusCode, call.url).toBe(403);
    }
    const [row] = await queryRows(
      app,
      sql<{ name: string; status: number }>`SELECT name, status FROM auth_roles WHERE id = ${stronger}`,
    );
    expect(row).toMatchObject({ status: 1 });
    expect(row!.name).not.toBe('renamed');
    // The main account may.
    const byMain = await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/status',
      payload: { id: stronger, status: 0 },
    });
    expect(byMain.statusCode).toBe(200);
  });
});

describe('what a role grants', () => {
  async function menuOf(token: string): Promise<TFunctionMenu> {
    return (await as(token, { method: 'GET', url: '/api/v3/user/function/menu' })).json().data;
  }

  it('a main account has everything, main-only modules included', async () => {
    const menu = await menuOf(tenant.token);
    expect(menu.menu_verify).toBe(true);
    expect(menu.button_list).toEqual(expect.arrayContaining(['277', '281', '283', '288']));
    expect(menu.page_list).toEqual(expect.arrayContaining(['268', '269', '270', '267', '250']));
    expect(menu.module_list).toContain(String(PERMISSIONS.distributor.module));
  });

  it('an employee has exactly what its role grants, and nothing while the role is disabled', async () => {
    const role = await createRole(app, tenant.tenantId, [R.page, PERMISSIONS.bill.cloud]);
    const employee = await createEmployee(app, tenant.tenantId, { roleId: role });
    expect(await menuOf(employee.token)).toEqual({
      button_list: ['255'],
      menu_list: ['1'],
      module_list: ['250', '253', '262'],
      page_list: ['250', '254', '253', '260', '262', '270'],
      menu_verify: true,
    });
    expect((await as(employee.token, { method: 'GET', url: '/api/v1/auth/role' })).statusCode).toBe(200);

    await as(tenant.token, { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id: role, status: 0 } });
    expect(await menuOf(employee.token)).toEqual({
      button_list: [],
      menu_list: [],
      module_list: [],
      page_list: [],
      menu_verify: true,
    });
    expect((await as(employee.token, { method: 'GET', url: '/api/v1/auth/role' })).statusCode).toBe(403);

    await as(tenant.token, { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id: role, status: 1 } });
    expect((await menuOf(employee.token)).page_list).toContain('260');
  });

  it('a permission change applies to the next request of an employee already signed in', async () => {
    const role = await createRole(app, tenant.tenantId, [R.page]);
    const employee = await createEmployee(app, tenant.tenantId, { roleId: role });
    const create = () =>
      as(employee.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name: `by-${employee.userId}` } });
    expect((await create()).statusCode).toBe(403);
    await as(tenant.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id: role, function_menu_ids: `${R.create}` },
    });
    expect((await create()).statusCode).toBe(200);
  });

  it('an employee without a role, or with another tenant’s role, has nothing', async () => {
    const other = await createTenant(app);
    const foreignRole = await createRole(app, other.tenantId, [R.page]);
    const stray = await createEmployee(app, tenant.tenantId, { roleId: foreignRole });
    const none = await createEmployee(app, tenant.tenantId, { roleId: null });
    for (const e of [stray, none]) {
      expect((await menuOf(e.token)).page_list).toEqual([]);
      expect((await as(e.token, { method: 'GET', url: '/api/v1/auth/role' })).statusCode).toBe(403);
    }
  });
});

describe('audit', () => {
  it('records who changed which role, before and after, and from where', async () => {
    const t = await createTenant(app);
    const created = (
      await as(t.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Before' } })
    ).json().data;
    await as(t.token, { method: 'PUT', url: '/api/v1/auth/role', payload: { id: created.id, name: 'After' } });
    await as(t.token, {
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id: created.id, function_menu_ids: '277' },
    });
    await as(t.token, { method: 'PUT', url: '/api/v1/auth/role/status', payload: { id: created.id, status: 0 } });
    await as(t.token, { method: 'DELETE', url: `/api/v1/auth/role?id=${created.id}` });
    // a refused change leaves no entry
    await as(t.token, { method: 'PUT', url: '/api/v1/auth/role', payload: { id: 1, name: 'x' } });

    const log = (await as(t.token, { method: 'GET', url: '/api/v1/auth/audit-log?target_type=role&limit=20' })).json()
      .data;
    expect(log.total).toBe(5);
    expect(log.data.map((e: { action: string }) => e.action)).toEqual([
      'role.delete',
      'role.status',
      'role.permissions',
      'role.update',
      'role.create',
    ]);
    const update = log.data[3];
    expect(update).toMatchObject({
      actor_id: t.tenantId,
      actor_name: t.userName,
      target_type: 'role',
      target_id: created.id,
      before: { name: 'Before' },
      after: { name: 'After' },
      ip: '127.0.0.1',
    });
    expect(log.data[2].after.function_menu_ids).toContain(277);
    expect(log.data[1]).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    const filtered = (await as(t.token, { method: 'GET', url: '/api/v1/auth/audit-log?action=role.update' })).json()
      .data;
    expect(filtered.total).toBe(1);
  });

  it('names each role as it is called now, and a deleted one by the name it was deleted with', async () => {
    const t = await createTenant(app);
    const post = async (name: string) =>
      (await as(t.token, { method: 'POST', url: '/api/v1/auth/role', payload: { name } })).json().data.id as number;
    const kept = await post('Old name');
    await as(t.token, { method: 'PUT', url: '/api/v1/auth/role', payload: { id: kept, name: 'New name' } });
    const gone = await post('Short-lived');
    await as(t.token, { method: 'DELETE', url: `/api/v1/auth/role?id=${gone}` });

    const log = (await as(t.token, { method: 'GET', url: '/api/v1/auth/audit-log?target_type=role' })).json().data;
    const named = (id: number) =>
      log.data
        .filter((e: { target_id: number }) => e.target_id === id)
        .map((e: { action: string; target_name: string }) => [e.action, e.target_name]);
    expect(named(kept)).toEqual([
      ['role.update', 'New name'],
      ['role.create', 'New name'],
    ]);
    expect(named(gone)).toEqual([
      ['role.delete', 'Short-lived'],
      ['role.create', 'Short-lived'],
    ]);
  });
});
