import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { createEmployee, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectNamesField } from '../../test/messages.ts';
import {
  createCoupon,
  expireNow,
  generateOrder,
  notify,
  payState,
  sandboxAction,
  sandboxNotification,
} from '../../test/order-factories.ts';
import { balanceOf } from '../../platform/ledger/index.ts';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { quotaBalancesOf } from '../quota/service.ts';
import { expireDueOrders } from './service.ts';

let app: TestApp;
let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  other = await createTenant(app);
});
afterAll(async () => app.close());

const order = (code: string) =>
  app.db.selectFrom('orders').selectAll().where('order_code', '=', code).executeTakeFirstOrThrow();
const coupon = (id: number) => app.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shopeePlan = (tenantId: number) =>
  app.db
    .selectFrom('package_platforms')
    .selectAll()
    .where('main_id', '=', tenantId)
    .where('platform', '=', 'Shopee')
    .execute();

describe('buying a plan through the sandbox', () => {
  it('prices on the server, takes the coupon off, and once paid stacks the plan and uses the coupon', async () => {
    const couponId = await createCoupon(app, tenant.tenantId, { use_type: 1, discount_type: 1, discount_value: '20.00' });
    const res = await generateOrder(app, tenant.token, {
      package_id: '2,5,12',
      pay_type: 1,
      coupon_id: couponId,
      params: { platform: 'Shopee' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { qrcode, order_code } = res.json().data;
    // The buyer is shown what the QR code charges: the server's price less the coupon.
    expect(res.json().data).toMatchObject({ original_price: '1020.00', discount: '20.00', amount: '1000.00' });
    expect(qrcode).toMatch(new RegExp(`^http://localhost(:\\d+)?/dev/pay\\?order_code=${order_code}$`));
    const created = await order(order_code);
    expect(created).toMatchObject({ state: 'unpaid', original_fen: 102000, discount_fen: 2000, amount_fen: 100000 });
    expect((await coupon(couponId)).reserved_order_id).toBe(created.id);
    expect((await payState(app, tenant.token, order_code)).json().data).toEqual({ pay_state: false });

    // The cashier page shows the amount; its Pay button goes through the notification handler.
    const page = await app.inject({ method: 'GET', url: `/dev/pay?order_code=${order_code}&lang=kr` });
    expect(page.body).toContain('¥1000.00');
    expect(page.body).toContain('<html lang="ko">');
    // What is bought, in the page's language whatever the order was placed in.
    expect(page.body).toContain('Shopee 요금제: 상점 5개, 12개월');
    const paid = await sandboxAction(app, order_code, 'pay');
    expect(paid.json()).toMatchObject({ code: 200, data: { state: 'paid' } });

    expect((await payState(app, tenant.token, order_code)).json().data).toEqual({ pay_state: true });
    const [plan] = await shopeePlan(tenant.tenantId);
    expect(plan).toMatchObject({ shop_number: 5, surplus_shop_number: 5 });
    const months = (plan!.expire_at.getTime() - Date.now()) / 86_400_000;
    expect(months).toBeGreaterThan(360);
    expect(await coupon(couponId)).toMatchObject({ used_order_id: created.id, reserved_order_id: null });
    expect((await coupon(couponId)).used_at).not.toBeNull();

    // A second plan for the platform stacks: shops add up and the time left is pooled with the one
    // shop's month over the six (a month is shorter than what the five had left, so the end comes
    // earlier), never a month more for all six.
    const again = (await generateOrder(app, tenant.token, { package_id: '2,1,1', pay_type: 1 })).json().data;
    const paidAt = Date.now();
    await sandboxAction(app, again.order_code, 'pay');
    const [stacked] = await shopeePlan(tenant.tenantId);
    expect(stacked!.shop_number).toBe(6);
    const pooledDays = (5 * (plan!.expire_at.getTime() - paidAt) + 30 * 86_400_000) / 6 / 86_400_000;
    expect(Math.abs((stacked!.expire_at.getTime() - paidAt) / 86_400_000 - pooledDays)).toBeLessThan(0.5);
  });

  it('cancels at the cashier: the coupon is free again and the order cannot be paid by the button', async () => {
    const { order_code } = (await generateOrder(app, tenant.token, { package_id: '1,1,1', pay_type: 1 })).json().data;
    expect((await sandboxAction(app, order_code, 'cancel')).json().data.state).toBe('cancelled');
    expect((await order(order_code)).state).toBe('cancelled');
    expect((await sandboxAction(app, order_code, 'cancel')).statusCode).toBe(409);
  });
});

describe('delivering value-added packages and top-ups', () => {
  it('adds the quota of a paid value-added package, once', async () => {
    const buyer = await createTenant(app);
    const { order_code } = (await generateOrder(app, buyer.token, { pay_type: 2, package_id: 3 })).json().data;
    expect((await order(order_code)).amount_fen).toBe(9900);
    await sandboxAction(app, order_code, 'pay');
    await notify(app, sandboxNotification(order_code, '99.00', { tradeNo: `SANDBOX${order_code}` }));
    const balances = await quotaBalancesOf(app.db, buyer.tenantId);
    expect(balances.filter((b) => b.left !== 0)).toEqual([{ type: 2, left: 1000 }]);
  });

  it("credits a paid top-up to the tenant's third-party balance from the provider's clearing account", async () => {
    const buyer = await createTenant(app);
    const { order_code } = (await generateOrder(app, buyer.token, { pay_type: 3, amount: '50.00' })).json().data;
    const clearingBefore = (await balanceOf(app.db, { operator: 'clearing', provider: 'sandbox' })).balance;
    await sandboxAction(app, order_code, 'pay');
    expect((await balanceOf(app.db, { tenantId: buyer.tenantId, kind: 'third_party' })).balance).toBe(5000);
    expect((await balanceOf(app.db, { operator: 'clearing', provider: 'sandbox' })).balance).toBe(
      clearingBefore - 5000,
    );
  });
});

describe('what generateOrder refuses', () => {
  it('names the field: custom top-ups from 50.00 with two decimals, shop counts from 1, listed choices', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pay_type: 3, amount: '49.99' }, 'amount'],
      [{ pay_type: 3, amount: '50.001' }, 'amount'],
      [{ pay_type: 3, amount: '-60' }, 'amount'],
      [{ pay_type: 3, amount: 'abc' }, 'amount'],
      [{ pay_type: 3, amount: '60.00', package_id: 1 }, 'package_id'],
      [{ pay_type: 3 }, 'package_id'],
      [{ pay_type: 3, package_id: 99 }, 'package_id'],
      [{ pay_type: 1, package_id: '2,0,12' }, 'shop_number'],
      [{ pay_type: 1, package_id: '2,5' }, 'package_id'],
      [{ pay_type: 1, package_id: '999,5,12' }, 'ppi_id'],
      [{ pay_type: 1, package_id: '2,5,7' }, 'cycle'],
      [{ pay_type: 1, package_id: '2,5,12', params: { platform: 'Lazada' } }, 'platform'],
      [{ pay_type: 1, package_id: '2,5,12', amount: '60' }, 'amount'],
      [{ pay_type: 2, package_id: 7 }, 'package_id'], // another system's package under pay_type 2
      [{ pay_type: 4, package_id: 7 }, 'package_id'], // the default company's only
      [{ pay_type: 9, package_id: 1 }, 'pay_type'],
    ];
    for (const [payload, field] of cases) {
      const res = await generateOrder(app, tenant.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });

  it('takes a custom top-up of exactly 50 (as 50, 50.0 or 50.00) at that price', async () => {
    for (const amount of ['50', '50.0', '50.00', 50]) {
      const res = await generateOrder(app, tenant.token, { pay_type: 3, amount });
      expect(res.statusCode, String(amount)).toBe(200);
      expect(await order(res.json().data.order_code)).toMatchObject({ amount_fen: 5000, package_pay_type: 0 });
      expect(res.json().data).toMatchObject({ original_price: '50.00', discount: '0.00', amount: '50.00' });
    }
  });

  it('needs the buy button: an employee without it gets 403, anonymous 401', async () => {
    const employee = await createEmployee(app, tenant.tenantId, { grants: [PERMISSIONS.serviceUpgrade.page] });
    expect((await generateOrder(app, employee.token, { pay_type: 3, amount: '50' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v2/order/generateOrder', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('coupons on orders', () => {
  it("refuses another tenant's, a used, an expired, a wrong-use and a below-minimum coupon", async () => {
    const foreign = await createCoupon(app, other.tenantId);
    expect(
      (await generateOrder(app, tenant.token, { package_id: '2,1,1', pay_type: 1, coupon_id: foreign })).statusCode,
    ).toBe(404);
    for (const overrides of [
      { used: true },
      { expiresInSeconds: -10 },
      { use_type: 3 },
      { discount_type: 2, min_basket_price: '500.00' },
    ]) {
      const id = await createCoupon(app, tenant.tenantId, overrides);
      const res = await generateOrder(app, tenant.token, { package_id: '2,1,1', pay_type: 1, coupon_id: id });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expectNamesField(res.json().msg, 'coupon_id');
    }
  });

  it('refuses a coupon of the other system: a selection coupon on an ERP plan, an ERP coupon on a selection plan', async () => {
    const selection = await createCoupon(app, tenant.tenantId, { system_type: 2 });
    const onErp = await generateOrder(app, tenant.token, { package_id: '2,1,1', pay_type: 1, coupon_id: selection });
    expect(onErp.statusCode, onErp.body).toBe(400);
    expectNamesField(onErp.json().msg, 'coupon_id');
    expect((await coupon(selection)).reserved_order_id).toBeNull();
    const { ppi_id } = await app.db
      .insertInto('catalogue_platforms')
      .values({ system: 2, platform: 'Selection test', shop_month_price_fen: 1000 })
      .returning('ppi_id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('catalogue_plan_items')
      .values([
        { ppi_id, attribute_code: 'shop_number', item_value: 1 },
        { ppi_id, attribute_code: 'cycle', item_value: 1 },
      ])
      .execute();
    const erp = await createCoupon(app, tenant.tenantId, { system_type: 1 });
    const onSelection = await generateOrder(app, tenant.token, {
      package_id: `${ppi_id},1,1`,
      pay_type: 1,
      coupon_id: erp,
    });
    expect(onSelection.statusCode, onSelection.body).toBe(400);
    expectNamesField(onSelection.json().msg, 'coupon_id');
    const fits = await generateOrder(app, tenant.token, {
      package_id: `${ppi_id},1,1`,
      pay_type: 1,
      coupon_id: selection,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    await sandboxAction(app, fits.json().data.order_code, 'cancel');
    await app.db.updateTable('catalogue_platforms').set({ enabled: false }).where('ppi_id', '=', ppi_id).execute();
  });

  it('applies each discount type on the server: fixed, threshold, rate in tenths', async () => {
    // Shopee 10 shops 1 month: 200.00
    const fixed = await createCoupon(app, tenant.tenantId, { discount_type: 1, discount_value: '30.00' });
    const threshold = await createCoupon(app, tenant.tenantId, {
      discount_type: 2,
      discount_value: '50.00',
      min_basket_price: '200.00',
    });
    const rate = await createCoupon(app, tenant.tenantId, { discount_type: 3, discount_value: '8.50' });
    const amounts = [];
    for (const id of [fixed, threshold, rate]) {
      const res = await generateOrder(app, tenant.token, { package_id: '2,10,1', pay_type: 1, coupon_id: id });
      amounts.push((await order(res.json().data.order_code)).amount_fen);
    }
    expect(amounts).toEqual([17000, 15000, 17000]);
  });

  it('holds a coupon for its unpaid order: a second order gets 409 until the first is cancelled or expires', async () => {
    const id = await createCoupon(app, tenant.tenantId, { use_type: 3, discount_value: '5.00' });
    const first = (await generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: id })).json().data;
    const second = await generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: id });
    expect(second.statusCode).toBe(409);
    await sandboxAction(app, first.order_code, 'cancel');
    const third = await generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: id });
    expect(third.statusCode).toBe(200);
    await expireNow(app, third.json().data.order_code);
    expect((await generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: id })).statusCode).toBe(
      409,
    );
    await expireDueOrders(app.orders);
    expect((await order(third.json().data.order_code)).state).toBe('expired');
    expect((await coupon(id)).reserved_order_id).toBeNull();
    expect((await generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: id })).statusCode).toBe(
      200,
    );
  });

  it('switching package closes the previous order: its coupon goes to the new one and its code takes no money', async () => {
    const id = await createCoupon(app, tenant.tenantId, { use_type: 1, discount_value: '10.00' });
    const first = (await generateOrder(app, tenant.token, { package_id: '2,1,1', pay_type: 1, coupon_id: id })).json()
      .data;
    // The buyer switches to 5 shops: the checkout names the code it replaces.
    const second = await generateOrder(app, tenant.token, {
      package_id: '2,5,1',
      pay_type: 1,
      coupon_id: id,
      replaces_order_code: first.order_code,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ original_price: '100.00', discount: '10.00', amount: '90.00' });
    expect((await order(first.order_code)).state).toBe('cancelled');
    const created = await order(second.json().data.order_code);
    expect((await coupon(id)).reserved_order_id).toBe(created.id);
    // The old code can no longer be paid at the cashier, and its page offers no Pay button.
    expect((await sandboxAction(app, first.order_code, 'pay')).statusCode).toBe(409);
    const page = await app.inject({ method: 'GET', url: `/dev/pay?order_code=${first.order_code}` });
    expect(page.body).toMatch(/id="pay" disabled/);
    expect((await order(first.order_code)).state).toBe('cancelled');
    expect((await sandboxAction(app, second.json().data.order_code, 'pay')).statusCode).toBe(200);
    expect(await coupon(id)).toMatchObject({ used_order_id: created.id });
  });

  it("refuses to replace another tenant's order, and a paid one (so nothing is bought twice)", async () => {
    const mine = (await generateOrder(app, tenant.token, { package_id: '2,1,1', pay_type: 1 })).json().data;
    const theirs = await generateOrder(app, other.token, {
      package_id: '2,1,1',
      pay_type: 1,
      replaces_order_code: mine.order_code,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await order(mine.order_code)).state).toBe('unpaid');
    await sandboxAction(app, mine.order_code, 'pay');
    const again = await generateOrder(app, tenant.token, {
      package_id: '2,1,1',
      pay_type: 1,
      replaces_order_code: mine.order_code,
    });
    expect(again.statusCode).toBe(409);
  });

  it("checks a value-added coupon's service: a text-translation coupon takes nothing off picture translation", async () => {
    // Package 3 adds picture translation (quota 2), package 1 text translation (quota 4).
    const text = await createCoupon(app, tenant.tenantId, { use_type: 2, use_type_value: 1, discount_value: '5.00' });
    const wrong = await generateOrder(app, tenant.token, { package_id: '3', pay_type: 2, coupon_id: text });
    expect(wrong.statusCode).toBe(400);
    expectNamesField(wrong.json().msg, 'coupon_id');
    expect((await coupon(text)).reserved_order_id).toBeNull();
    const right = await generateOrder(app, tenant.token, { package_id: '1', pay_type: 2, coupon_id: text });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({ discount: '5.00' });
    const picture = await createCoupon(app, tenant.tenantId, { use_type: 2, use_type_value: 4, discount_value: '5.00' });
    const fits = await generateOrder(app, tenant.token, { package_id: '3', pay_type: 2, coupon_id: picture });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it("takes coupon_id '' as no coupon, not as a value too small", async () => {
    const res = await generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ discount: '0.00', amount: '100.00' });
  });

  it('lets exactly one of ten orders racing for one coupon have it', async () => {
    const id = await createCoupon(app, tenant.tenantId, { use_type: 3, discount_value: '5.00' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => generateOrder(app, tenant.token, { pay_type: 3, amount: '100', coupon_id: id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
  });
});

describe('payment notifications', () => {
  const newPlanOrder = async () => {
    const { order_code } = (await generateOrder(app, other.token, { package_id: '3,1,1', pay_type: 1 })).json().data;
    return order_code as string;
  };
  const lazadaShops = async () =>
    (
      await app.db
        .selectFrom('package_platforms')
        .select('shop_number')
        .where('main_id', '=', other.tenantId)
        .where('platform', '=', 'Lazada')
        .executeTakeFirst()
    )?.shop_number ?? 0;

  it('fulfils once when the same notification is replayed 50 times at once', async () => {
    const code = await newPlanOrder();
    const before = await lazadaShops();
    const fields = sandboxNotification(code, '20.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(app, fields)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await lazadaShops()).toBe(before + 1);
    const created = await order(code);
    expect(created.state).toBe('paid');
    const history = await app.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', created.id)
      .execute();
    expect(history.map((h) => h.to_state)).toEqual(['unpaid', 'paid']);
    const recorded = await app.db
      .selectFrom('payment_notifications')
      .selectAll()
      .where('order_code', '=', code)
      .execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ verified: true, outcome: 'fulfilled', idempotency_key: `sandbox:T${code}` });
  });

  it('credits nothing for a forged signature, a wrong amount or a wrong app id, and logs each', async () => {
    const code = await newPlanOrder();
    const before = await lazadaShops();
    const forged = sandboxNotification(code, '20.00', { forge: { total_amount: '0.01' } });
    const wrongAmount = sandboxNotification(code, '0.01');
    const wrongApp = sandboxNotification(code, '20.00', { appId: 'someone-else' });
    const badSign = sandboxNotification(code, '20.00', { forge: { sign: 'f'.repeat(64) } });
    for (const fields of [forged, wrongAmount, wrongApp, badSign]) {
      const res = await notify(app, fields);
      expect(res.body).toBe('fail');
    }
    expect(await lazadaShops()).toBe(before);
    expect((await order(code)).state).toBe('unpaid');
    expect((await payState(app, other.token, code)).json().data.pay_state).toBe(false);
    const logged = await app.db
      .selectFrom('payment_notifications')
      .select(['verified', 'outcome', 'reason'])
      .where('order_code', '=', code)
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { verified: false, outcome: 'rejected', reason: 'bad signature' },
      { verified: true, outcome: 'rejected', reason: "amount 0.01 is not the order's 20.00" },
      { verified: false, outcome: 'rejected', reason: 'wrong app_id' },
      { verified: false, outcome: 'rejected', reason: 'bad signature' },
    ]);
  });

  it('honours a payment that arrives after the order expired, and records it as late', async () => {
    const code = await newPlanOrder();
    const before = await lazadaShops();
    await expireNow(app, code);
    await expireDueOrders(app.orders);
    expect((await order(code)).state).toBe('expired');
    expect((await payState(app, other.token, code)).json().data.pay_state).toBe(false);
    expect((await notify(app, sandboxNotification(code, '20.00'))).body).toBe('success');
    expect((await order(code)).state).toBe('paid');
    expect(await lazadaShops()).toBe(before + 1);
    expect((await payState(app, other.token, code)).json().data.pay_state).toBe(true);
    const [recorded] = await app.db
      .selectFrom('payment_notifications')
      .selectAll()
      .where('order_code', '=', code)
      .execute();
    expect(recorded!.outcome).toBe('late_fulfilled');
  });

  it('acknowledges a verified notification of a trade not yet paid without paying', async () => {
    const code = await newPlanOrder();
    expect((await notify(app, sandboxNotification(code, '20.00', { status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect((await order(code)).state).toBe('unpaid');
  });

  it('has no notification URL for a provider that is not configured', async () => {
    expect((await notify(app, {}, 'alipay')).statusCode).toBe(404);
  });
});

describe('POST /api/v1/order/checkOrderState', () => {
  it("answers from memory once known, and is a 404 for another tenant's order or an unknown code", async () => {
    const { order_code } = (await generateOrder(app, tenant.token, { pay_type: 3, amount: '50' })).json().data;
    await payState(app, tenant.token, order_code);
    const hits = app.orders.cache.hits;
    for (let i = 0; i < 20; i++)
      expect((await payState(app, tenant.token, order_code)).json().data.pay_state).toBe(false);
    expect(app.orders.cache.hits - hits).toBe(20);
    expect((await payState(app, other.token, order_code)).statusCode).toBe(404);
    expect((await payState(app, tenant.token, 'SC20260101NOPE')).statusCode).toBe(404);
    const bad = await payState(app, tenant.token, 'bad code!');
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'order_code');
  });
});

describe('the ledger after all of the above', () => {
  it('credits a top-up once however often its notification comes again, and every balance still adds up', async () => {
    const buyer = await createTenant(app);
    const { order_code } = (await generateOrder(app, buyer.token, { pay_type: 3, amount: '80.00' })).json().data;
    await sandboxAction(app, order_code, 'pay');
    const third = () => balanceOf(app.db, { tenantId: buyer.tenantId, kind: 'third_party' });
    expect((await third()).balance).toBe(8000);
    for (let i = 0; i < 5; i++) {
      const again = await notify(app, sandboxNotification(order_code, '80.00'));
      expect(again.body).toBe('success');
    }
    expect((await third()).balance).toBe(8000);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
