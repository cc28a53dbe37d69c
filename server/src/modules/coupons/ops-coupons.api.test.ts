import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperatorAuditEntries } from '../../platform/audit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, createSubAccount } from '../../test/factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';

let app: TestApp;
let operator: { id: number; accountName: string; token: string };
let seller: Awaited<ReturnType<typeof createMainAccount>>;

beforeAll(async () => {
  app = await buildTestApp();
  operator = await createTestOperator(app);
  seller = await createMainAccount(app);
});
afterAll(async () => app.close());

const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

function couponBody(overrides: Record<string, unknown> = {}) {
  return {
    tenant_id: seller.user.id,
    title: 'Welcome 50',
    use_type: 1,
    discount_type: 1,
    discount_value: '50',
    expiration_time: inAMonth(),
    ...overrides,
  };
}

function create(body: unknown, token = operator.token, lang = 'zh') {
  return app.inject({
    method: 'POST',
    url: '/api/ops/coupons',
    payload: body as object,
    headers: authHeaders(token, { 'accept-language': lang }),
  });
}

async function sellerCoupons(token: string, status = 0) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/user/coupon?status=${status}`,
    headers: authHeaders(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; title: string; discount_value: string; min_basket_price: string }[];
}

describe('who may call the coupon routes', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/ops/coupons' },
    { method: 'POST' as const, url: '/api/ops/coupons' },
    { method: 'POST' as const, url: '/api/ops/coupons/1/issue' },
    { method: 'GET' as const, url: '/api/ops/tenants/lookup?tenant_id=1' },
  ];

  it('refuses a caller without a token, and a seller, before reading the input', async () => {
    for (const route of routes) {
      const anonymous = await app.inject({ ...route, payload: route.method === 'POST' ? couponBody() : undefined });
      expect(anonymous.statusCode, route.url).toBe(401);
      expect(anonymous.json(), route.url).toMatchObject({ code: 401, data: null });
      const asSeller = await app.inject({
        ...route,
        payload: route.method === 'POST' ? couponBody() : undefined,
        headers: authHeaders(seller.token),
      });
      expect(asSeller.statusCode, route.url).toBe(401);
    }
    // Nothing was issued by the refused calls.
    expect(await sellerCoupons(seller.token)).toEqual([]);
  });
});

describe('an operator issuing coupons', () => {
  it('creates a coupon for a tenant by id; the seller sees it in their not-used tab; the act is audited', async () => {
    const res = await create(couponBody({ title: 'Spring 50' }));
    expect(res.statusCode).toBe(200);
    const coupon = res.json().data;
    expect(coupon).toMatchObject({
      tenant_id: seller.user.id,
      tenant_name: seller.user.userName,
      title: 'Spring 50',
      use_type: 1,
      use_type_value: null,
      discount_type: 1,
      discount_value: '50.00',
      min_basket_price: '0.00',
      status: 0,
    });

    const mine = await sellerCoupons(seller.token);
    expect(mine.map((c) => [c.id, c.title, c.discount_value])).toContainEqual([coupon.id, 'Spring 50', '50.00']);

    const audit = await findOperatorAuditEntries(app.db, { targetType: 'coupon', targetId: coupon.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_id: operator.id,
      operator_name: operator.accountName,
      action: 'coupon.issue',
      main_id: seller.user.id,
      after: expect.objectContaining({ title: 'Spring 50', discount_value: '50' }),
    });
  });

  it("finds a tenant by its main account's phone number, and issues a threshold coupon that way", async () => {
    const other = await createMainAccount(app, { companyName: 'Phone Co' });
    const lookup = await app.inject({
      method: 'GET',
      url: `/api/ops/tenants/lookup?phone_number=${other.user.phoneNumber}`,
      headers: authHeaders(operator.token),
    });
    expect(lookup.json().data).toMatchObject({
      tenant_id: other.user.id,
      phone_number: other.user.phoneNumber,
      company_name: 'Phone Co',
    });

    const res = await create(
      couponBody({
        tenant_id: undefined,
        phone_number: other.user.phoneNumber,
        title: '300 minus 30',
        use_type: 2,
        use_type_value: 4,
        discount_type: 2,
        discount_value: '30',
        min_basket_price: '300.5',
      }),
    );
    expect(res.statusCode).toBe(200);
    const mine = await sellerCoupons(other.token);
    expect(mine).toEqual([
      expect.objectContaining({ title: '300 minus 30', use_type_value: 4, min_basket_price: '300.50' }),
    ]);
  });

  it("answers 404 for an employee's phone or an unknown tenant, and issues nothing", async () => {
    const employee = await createSubAccount(app, { id: seller.user.id });
    const before = (await sellerCoupons(seller.token)).length;
    const byPhone = await create(couponBody({ tenant_id: undefined, phone_number: employee.user.phoneNumber }));
    expect(byPhone.statusCode).toBe(404);
    expect(byPhone.json()).toEqual({ code: 404, data: null, msg: '找不到该租户（主账号）' });
    const byEmployeeId = await create(couponBody({ tenant_id: employee.user.id }));
    expect(byEmployeeId.statusCode).toBe(404);
    const unknown = await create(couponBody({ tenant_id: 987654321 }));
    expect(unknown.statusCode).toBe(404);
    expect((await sellerCoupons(seller.token)).length).toBe(before);
  });

  it('gives another tenant a copy on the same terms, which is a coupon of its own', async () => {
    const original = (await create(couponBody({ title: 'Copy me', discount_type: 3, discount_value: '8.5' }))).json()
      .data;
    const other = await createMainAccount(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/ops/coupons/${original.id}/issue`,
      payload: { tenant_id: other.user.id },
      headers: authHeaders(operator.token),
    });
    expect(res.statusCode).toBe(200);
    const copy = res.json().data;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      tenant_id: other.user.id,
      title: 'Copy me',
      discount_type: 3,
      discount_value: '8.50',
      expiration_time: original.expiration_time,
    });
    expect((await sellerCoupons(other.token)).map((c) => c.id)).toEqual([copy.id]);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/ops/coupons/987654321/issue',
      payload: { tenant_id: other.user.id },
      headers: authHeaders(operator.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('优惠券不存在');
  });

  it('lists issued coupons newest first, of one tenant and one tab, paged', async () => {
    const tenant = await createMainAccount(app);
    for (const title of ['first', 'second', 'third']) {
      expect((await create(couponBody({ tenant_id: tenant.user.id, title }))).statusCode).toBe(200);
    }
    const page = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/ops/coupons?${query}`,
        headers: authHeaders(operator.token),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { total: number; data: { title: string; status: number }[] };
    };
    const one = await page(`tenant_id=${tenant.user.id}&page_size=10&status=0`);
    expect(one.total).toBe(3);
    expect(one.data.map((c) => c.title)).toEqual(['third', 'second', 'first']);
    expect((await page(`tenant_id=${tenant.user.id}&status=2`)).total).toBe(0);
    const all = await page('page=1&page_size=10');
    expect(all.total).toBeGreaterThanOrEqual(3);
  });
});

describe('input the coupon routes refuse', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no tenant', { tenant_id: undefined }, '租户编号'],
    ['both tenant id and phone', { phone_number: '13800000000' }, '租户编号'],
    ['a blank title', { title: '  ' }, '标题'],
    ['an unknown use type', { use_type: 4 }, '使用类型'],
    ['a software top-up without its service', { use_type: 2 }, '适用服务'],
    ['a service on a package coupon', { use_type_value: 1 }, '适用服务'],
    ['an unknown discount type', { discount_type: 4 }, '优惠类型'],
    ['a float-looking amount', { discount_value: '50.005' }, '优惠额度'],
    ['a zero amount', { discount_value: '0' }, '优惠额度'],
    ['a discount rate of 10', { discount_type: 3, discount_value: '10' }, '优惠额度'],
    ['a threshold below the reduction', { discount_type: 2, discount_value: '30', min_basket_price: '20' }, '使用门槛'],
    ['an expiry in the past', { expiration_time: '2020-01-01T00:00:00Z' }, '过期时间'],
    ['an expiry without an offset', { expiration_time: '2030-01-01 10:00' }, '过期时间'],
  ];

  it.each(cases)('answers 400 naming the field for %s', async (_name, overrides, label) => {
    const before = (await sellerCoupons(seller.token)).length;
    const res = await create(couponBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toContain(label);
    expect((await sellerCoupons(seller.token)).length).toBe(before);
  });

  it('says it in the operator language', async () => {
    const res = await create(couponBody({ discount_type: 3, discount_value: '12' }), operator.token, 'kr');
    expect(res.json().msg).toContain('할인 값');
    expect(res.json().msg).toContain('할인율');
  });

  it('refuses a bad page size, and a copy whose expiry has passed', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/ops/coupons?page_size=7',
      headers: authHeaders(operator.token),
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().msg).toContain('每页条数');

    const lookup = await app.inject({
      method: 'GET',
      url: '/api/ops/tenants/lookup',
      headers: authHeaders(operator.token),
    });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().msg).toContain('租户编号');

    const original = (await create(couponBody())).json().data;
    const copy = await app.inject({
      method: 'POST',
      url: `/api/ops/coupons/${original.id}/issue`,
      payload: { tenant_id: seller.user.id, expiration_time: '2020-01-01T00:00:00Z' },
      headers: authHeaders(operator.token),
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json().msg).toContain('过期时间');
  });
});
