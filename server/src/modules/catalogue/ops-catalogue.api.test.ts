import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperatorAuditEntries } from '../../platform/audit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount } from '../../test/factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';

let app: TestApp;
let operator: { id: number; token: string };
let sellerToken: string;

beforeAll(async () => {
  app = await buildTestApp();
  operator = await createTestOperator(app);
  sellerToken = (await createMainAccount(app)).token;
});
afterAll(async () => app.close());

function asOperator(method: 'GET' | 'PUT', url: string, payload?: object, lang = 'zh') {
  return app.inject({ method, url, payload, headers: authHeaders(operator.token, { 'accept-language': lang }) });
}

const ROUTES = [
  { method: 'GET' as const, url: '/api/ops/catalogue' },
  { method: 'PUT' as const, url: '/api/ops/catalogue/platforms/1', payload: { shop_month_price: '1.00' } },
  { method: 'PUT' as const, url: '/api/ops/catalogue/value-added/1', payload: { price: '1.00' } },
  { method: 'PUT' as const, url: '/api/ops/catalogue/top-ups/1', payload: { amount: '1.00' } },
];

describe('who may read and change the catalogue', () => {
  it('refuses a caller without a token and a seller; nothing changes', async () => {
    for (const route of ROUTES) {
      expect((await app.inject(route)).statusCode, route.url).toBe(401);
      const seller = await app.inject({ ...route, headers: authHeaders(sellerToken) });
      expect(seller.statusCode, route.url).toBe(401);
    }
    const catalogue = (await asOperator('GET', '/api/ops/catalogue')).json().data;
    expect(catalogue.platforms.find((p: { ppi_id: number }) => p.ppi_id === 1).shop_month_price).toBe('30.00');
  });
});

describe('an operator editing the catalogue', () => {
  it('reads every platform with its choices, value-added package and top-up amount', async () => {
    const res = await asOperator('GET', '/api/ops/catalogue');
    expect(res.statusCode).toBe(200);
    const { platforms, value_added, top_ups } = res.json().data;
    expect(platforms[0]).toMatchObject({
      ppi_id: 1,
      platform: 'Coupang',
      shop_month_price: '30.00',
      enabled: true,
      shop_numbers: [1, 5, 10, 20],
    });
    expect(platforms[0].cycles).toContainEqual({ months: 12, price_percent: 85 });
    // Packages shown only to the default company are listed too.
    expect(value_added.some((v: { default_company_only: boolean }) => v.default_company_only)).toBe(true);
    expect(top_ups.map((t: { amount: string }) => t.amount)).toEqual(['100.00', '500.00', '1000.00', '5000.00']);
  });

  it("changes a platform's price, which the seller's price then follows; audited", async () => {
    const res = await asOperator('PUT', '/api/ops/catalogue/platforms/2', { shop_month_price: '25.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ppi_id: 2, shop_month_price: '25.50' });

    const price = await app.inject({
      method: 'GET',
      url: '/api/v3/package/payment/price?ppi_id=2&shop_number=1&cycle=1',
      headers: authHeaders(sellerToken),
    });
    expect(price.json().data.selling_price).toBe('25.50');

    const [entry] = await findOperatorAuditEntries(app.db, { targetType: 'catalogue_platform', targetId: 2 });
    expect(entry).toMatchObject({
      operator_id: operator.id,
      action: 'catalogue.platform',
      before: { shop_month_price: '20.00', enabled: true },
      after: { shop_month_price: '25.50', enabled: true },
    });
  });

  it("changes a value-added package's prices and takes a top-up amount off sale", async () => {
    const va = await asOperator('PUT', '/api/ops/catalogue/value-added/1', { price: '45', retail_price: '70' });
    expect(va.json().data).toMatchObject({ package_pay_id: 1, price: '45.00', retail_price: '70.00' });

    const off = await asOperator('PUT', '/api/ops/catalogue/top-ups/4', { enabled: false });
    expect(off.json().data).toEqual({ id: 4, amount: '5000.00', enabled: false });
    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/package/getWarehousePayAmount',
      headers: authHeaders(sellerToken),
    });
    expect(listed.json().data.map((t: { amount: string }) => t.amount)).not.toContain('5000.00');

    const changed = await asOperator('PUT', '/api/ops/catalogue/top-ups/3', { amount: '800' });
    expect(changed.json().data).toMatchObject({ id: 3, amount: '800.00' });

    const unchanged = await asOperator('PUT', '/api/ops/catalogue/top-ups/3', {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().data).toMatchObject({ id: 3, amount: '800.00' });
  });

  it('answers 409 for a top-up amount already listed, and 404 for what does not exist', async () => {
    const taken = await asOperator('PUT', '/api/ops/catalogue/top-ups/2', { amount: '100' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('已有相同金额的充值套餐');
    for (const url of [
      '/api/ops/catalogue/platforms/999999',
      '/api/ops/catalogue/value-added/999999',
      '/api/ops/catalogue/top-ups/999999',
    ]) {
      const res = await asOperator('PUT', url, { enabled: true });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('prices the catalogue refuses', () => {
  const cases: [string, string, object, string][] = [
    ['a zero price', '/api/ops/catalogue/platforms/1', { shop_month_price: '0' }, '单店月价'],
    ['three decimals', '/api/ops/catalogue/platforms/1', { shop_month_price: '1.005' }, '单店月价'],
    ['a number, not a string', '/api/ops/catalogue/value-added/1', { price: 12.5 }, '售价'],
    ['a list price below the price', '/api/ops/catalogue/value-added/1', { price: '50', retail_price: '40' }, '原价'],
    ['a negative top-up', '/api/ops/catalogue/top-ups/1', { amount: '-5' }, '充值金额'],
    ['a non-boolean switch', '/api/ops/catalogue/top-ups/1', { enabled: 'yes' }, '上架状态'],
    ['an id that is not a number', '/api/ops/catalogue/platforms/abc', { enabled: true }, 'ppi_id'],
  ];
  it.each(cases)('answers 400 naming the field for %s', async (_name, url, payload, label) => {
    const res = await asOperator('PUT', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(label.includes('_') ? '套餐平台' : label);
  });

  it('leaves the catalogue as it was', async () => {
    const { platforms } = (await asOperator('GET', '/api/ops/catalogue')).json().data;
    expect(platforms.find((p: { ppi_id: number }) => p.ppi_id === 1).shop_month_price).toBe('30.00');
  });
});
