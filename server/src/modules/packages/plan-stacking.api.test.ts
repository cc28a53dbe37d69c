import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { generateOrder, sandboxAction } from '../../test/order-factories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const DAY = 86_400_000;
/** The seeded catalogue's plan platforms used here: 1 Coupang, 2 Shopee, 3 Lazada. */
type PpiId = 1 | 2 | 3;

/** A running (or lapsed) plan the tenant already holds: `shops` shops ending `days` from now. */
async function holdPlan(tenantId: number, platform: string, shops: number, days: number) {
  await app.db
    .insertInto('package_platforms')
    .values({
      main_id: tenantId,
      system: 1,
      platform,
      platform_image_url: '',
      shop_number: shops,
      surplus_shop_number: shops,
      expire_at: sql<Date>`now() + make_interval(days => ${days})`,
    })
    .execute();
}

const planOf = (tenantId: number, platform: string) =>
  app.db
    .selectFrom('package_platforms')
    .select(['shop_number', 'surplus_shop_number', 'expire_at'])
    .where('main_id', '=', tenantId)
    .where('platform', '=', platform)
    .executeTakeFirstOrThrow();

/**
 * `t` plus `months` calendar months as the database adds them: a day past the end of the target
 * month is its last day (29 November plus three months is 28 February, where Date would roll
 * over to 1 March).
 */
const addMonths = (t: number, months: number) => {
  const d = new Date(t);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
};

/** Price, order and pay one plan choice; answers the price call's answer and the paid order. */
async function buy(tenant: TestTenant, ppiId: PpiId, shops: number, months: number) {
  const price = await app.inject({
    method: 'GET',
    url: `/api/v3/package/payment/price?ppi_id=${ppiId}&shop_number=${shops}&cycle=${months}`,
    headers: authHeaders(tenant.token),
  });
  expect(price.statusCode, price.body).toBe(200);
  const ordered = await generateOrder(app, tenant.token, { package_id: `${ppiId},${shops},${months}`, pay_type: 1 });
  expect(ordered.statusCode, ordered.body).toBe(200);
  const paidAt = Date.now();
  expect((await sandboxAction(app, ordered.json().data.order_code, 'pay')).json().data.state).toBe('paid');
  return { price: price.json().data, order: ordered.json().data, paidAt };
}

describe('a plan bought for a platform the tenant already holds', () => {
  it.each([
    { held: 20, days: 60, shops: 1, months: 1 },
    { held: 20, days: 10, shops: 5, months: 3 },
    { held: 3, days: 200, shops: 10, months: 12 },
  ])('delivers exactly $shops x $months shop-months onto $held shops, as the price call said', async (c) => {
    const tenant = await createTenant(app);
    await holdPlan(tenant.tenantId, 'Shopee', c.held, c.days);
    const before = await planOf(tenant.tenantId, 'Shopee');
    const { price, order, paidAt } = await buy(tenant, 2, c.shops, c.months);

    // The price shown before paying is what the order charges, and it forecast the plan delivered.
    expect(order.amount).toBe(price.amount);
    expect(price.shop_number_after).toBe(c.held + c.shops);
    const after = await planOf(tenant.tenantId, 'Shopee');
    expect(after.shop_number).toBe(c.held + c.shops);
    expect(after.surplus_shop_number).toBe(c.held + c.shops);
    expect(Math.abs(Date.parse(price.expire_at_after) - after.expire_at.getTime())).toBeLessThan(60_000);

    // Shop-time left after, less shop-time left before, is what was bought (to the hour's rounding).
    const delivered =
      after.shop_number * (after.expire_at.getTime() - paidAt) - c.held * (before.expire_at.getTime() - paidAt);
    const bought = c.shops * (addMonths(paidAt, c.months) - paidAt);
    expect(Math.abs(delivered - bought) / DAY).toBeLessThan(c.shops / 24);
  });

  it('starts a lapsed plan again with the bought shops alone', async () => {
    const tenant = await createTenant(app);
    await holdPlan(tenant.tenantId, 'Lazada', 20, -5);
    const { price, paidAt } = await buy(tenant, 3, 2, 1);
    const after = await planOf(tenant.tenantId, 'Lazada');
    expect(price.shop_number_after).toBe(2);
    expect(after.shop_number).toBe(2);
    expect(Math.abs(after.expire_at.getTime() - addMonths(paidAt, 1))).toBeLessThan(DAY / 24);
  });

  it('shows the same end in the personal centre and the system menu', async () => {
    const tenant = await createTenant(app);
    await holdPlan(tenant.tenantId, 'Coupang', 20, 30);
    await buy(tenant, 1, 1, 1);
    const after = await planOf(tenant.tenantId, 'Coupang');
    const headers = authHeaders(tenant.token);
    const centre = (await app.inject({ method: 'GET', url: '/api/v3/user/package?system=1', headers })).json().data;
    const menu = (await app.inject({ method: 'GET', url: '/api/v2/user/system/menu', headers })).json().data;
    expect(centre.package_platform).toEqual([
      expect.objectContaining({ shop_number: 21, expire_at: after.expire_at.toISOString() }),
    ]);
    expect(menu.package_list).toEqual([
      expect.objectContaining({
        platform: 'Coupang',
        shop_number: 21,
        package_end_time: after.expire_at.toISOString(),
      }),
    ]);
  });
});
