import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { authHeaders, createMainAccount, requestSmsCode, uniquePhone, uniqueUserName, randomIp } from '../test/factories.ts';
import { createRole, createTenant, createEmployee } from '../test/access-factories.ts';

let app: TestApp;
beforeAll(async () => { app = await buildTestApp(); });
afterAll(async () => app.close());

describe('probe', () => {
  it('paging', async () => {
    const { token } = await createMainAccount(app);
    for (const q of ['limit=15', 'limit=50', 'limit=0', 'page=999999999', 'page=1e20', 'page=100000', 'page=-1', 'limit=10&page=abc', 'status=', 'page=', 'name=' + 'x'.repeat(40)]) {
      for (const url of ['/api/v1/auth/role', '/api/v1/auth/sub-account', '/api/v1/auth/audit-log']) {
        const res = await app.inject({ method: 'GET', url: `${url}?${q}`, headers: authHeaders(token) });
        console.log(url, q, res.statusCode, res.body.slice(0, 150));
      }
    }
  });
  it('bad inputs', async () => {
    const t = await createTenant(app);
    const reqs: [string, string, unknown][] = [
      ['DELETE', '/api/v1/auth/role', { id: 'abc' }],
      ['DELETE', '/api/v1/auth/role?id=99999999999999999999', undefined],
      ['PUT', '/api/v1/auth/role/status', { id: 5, status: 2 }],
      ['PUT', '/api/v1/auth/role/function/menu', { id: 1, function_menu_ids: '1,,2' }],
      ['PUT', '/api/v1/auth/sub-account/data', { user_id: 5, auth_data: [{ data_menu_id: 1e300, auth_type: 1 }] }],
      ['PUT', '/api/v1/auth/sub-account/data', { user_id: 5, auth_data: [{ data_menu_id: 'x', auth_type: 1 }] }],
      ['POST', '/api/v1/auth/role', { name: '\ud800abc' }],
      ['POST', '/api/v1/auth/role', { name: 'a'.repeat(20) + '😀'.repeat(10) }],
      ['POST', '/api/v1/auth/sub-account', { user_name: 'x', area: '86', phone_number: '1380000', password: 'Passw0rd!', auth_role_id: 99999999999, shop_auth: { auth_type: 2, auth_data: [{ platform: 'a', auth_value: '999999999999999' }] }, warehouse_auth: { auth_type: 1 } }],
      ['GET', '/api/v1/auth/role/users?id=9007199254740991', undefined],
      ['GET', '/api/v3/auth/sub-account/data?user_id=9007199254740991', undefined],
    ];
    for (const [method, url, payload] of reqs) {
      const res = await app.inject({ method: method as 'GET', url, headers: authHeaders(t.token), ...(payload !== undefined ? { payload: payload as object } : {}) });
      console.log(method, url, JSON.stringify(payload)?.slice(0, 80), res.statusCode, res.body.slice(0, 200));
    }
  });
  it('concurrency: register same phone', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    const res = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/v2/register', remoteAddress: randomIp(), payload: { phone_number: phone, area: '86', sms_code: code, checked: true } })));
    console.log('register', res.map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`));
  });
  it('concurrency: employee create same name / role delete vs assign', async () => {
    const t = await createTenant(app);
    const roleId = await createRole(app, t.mainId, []);
    const name = uniqueUserName('emp');
    const mk = (n: string) => app.inject({ method: 'POST', url: '/api/v1/auth/sub-account', headers: authHeaders(t.token), payload: { user_name: n, area: '86', phone_number: uniquePhone(), password: 'Passw0rd!', auth_role_id: roleId, shop_auth: { auth_type: 1 }, warehouse_auth: { auth_type: 1 } } });
    const res = await Promise.all([mk(name), mk(name), mk(name)]);
    console.log('create same name', res.map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`));
    const role2 = await createRole(app, t.mainId, []);
    const mk2 = () => app.inject({ method: 'POST', url: '/api/v1/auth/sub-account', headers: authHeaders(t.token), payload: { user_name: uniqueUserName('e'), area: '86', phone_number: uniquePhone(), password: 'Passw0rd!', auth_role_id: role2, shop_auth: { auth_type: 1 }, warehouse_auth: { auth_type: 1 } } });
    const del = () => app.inject({ method: 'DELETE', url: `/api/v1/auth/role?id=${role2}`, headers: authHeaders(t.token) });
    const r2 = await Promise.all([mk2(), del(), mk2()]);
    console.log('delete vs assign', r2.map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`));
    const rn = uniqueUserName('r');
    const r3 = await Promise.all([1, 2].map(() => app.inject({ method: 'POST', url: '/api/v1/auth/role', headers: authHeaders(t.token), payload: { name: rn } })));
    console.log('role same name', r3.map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`));
    const e = await createEmployee(app, t.mainId, { grants: [] });
    const r4 = await Promise.all([1, 2].map(() => app.inject({ method: 'PUT', url: '/api/v1/auth/sub-account/data', headers: authHeaders(t.token), payload: { user_id: e.userId, auth_data: [{ data_menu_id: 11, auth_type: 1 }] } })));
    console.log('data auth', r4.map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`));
  });
  it('concurrency: sms send', async () => {
    const phone = uniquePhone();
    const q = `/api/v1/sms?type=register:&phone_number=${phone}&area=86`;
    const r = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: q, remoteAddress: randomIp() })));
    console.log('sms', r.map((x) => `${x.statusCode} ${x.body.slice(0, 80)}`));
  });
});
