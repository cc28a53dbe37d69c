import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';
import { createCoupon, generateOrder } from '../../test/order-factories.ts';

let app: TestApp;
let tenant: TestTenant;
let defaultCompany: TestTenant;
beforeAll(async () => {
  app = await buildTestApp({ DEFAULT_COMPANY_NAME: 'Default Co' });
  tenant = await createTenant(app);
  defaultCompany = await createTenant(app);
  await app.db
    .updateTable('users')
    .set({ company_name: 'Default Co' })
    .where('id', '=', defaultCompany.tenantId)
    .execute();
});
afterAll(async () => app.close());

const get = (url: string, token = tenant.token, lang = 'zh') =>
  app.inject({ method: 'GET', url, headers: authHeaders(token, { 'accept-language': lang }) });

describe('GET /api/v3/package/payment', () => {
  it('lists the seeded plan platforms with shop-count and cycle choices', async () => {
    const res = await get('/api/v3/package/payment');
    expect(res.statusCode).toBe(200);
    const platforms = res.json().data;
    expect(platforms.map((p: { platform: string }) => p.platform)).toEqual([
      'Coupang',
      'Shopee',
      'Lazada',
      'TikTok Shop',
    ]);
    expect(platforms[1]).toMatchObject({ ppi_id: 2, platform_image_url: '/api/v3/system/platform-logos/shopee.svg' });
    const [shops, cycle] = platforms[1].attribute_list;
    expect(shops).toMatchObject({ attribute_code: 'shop_number', attribute_name: '店铺数量', custom_status: 1 });
    expect(shops.attribute_item.map((i: { item_value: number }) => i.item_value)).toEqual([1, 5, 10, 20]);
    expect(cycle.attribute_item[3]).toEqual({ item_name: '12 个月', item_value: 12 });
    expect(
      (await get('/api/v3/package/payment', tenant.token, 'th')).json().data[0].attribute_list[1].attribute_name,
    ).toBe('ระยะเวลา');
  });
});

