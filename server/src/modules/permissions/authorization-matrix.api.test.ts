import {
  CATALOGUE_INDEX,
  descendantsOf,
  GRANTABLE_PERMISSION_IDS,
  PERMISSIONS,
} from '@seller-centre/contract/permissions';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmployee,
  createRole,
  createShops,
  createTenant,
  createWarehouses,
  type TestTenant,
} from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { transfer } from '../../platform/ledger/index.ts';
import { addQuota, spendQuota } from '../quota/service.ts';

/**
 * The authorization matrix: every access-control route × {anonymous, another tenant's main
 * account, employee without the permission, employee with it, main account}, each cell asserted.
 * Writes get fresh targets per cell, so every cell tests exactly one thing.
 */

const SUPPLIER_MAIN_ONLY = '子账号不能申请成为分销商';
const DISTRIBUTION_MAIN_ONLY = '子账号不能提现或修改提现信息';
const FORBIDDEN_ZH = '暂无该功能权限，请联系公司超级管理员或其他权限管理人员';
const R = PERMISSIONS.role;
const E = PERMISSIONS.employee;

let app: TestApp;
let tenant: TestTenant;
let foreign: TestTenant;
let shopIds: number[];
let warehouseIds: number[];
/** Names that exist only in tenant A: a foreign caller must never see them. */
const SECRET = 'TenantAOnly';

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  foreign = await createTenant(app);
  shopIds = await createShops(app, tenant.tenantId, { coupang: [`${SECRET} shop 1`, `${SECRET} shop 2`] });
  warehouseIds = await createWarehouses(app, tenant.tenantId, [`${SECRET} warehouse`]);
  await createShops(app, foreign.tenantId, { shopee: ['B shop'] });
  await createRole(app, tenant.tenantId, [], { name: `${SECRET} role` });
  await createEmployee(app, tenant.tenantId, { grants: [], userName: `${SECRET}emp` });
  // quota for both tenants, and one deduction in tenant A
  for (const t of [tenant, foreign]) {
    await addQuota(app.db, { tenantId: t.tenantId, type: 1, amount: 1_000, key: 'order:matrix', userName: 'x' });
  }
  await spendQuota(app.db, {
    tenantId: tenant.tenantId,
    type: 1,
    amount: 1,
    key: 'matrix-secret',
    orderId: `${SECRET}-order`,
    userId: tenant.tenantId,
    userName: tenant.userName,
  });
  // one audit entry in tenant A
  await app.inject({
    method: 'POST',
    url: '/api/v1/auth/role',
    headers: { authorization: tenant.token },
    payload: { name: `${SECRET} audited` },
  });
});
afterAll(async () => app.close());

/** Everything a role may carry except `ids` and what sits below them. */
function allExcept(ids: readonly number[]): number[] {
  const out = new Set(GRANTABLE_PERMISSION_IDS);
  for (const id of ids) for (const d of [id, ...descendantsOf(CATALOGUE_INDEX, id)]) out.delete(d);
  return [...out];
}

let counter = 0;
const fresh = {
  role: () => createRole(app, tenant.tenantId, []),
  employee: async () => (await createEmployee(app, tenant.tenantId, { grants: [] })).userId,
  name: () => `m${Date.now().toString(36)}${(counter++).toString(36)}`,
  phone: () => `137${String(10_000_000 + counter++).slice(-8)}`,
  /** An unpaid order of tenant A, titled so a foreign caller would show it leaking. */
  order: async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/order/generateOrder',
      headers: { authorization: tenant.token },
      payload: { pay_type: 3, amount: '50' },
    });
    return res.json().data.order_code as string;
  },
};

type Access =
  | { kind: 'permission'; ids: number[] } // an employee needs one of ids
  | { kind: 'signed-in' } // any signed-in account of the tenant
  | { kind: 'main-only'; msg?: string };

type RouteCase = {
  route: string;
  access: Access;
  /** 'ids': a foreign main account gets 404; 'own': it gets 200 with only its own data. */
  foreign: 'ids' | 'own';
  request: () => Promise<Omit<InjectOptions, 'headers'>>;
};

