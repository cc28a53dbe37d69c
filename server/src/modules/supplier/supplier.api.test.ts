import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectNamesField } from '../../test/messages.ts';
import { createTestOperator } from '../../test/operator-factories.ts';

let app: TestApp;
let operator: { token: string };
beforeAll(async () => {
  app = await buildTestApp();
  operator = await createTestOperator(app);
});
afterAll(async () => app.close());

const form = {
  username: 'Zhang San',
  bank_name: '招商银行',
  bank_number: '6225 8800 1234 5678',
  retailer_name: 'Acme Trading',
};

const info = (token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/retailer/info', headers: { authorization: token } });
const register = (token: string, body: Record<string, unknown> = form, lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/retailer/register',
    headers: { authorization: token, 'accept-language': lang },
    payload: body,
  });
const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: operator.token }, ...(payload ? { payload } : {}) });
const distributionInfo = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/legacy/product/edit/show-sync-button',
      headers: { authorization: token },
    })
  ).json().data.is_show_distributor;

describe('supplier application', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTenant(app);
  });

  it('answers status 0 and empty fields before any application', async () => {
    const res = await info(tenant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      username: '',
      bank_name: '',
      bank_number: '',
      retailer_name: '',
      status: 0,
      reason: '',
    });
  });

  it('names each missing or bad field', async () => {
    for (const [body, field] of [
      [{ ...form, username: '  ' }, 'username'],
      [{ ...form, bank_name: 'Bank of Nowhere' }, 'bank_name'],
      [{ ...form, bank_number: '12ab' }, 'bank_number'],
      [{ ...form, retailer_name: '' }, 'retailer_name'],
      [{ username: 'x', bank_name: '招商银行', bank_number: '62258800123' }, 'retailer_name'],
    ] as const) {
      const res = await register(tenant.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
    expect((await info(tenant.token)).json().data.status).toBe(0);
  });

  it('submits, refuses a second application while submitted or approved, and resubmits after a rejection', async () => {
    const first = await register(tenant.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 1, bank_number: '6225880012345678', reason: '' });
    const again = await register(tenant.token, { ...form, retailer_name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('申请已提交或已通过，仅在被拒绝后可重新申请');
    expect((await info(tenant.token)).json().data.retailer_name).toBe('Acme Trading');

    const queue = (await ops('GET', '/api/ops/supplier-applications?status=1')).json().data;
    expect(queue.data.map((a: { tenant_id: number }) => a.tenant_id)).toContain(tenant.tenantId);

    const rejected = await ops('POST', `/api/ops/supplier-applications/${tenant.tenantId}/reject`, {
      reason: 'Bank card name does not match',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await info(tenant.token)).json().data).toMatchObject({
      status: 3,
      reason: 'Bank card name does not match',
    });
    expect(await distributionInfo(tenant.token)).toBe(false);
    // a rejected application cannot be decided again
    expect((await ops('POST', `/api/ops/supplier-applications/${tenant.tenantId}/approve`)).statusCode).toBe(409);

    const resubmitted = await register(tenant.token, { ...form, username: 'Zhang Sanfeng' });
    expect(resubmitted.json().data).toMatchObject({ status: 1, username: 'Zhang Sanfeng', reason: '' });

    const approved = await ops('POST', `/api/ops/supplier-applications/${tenant.tenantId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await info(tenant.token)).json().data.status).toBe(2);
    expect(await distributionInfo(tenant.token)).toBe(true);
    expect((await register(tenant.token)).statusCode).toBe(409);
  });

  it('answers 404 for a tenant that never applied, and 400 for a reject without a reason', async () => {
    const other = await createTenant(app);
    expect((await ops('POST', `/api/ops/supplier-applications/${other.tenantId}/approve`)).statusCode).toBe(404);
    await register(other.token);
    const res = await ops('POST', `/api/ops/supplier-applications/${other.tenantId}/reject`, { reason: ' ' });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'reason');
  });

  it('refuses sub-accounts, whatever their role holds', async () => {
    const employee = await createEmployee(app, tenant.tenantId, { grants: [] });
    for (const res of [await info(employee.token), await register(employee.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('子账号不能申请成为分销商');
    }
  });

  it('refuses sellers and anonymous callers on the console routes', async () => {
    const seller = await createTenant(app);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/ops/supplier-applications',
          headers: { authorization: seller.token },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: `/api/ops/supplier-applications/${seller.tenantId}/approve` })).statusCode,
    ).toBe(401);
  });
});