describe('GET /api/v3/package/payment/price', () => {
  it('prices a choice on the server: shops x months x shop-month price, less the cycle discount', async () => {
    const res = await get('/api/v3/package/payment/price?ppi_id=2&shop_number=5&cycle=12');
    expect(res.json()).toMatchObject({
      code: 200,
      data: { title: 'Shopee 套餐：5 个店铺，12 个月', original_price: '1200.00', selling_price: '1020.00' },
    });
    // a custom shop count is priced the same way
    expect((await get('/api/v3/package/payment/price?ppi_id=1&shop_number=7&cycle=1')).json().data).toMatchObject({
      original_price: '210.00',
      selling_price: '210.00',
    });
  });

  it('names the field that does not fit the catalogue', async () => {
    for (const [query, field] of [
      ['ppi_id=999&shop_number=1&cycle=1', 'ppi_id'],
      ['ppi_id=2&shop_number=0&cycle=1', 'shop_number'],
      ['ppi_id=2&shop_number=1&cycle=2', 'cycle'],
      ['ppi_id=2&shop_number=x&cycle=1', 'shop_number'],
    ] as const) {
      const res = await get(`/api/v3/package/payment/price?${query}`);
      expect(res.statusCode, query).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });
});

describe('GET /api/v3/package/payment/price with a coupon', () => {
  const price = (couponId: number | string, token = tenant.token) =>
    get(`/api/v3/package/payment/price?ppi_id=2&shop_number=5&cycle=12&coupon_id=${couponId}`, token);

  it('answers what the order will charge: the selling price less the coupon, as generateOrder decides it', async () => {
    const plain = (await get('/api/v3/package/payment/price?ppi_id=2&shop_number=5&cycle=12')).json().data;
    expect(plain).toMatchObject({ selling_price: '1020.00', discount: '0.00', amount: '1020.00' });
    const fixed = await createCoupon(app, tenant.tenantId, { discount_value: '20.00' });
    expect((await price(fixed)).json().data).toMatchObject({
      selling_price: '1020.00',
      discount: '20.00',
      amount: '1000.00',
    });
    const rate = await createCoupon(app, tenant.tenantId, { discount_type: 3, discount_value: '8.50' });
    expect((await price(rate)).json().data).toMatchObject({ discount: '153.00', amount: '867.00' });
    // What the checkout showed is what the order charges.
    const order = await generateOrder(app, tenant.token, { pay_type: 1, package_id: '2,5,12', coupon_id: fixed });
    expect(order.json().data).toMatchObject({ discount: '20.00', amount: '1000.00' });
  });

  it('refuses a coupon the order would refuse, naming coupon_id', async () => {
    const other = await createTenant(app);
    expect((await price(await createCoupon(app, other.tenantId))).statusCode).toBe(404);
    for (const overrides of [
      { expiresInSeconds: -60 },
      { used: true },
      { use_type: 2 },
      { system_type: 2 },
      { min_basket_price: '2000.00' },
    ]) {
      const res = await price(await createCoupon(app, tenant.tenantId, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expectNamesField(res.json().msg, 'coupon_id');
    }
    const held = await createCoupon(app, tenant.tenantId);
    await generateOrder(app, tenant.token, { pay_type: 1, package_id: '2,5,12', coupon_id: held });
    expect((await price(held)).statusCode).toBe(409);
    const bad = await price('abc');
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'coupon_id');
  });
});

describe('GET /api/v2/package/getPackageLevelList', () => {
  it('groups value-added packages by category and service, prices as yuan strings', async () => {
    const categories = (await get('/api/v2/package/getPackageLevelList')).json().data;
    const translation = categories.find((c: { category: string }) => c.category === 'translation');
    expect(translation.service_type).toBe(2);
    expect(translation.detail.text_translation[0]).toEqual({
      package_pay_id: 1,
      package_name: '100,000',
      package_type: 2,
      price: '50.00',
      retail_price: '60.00',
      // Text translation: what a coupon for text translation (use_type_value 1) fits.
      coupon_service: 1,
    });
    expect(translation.detail.picture_translation[0].coupon_service).toBe(4);
    expect(categories.some((c: { annual_plan_only: boolean }) => c.annual_plan_only)).toBe(false);
  });

  it('shows the monitoring categories to the default company only', async () => {
    const categories = (await get('/api/v2/package/getPackageLevelList', defaultCompany.token)).json().data;
    const monitoring = categories.find((c: { category: string }) => c.category === 'monitoring');
    expect(monitoring).toMatchObject({ service_type: 4, annual_plan_only: true });
    expect(Object.keys(monitoring.detail)).toEqual(['product_monitoring', 'keyword_monitoring', 'follow_sell_monitoring']);
  });
});

describe('GET /api/v1/package/getWarehousePayAmount', () => {
  it('lists the top-up amounts', async () => {
    expect((await get('/api/v1/package/getWarehousePayAmount')).json().data).toEqual([
      { id: 1, amount: '100.00' },
      { id: 2, amount: '500.00' },
      { id: 3, amount: '1000.00' },
      { id: 4, amount: '5000.00' },
    ]);
  });
});

describe('GET /api/v2/user/system/menu', () => {
  it("lists the tenant's plans with their end and days remaining", async () => {
    const day = 86_400_000;
    const now = Date.now();
    await app.db
      .insertInto('package_platforms')
      .values([
        {
          main_id: tenant.tenantId,
          platform: 'Past',
          shop_number: 1,
          surplus_shop_number: 1,
          expire_at: new Date(now - day),
        },
        {
          main_id: tenant.tenantId,
          platform: 'Today',
          shop_number: 1,
          surplus_shop_number: 1,
          expire_at: new Date(now + 60_000),
        },
        {
          main_id: tenant.tenantId,
          platform: 'Later',
          shop_number: 2,
          surplus_shop_number: 2,
          expire_at: new Date(now + 2.5 * day),
        },
      ])
      .execute();
    const list = (await get('/api/v2/user/system/menu')).json().data.package_list;
    expect(list.map((p: { platform: string; days_remaining: number }) => [p.platform, p.days_remaining])).toEqual([
      ['Past', 0],
      ['Today', 1],
      ['Later', 3],
    ]);
    expect(list[2]).toMatchObject({ system: 1, shop_number: 2, package_end_time: expect.stringMatching(/Z$/) });
    expect((await get('/api/v2/user/system/menu', defaultCompany.token)).json().data).toEqual({ package_list: [] });
  });
});