const routes: RouteCase[] = [
  {
    route: 'GET /api/v3/user/function/menu',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v3/user/function/menu' }),
  },
  {
    route: 'GET /api/v1/auth/role',
    access: { kind: 'permission', ids: [R.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/auth/role' }),
  },
  {
    route: 'POST /api/v1/auth/role',
    access: { kind: 'permission', ids: [R.create] },
    foreign: 'own',
    request: async () => ({ method: 'POST', url: '/api/v1/auth/role', payload: { name: fresh.name(), describe: 'd' } }),
  },
  {
    route: 'PUT /api/v1/auth/role',
    access: { kind: 'permission', ids: [R.edit] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/role',
      payload: { id: await fresh.role(), name: fresh.name() },
    }),
  },
  {
    route: 'DELETE /api/v1/auth/role',
    access: { kind: 'permission', ids: [R.delete] },
    foreign: 'ids',
    request: async () => ({ method: 'DELETE', url: `/api/v1/auth/role?id=${await fresh.role()}` }),
  },
  {
    route: 'PUT /api/v1/auth/role/status',
    access: { kind: 'permission', ids: [R.toggleStatus] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/role/status',
      payload: { id: await fresh.role(), status: 0 },
    }),
  },
  {
    route: 'GET /api/v1/auth/role/users',
    access: { kind: 'permission', ids: [R.page] },
    foreign: 'ids',
    request: async () => ({ method: 'GET', url: `/api/v1/auth/role/users?id=${await fresh.role()}` }),
  },
  {
    route: 'GET /api/v1/auth/role/function/menu',
    access: { kind: 'permission', ids: [R.page] },
    foreign: 'ids',
    request: async () => ({ method: 'GET', url: `/api/v1/auth/role/function/menu?id=${await fresh.role()}` }),
  },
  {
    route: 'PUT /api/v1/auth/role/function/menu',
    access: { kind: 'permission', ids: [R.setPermissions] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/role/function/menu',
      payload: { id: await fresh.role(), function_menu_ids: String(R.setPermissions) },
    }),
  },
  {
    route: 'GET /api/v1/auth/role/all',
    access: { kind: 'permission', ids: [R.page, E.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/auth/role/all' }),
  },
  {
    route: 'GET /api/v1/auth/sub-account',
    access: { kind: 'permission', ids: [E.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/auth/sub-account' }),
  },
  {
    route: 'POST /api/v1/auth/sub-account',
    access: { kind: 'permission', ids: [E.create] },
    foreign: 'ids',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/auth/sub-account',
      payload: {
        user_name: fresh.name(),
        area: '86',
        phone_number: fresh.phone(),
        password: 'Abcd1234!',
        auth_role_id: await fresh.role(),
        shop_auth: { auth_type: 1, auth_data: [] },
        warehouse_auth: { auth_type: 1, auth_value: '' },
      },
    }),
  },
  {
    route: 'PUT /api/v1/auth/sub-account',
    access: { kind: 'permission', ids: [E.edit] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/sub-account',
      payload: { user_id: await fresh.employee(), auth_role_id: await fresh.role(), system_list: [1, 5] },
    }),
  },
  {
    route: 'PUT /api/v1/auth/sub-account/password',
    access: { kind: 'permission', ids: [E.changePassword] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/sub-account/password',
      payload: { user_id: await fresh.employee(), password: 'Newpass1?' },
    }),
  },
  {
    route: 'PUT /api/v1/auth/sub-account/status',
    access: { kind: 'permission', ids: [E.toggleStatus] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/sub-account/status',
      payload: { user_id: await fresh.employee(), status: 0 },
    }),
  },
  {
    route: 'GET /api/v3/auth/sub-account/data',
    access: { kind: 'permission', ids: [E.page] },
    foreign: 'ids',
    request: async () => ({ method: 'GET', url: `/api/v3/auth/sub-account/data?user_id=${await fresh.employee()}` }),
  },
  {
    route: 'PUT /api/v1/auth/sub-account/data',
    access: { kind: 'permission', ids: [E.dataAuthority] },
    foreign: 'ids',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/auth/sub-account/data',
      payload: {
        user_id: await fresh.employee(),
        auth_data: [
          { data_menu_id: 11, auth_type: 2, auth_value: String(shopIds[0]) },
          { data_menu_id: 12, auth_type: 2, auth_value: String(warehouseIds[0]) },
        ],
      },
    }),
  },
  {
    route: 'GET /api/v1/common/platform',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/common/platform?site=0' }),
  },
  {
    route: 'GET /api/v3/shop/group',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v3/shop/group' }),
  },
  {
    route: 'GET /api/v1/warehouse',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/warehouse' }),
  },
  {
    route: 'POST /api/v1/package/getLogList',
    access: { kind: 'permission', ids: [PERMISSIONS.bill.softwareDeduction] },
    foreign: 'own',
    request: async () => ({ method: 'POST', url: '/api/v1/package/getLogList', payload: { page: 1, page_size: 20 } }),
  },
  {
    route: 'POST /api/v1/package/quota/spend',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/package/quota/spend',
      payload: { type: 1, use_num: 1, order_id: 'matrix', key: fresh.name() },
    }),
  },
  {
    route: 'GET /api/v1/package/quota',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/package/quota' }),
  },
  {
    route: 'GET /api/v3/package/payment',
    access: { kind: 'permission', ids: [PERMISSIONS.serviceUpgrade.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v3/package/payment' }),
  },
  {
    route: 'GET /api/v3/package/payment/price',
    access: { kind: 'permission', ids: [PERMISSIONS.serviceUpgrade.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v3/package/payment/price?ppi_id=2&shop_number=5&cycle=12' }),
  },
  {
    route: 'GET /api/v2/package/getPackageLevelList',
    access: { kind: 'permission', ids: [PERMISSIONS.serviceUpgrade.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v2/package/getPackageLevelList' }),
  },
  {
    route: 'GET /api/v1/package/getWarehousePayAmount',
    access: { kind: 'permission', ids: [PERMISSIONS.serviceUpgrade.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/package/getWarehousePayAmount' }),
  },
  {
    route: 'GET /api/v2/user/system/menu',
    access: { kind: 'signed-in' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v2/user/system/menu' }),
  },
  {
    route: 'POST /api/v2/order/generateOrder',
    access: { kind: 'permission', ids: [PERMISSIONS.serviceUpgrade.buyPackage] },
    foreign: 'own',
    request: async () => ({ method: 'POST', url: '/api/v2/order/generateOrder', payload: { pay_type: 3, amount: '50' } }),
  },
  {
    route: 'POST /api/v1/order/checkOrderState',
    access: { kind: 'permission', ids: [PERMISSIONS.serviceUpgrade.buyPackage] },
    foreign: 'ids',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/order/checkOrderState',
      payload: { order_code: await fresh.order(), pay_type: 3 },
    }),
  },
  {
    route: 'POST /api/v1/pay/package/list',
    access: { kind: 'permission', ids: [PERMISSIONS.bill.softwareFee] },
    foreign: 'own',
    request: async () => ({ method: 'POST', url: '/api/v1/pay/package/list', payload: { page: 1, page_size: 20 } }),
  },
  {
    route: 'GET /api/v1/auth/audit-log',
    access: { kind: 'main-only' },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/auth/audit-log' }),
  },
  {
    route: 'GET /api/v1/retailer/info',
    access: { kind: 'main-only', msg: SUPPLIER_MAIN_ONLY },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/retailer/info' }),
  },
  {
    route: 'POST /api/v1/retailer/register',
    access: { kind: 'main-only', msg: SUPPLIER_MAIN_ONLY },
    foreign: 'own',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/retailer/register',
      payload: { username: 'Zhang', bank_name: '中国银行', bank_number: '6217000011112222', retailer_name: 'Acme' },
    }),
  },
  {
    route: 'GET /api/v1/common/getDistributionBalance',
    access: { kind: 'permission', ids: [PERMISSIONS.distributionBill.page] },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/common/getDistributionBalance' }),
  },
  {
    route: 'POST /api/v1/finance/distributorFinance/list',
    access: { kind: 'permission', ids: [PERMISSIONS.distributionBill.page] },
    foreign: 'own',
    request: async () => ({ method: 'POST', url: '/api/v1/finance/distributorFinance/list', payload: {} }),
  },
  {
    route: 'POST /api/v1/distributorFlow/list',
    access: { kind: 'permission', ids: [PERMISSIONS.distributionBill.page] },
    foreign: 'own',
    request: async () => ({ method: 'POST', url: '/api/v1/distributorFlow/list', payload: { status: 4 } }),
  },
  {
    route: 'POST /api/v1/distributorFlow/applyDistributionFinance',
    access: { kind: 'main-only', msg: DISTRIBUTION_MAIN_ONLY },
    foreign: 'own',
    request: async () => {
      // a fen on both tenants' balances, so the main accounts' applications go through
      for (const t of [tenant, foreign]) {
        await transfer(app.db, {
          key: `matrix-fund:${fresh.name()}`,
          from: { operator: 'commissions_payable' },
          to: { tenantId: t.tenantId, kind: 'distribution' },
          amount: 1,
          memo: 'matrix',
        });
      }
      return {
        method: 'POST',
        url: '/api/v1/distributorFlow/applyDistributionFinance',
        payload: { transaction_money: '0.01', bank_name: '中国银行', bank_number: '6217000011112222', user_name: 'Li' },
      };
    },
  },
  {
    route: 'GET /api/v1/finance/distributorRetailer/info',
    access: { kind: 'main-only', msg: DISTRIBUTION_MAIN_ONLY },
    foreign: 'own',
    request: async () => ({ method: 'GET', url: '/api/v1/finance/distributorRetailer/info' }),
  },
  {
    route: 'POST /api/v1/distributorRetailer/save',
    access: { kind: 'main-only', msg: DISTRIBUTION_MAIN_ONLY },
    foreign: 'own',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/distributorRetailer/save',
      payload: { user_name: 'Li', bank_name: '中国银行', bank_number: '6217000011112222', checked: true },
    }),
  },
];

async function call(token: string | undefined, options: Omit<InjectOptions, 'headers'>) {
  return app.inject({ ...options, headers: token ? { authorization: token } : {} } as InjectOptions);
}

describe.each(routes)('$route', ({ access, foreign: foreignKind, request }) => {
  it('anonymous: 401', async () => {
    const res = await call(undefined, await request());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it(
    foreignKind === 'ids'
      ? "another tenant's main account: 404 on this tenant's ids"
      : "another tenant's main account: only its own data",
    async () => {
      const res = await call(foreign.token, await request());
      if (foreignKind === 'ids') {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(404);
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(SECRET);
      }
    },
  );

  it('employee without the permission: 403 with the no-permission message (or, where none is needed, 200)', async () => {
    const grants = access.kind === 'permission' ? allExcept(access.ids) : [];
    const employee = await createEmployee(app, tenant.tenantId, { grants });
    const res = await call(employee.token, await request());
    if (access.kind === 'signed-in') {
      expect(res.statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 403,
        data: null,
        msg: access.kind === 'main-only' ? (access.msg ?? '仅主账号可以使用此功能') : FORBIDDEN_ZH,
      });
    }
  });

  it('employee with the permission: 2xx (main-only routes stay 403 even with every permission)', async () => {
    const grants = access.kind === 'permission' ? [access.ids.at(-1)!] : [...GRANTABLE_PERMISSION_IDS];
    const employee = await createEmployee(app, tenant.tenantId, { grants });
    const res = await call(employee.token, await request());
    if (access.kind === 'main-only') {
      expect(res.statusCode).toBe(403);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(200);
    }
  });

  it('main account: 2xx', async () => {
    const res = await call(tenant.token, await request());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(200);
  });
});
