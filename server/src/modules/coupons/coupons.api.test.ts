import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, createSubAccount, queryRows } from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

type CouponSeed = {
  title: string;
  useType?: number;
  useTypeValue?: number | null;
  discountType?: number;
  value?: string;
  minBasket?: string;
  expiresInDays: number;
  usedDaysAgo?: number | null;
  systemType?: number;
};

async function addCoupon(tenantId: number, c: CouponSeed) {
  await queryRows(
    app,
    sql`INSERT INTO coupons (main_id, title, use_type, use_type_value, discount_type, discount_value, min_basket_price,
                          expiration_time, used_at, system_type)
     VALUES (${tenantId}, ${c.title}, ${c.useType ?? 1}, ${c.useTypeValue ?? null}, ${c.discountType ?? 1}, ${c.value ?? '10.00'}, ${c.minBasket ?? '0'}, now() + make_interval(days => ${c.expiresInDays}),
             CASE WHEN ${c.usedDaysAgo ?? null}::int IS NULL THEN NULL ELSE now() - make_interval(days => ${c.usedDaysAgo ?? null}::int) END, ${c.systemType ?? 1})`,
  );
}

const list = (token: string | undefined, query = '') =>
  app.inject({ method: 'GET', url: `/api/v1/user/coupon${query}`, headers: token ? authHeaders(token) : {} });
const titles = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((c) => c.title);

describe('GET /api/v1/user/coupon', () => {
  it('answers the tab asked for: not used (0, the default), used (1), expired (2)', async () => {
    const { user, token } = await createMainAccount(app);
    await addCoupon(user.id, { title: 'later', expiresInDays: 30 });
    await addCoupon(user.id, { title: 'sooner', expiresInDays: 3 });
    await addCoupon(user.id, { title: 'used', expiresInDays: 30, usedDaysAgo: 1 });
    await addCoupon(user.id, { title: 'used then expired', expiresInDays: -3, usedDaysAgo: 5 });
    await addCoupon(user.id, { title: 'expired', expiresInDays: -1 });
    await addCoupon(user.id, { title: 'expired long ago', expiresInDays: -40 });

    expect(titles(await list(token))).toEqual(['sooner', 'later']);
    expect(titles(await list(token, '?status=0'))).toEqual(['sooner', 'later']);
    expect(titles(await list(token, '?status=1'))).toEqual(['used', 'used then expired']);
    expect(titles(await list(token, '?status=2'))).toEqual(['expired', 'expired long ago']);
  });

  it('answers every coupon field, money as decimal strings', async () => {
    const { user, token } = await createMainAccount(app);
    await addCoupon(user.id, {
      title: 'threshold',
      useType: 2,
      useTypeValue: 4,
      discountType: 2,
      value: '300',
      minBasket: '2000.5',
      expiresInDays: 10,
    });
    const [coupon] = (await list(token)).json().data;
    expect(coupon).toEqual({
      id: expect.any(Number),
      title: 'threshold',
      use_type: 2,
      use_type_value: 4,
      discount_type: 2,
      discount_value: '300.00',
      min_basket_price: '2000.50',
      expiration_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      system_type: 1,
    });
  });

  it('filters by use type', async () => {
    const { user, token } = await createMainAccount(app);
    await addCoupon(user.id, { title: 'package', useType: 1, expiresInDays: 5 });
    await addCoupon(user.id, { title: 'software', useType: 2, useTypeValue: 1, expiresInDays: 5 });
    await addCoupon(user.id, { title: 'warehouse', useType: 3, expiresInDays: 5 });
    expect(titles(await list(token, '?status=0&use_type=2'))).toEqual(['software']);
    expect(titles(await list(token, '?use_type=3'))).toEqual(['warehouse']);
  });

  it('filters by system, so an order is offered only the coupons of the system it buys from', async () => {
    const { user, token } = await createMainAccount(app);
    await addCoupon(user.id, { title: 'erp', expiresInDays: 5, systemType: 1 });
    await addCoupon(user.id, { title: 'selection', expiresInDays: 5, systemType: 2 });
    expect(titles(await list(token, '?status=0&use_type=1&system_type=1'))).toEqual(['erp']);
    expect(titles(await list(token, '?status=0&use_type=1&system_type=2'))).toEqual(['selection']);
    expect(titles(await list(token, '?status=0&use_type=1')).sort()).toEqual(['erp', 'selection']);
  });

  it("shows the tenant's coupons to its employees and nobody else's", async () => {
    const { user: main, token } = await createMainAccount(app);
    const { token: subToken } = await createSubAccount(app, main);
    const { token: otherToken } = await createMainAccount(app);
    await addCoupon(main.id, { title: 'ours', expiresInDays: 5 });
    expect(titles(await list(token))).toEqual(['ours']);
    expect(titles(await list(subToken))).toEqual(['ours']);
    expect(titles(await list(otherToken))).toEqual([]);
  });

  it('names a bad status or use type, and needs a signed-in user', async () => {
    const { token } = await createMainAccount(app);
    for (const query of ['?status=3', '?status=abc', '?status=-1', '?use_type=4', '?use_type=x', '?system_type=3']) {
      const res = await list(token, query);
      expect(res.statusCode, query).toBe(400);
      expectNamesField(res.json().msg, query.slice(1).split('=')[0]!);
    }
    expect((await list(undefined)).statusCode).toBe(401);
  });
});
