import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../modules/operators/service.ts';
import { operatorOtp } from '../test/operator-factories.ts';
import { quotaServiceNames } from '../messages/orders.ts';
import { verifyLedger } from '../platform/ledger/verify.ts';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { randomIp, requestSmsCode, uniquePhone } from '../test/factories.ts';
import { notify, sandboxAction, sandboxNotification } from '../test/order-factories.ts';

/**
 * One tenant's first days, from an empty database (no demo: SEED_DEMO is false in the test
 * app), through the real HTTP calls in the order a person makes them: an operator is made and
 * signs in, creates a warehouse provider; a seller registers, is given a coupon, buys a plan with
 * it and a value-added package; the operator opens the seller's warehouse account, the seller
 * tops it up online and is charged a fee; the seller invites a second seller who registers. After
 * each step, what the pages of the personal centre and My bill call answers the truth of it, and
 * the ledger is sound at the end. Nothing here is written to the database behind the app's back.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ INVITE_GIVEN_DAYS: '7' });
});
afterAll(async () => app.close());

type Lang = 'zh' | 'kr' | 'th';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; body?: unknown; lang?: Lang } = {},
): Promise<Json> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: randomIp(),
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      'accept-language': options.lang ?? 'zh',
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  const json = res.json();
  expect(json.code, `${method} ${url}: ${res.body}`).toBe(200);
  return json.data;
}

/** Registers by phone and SMS code (the register page), then signs in by SMS (the login page). */
async function register(inviteCode?: string): Promise<{ userId: number; token: string; phone: string }> {
  const phone = uniquePhone();
  const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
  const registered = await call('POST', '/api/v2/register', {
    body: {
      phone_number: phone,
      area: '86',
      sms_code: code,
      checked: true,
      ...(inviteCode ? { invite_code: inviteCode, invite_code_type: '1' } : {}),
    },
  });
  const loginCode = await requestSmsCode(app, { phoneNumber: phone, type: 'login:' });
  const session = await call('POST', '/api/v2/user/login/sms', {
    body: { phone_number: phone, sms_code: loginCode, area: '86', long_time: 1, system: 1 },
  });
  return { userId: registered.user_id, token: session.authorization, phone };
}

const LANGS: Lang[] = ['zh', 'kr', 'th'];

describe('a new tenant from an empty database', () => {
  let opsToken: string;
  let providerId: number;
  let seller: { userId: number; token: string; phone: string };
  let wwsId: number;
  const wms = (service: string, params: Record<string, unknown> = {}, lang: Lang = 'zh') =>
    call('POST', '/api/v1/common/wmsUnit', { token: seller.token, body: { service, wws_id: wwsId, params }, lang });

  it('starts with nobody and no provider', async () => {
    expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await app.db.selectFrom('wh_providers').select('id').execute()).toEqual([]);
  });

  it('an operator is created (as npm run ops:create-operator does), signs in and creates a provider', async () => {
    const { twoFactor } = await createOperator(app.db, {
      accountName: 'ops.journey',
      displayName: 'Journey',
      password: 'Journey-Passw0rd',
      // The journey creates a provider, a coupon and posts fees: an admin's work.
      role: 'admin',
    });
    opsToken = (
      await call('POST', '/api/ops/sign-in', {
        body: { account_name: 'ops.journey', password: 'Journey-Passw0rd', otp: operatorOtp(twoFactor.secret) },
      })
    ).authorization;
    const provider = await call('POST', '/api/ops/warehouse/providers', {
      token: opsToken,
      body: {
        name: 'Journey Fulfilment',
        adapter: 'local',
        settings: {
          paymentMethods: [{ pm_code: 'bank', pm_title: '银行转账' }],
          account: { company_name: 'Journey Fulfilment Ltd.' },
        },
      },
    });
    providerId = provider.id;
    expect(provider).toMatchObject({ name: 'Journey Fulfilment', adapter: 'local', tenants: 0 });
  });

  it('a seller registers; every bill opens at zero and the cloud bill has no account yet', async () => {
    seller = await register();
    const info = await call('GET', '/api/v1/user/base/info', { token: seller.token });
    expect(info).toMatchObject({ phone_number: seller.phone, user_type: 1 });
    expect(await call('GET', '/api/v1/user/server/list', { token: seller.token })).toEqual([]);
    const thirdParty = await call('POST', '/api/v1/finance/list', {
      token: seller.token,
      body: { page: 1, page_size: 10 },
    });
    expect(thirdParty).toMatchObject({ balance: '0.00', data: [], total: 0 });
    expect(await call('GET', '/api/v1/common/getDistributionBalance', { token: seller.token })).toEqual({
      current_balance: '0.00',
    });
    expect(
      await call('POST', '/api/v1/finance/distributorFinance/list', {
        token: seller.token,
        body: { page: 1, page_size: 10 },
      }),
    ).toMatchObject({ data: [], total: 0 });
    const software = await call('POST', '/api/v1/pay/package/list', {
      token: seller.token,
      body: { page: 1, page_size: 20 },
    });
    expect(software).toEqual({ data: [], total_count: 0 });
    expect(await call('GET', '/api/v3/user/package?system=1', { token: seller.token })).toEqual({
      package_platform: [],
      package_added: [],
    });
  });

  let couponId: number;
  it('the operator gives the seller a coupon, which the seller sees', async () => {
    const coupon = await call('POST', '/api/ops/coupons', {
      token: opsToken,
      body: {
        tenant_id: seller.userId,
        title: 'Welcome 20',
        use_type: 1,
        discount_type: 1,
        discount_value: '20',
        expiration_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    couponId = coupon.id;
    const unused = await call('GET', '/api/v1/user/coupon?status=0', { token: seller.token });
    expect(unused).toEqual([expect.objectContaining({ id: couponId, title: 'Welcome 20', discount_value: '20.00' })]);
  });

  let planOrder: string;
  it('the seller buys a plan with the coupon: the plan, the coupon and the bill all say so', async () => {
    const order = await call('POST', '/api/v2/order/generateOrder', {
      token: seller.token,
      body: { pay_type: 1, package_id: '2,5,1', coupon_id: couponId, params: { platform: 'Shopee' } },
    });
    expect(order).toMatchObject({ original_price: '100.00', discount: '20.00', amount: '80.00' });
    planOrder = order.order_code;
    await sandboxAction(app, planOrder, 'pay');
    expect(
      await call('POST', '/api/v1/order/checkOrderState', {
        token: seller.token,
        body: { order_code: planOrder, pay_type: 1 },
      }),
    ).toEqual({ pay_state: true });
    const pkg = await call('GET', '/api/v3/user/package?system=1', { token: seller.token });
    expect(pkg.package_platform).toEqual([
      expect.objectContaining({ platform: 'Shopee', shop_number: 5, surplus_shop_number: 5 }),
    ]);
    const daysLeft = (Date.parse(pkg.package_platform[0].expire_at) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(27);
    expect(daysLeft).toBeLessThan(32);
    expect(await call('GET', '/api/v1/user/coupon?status=0', { token: seller.token })).toEqual([]);
    const used = await call('GET', '/api/v1/user/coupon?status=1', { token: seller.token });
    expect(used.map((c: Json) => c.id)).toEqual([couponId]);
    const titles: Record<Lang, [string, string]> = {
      zh: ['套餐购买', 'Shopee 套餐：5 个店铺，1 个月'],
      kr: ['요금제 구매', 'Shopee 요금제: 상점 5개, 1개월'],
      th: ['ซื้อแพ็กเกจ', 'แพ็กเกจ Shopee: 5 ร้านค้า 1 เดือน'],
    };
    for (const lang of LANGS) {
      const bill = await call('POST', '/api/v1/pay/package/list', {
        token: seller.token,
        body: { page: 1, page_size: 20 },
        lang,
      });
      expect(bill.total_count).toBe(1);
      expect(bill.data[0]).toMatchObject({
        order_code: planOrder,
        transaction_type_name: titles[lang][0],
        title: titles[lang][1],
        order_price: '80.00',
        margin: '20.00',
        pay_state: 1,
      });
    }
  });

  it('the seller buys a value-added package: quota, deduction bill and personal centre agree', async () => {
    const order = await call('POST', '/api/v2/order/generateOrder', {
      token: seller.token,
      body: { pay_type: 2, package_id: 3 },
    });
    expect(order).toMatchObject({ amount: '99.00' });
    await sandboxAction(app, order.order_code, 'pay');
    await notify(app, sandboxNotification(order.order_code, '99.00', { tradeNo: `SANDBOX${order.order_code}` }));
    const quota = await call('GET', '/api/v1/package/quota', { token: seller.token });
    expect(quota.filter((q: Json) => q.left_num !== 0)).toEqual([{ type: 2, left_num: 1000 }]);
    const bill = await call('POST', '/api/v1/pay/package/list', {
      token: seller.token,
      body: { page: 1, page_size: 20 },
    });
    expect(bill.total_count).toBe(2);
    expect(bill.data.find((r: Json) => r.order_code === order.order_code)).toMatchObject({
      order_price: '99.00',
      margin: '0.00',
      pay_state: 1,
    });
    for (const lang of LANGS) {
      const pkg = await call('GET', '/api/v3/user/package?system=1', { token: seller.token, lang });
      expect(pkg.package_platform).toHaveLength(1);
      // The personal centre reads the quota the purchase added: the same figure as the quota call.
      expect(pkg.package_added.find((row: Json) => row.type === 2)).toEqual({
        type: 2,
        code_name: quotaServiceNames[2][lang],
        total_num: 1000,
        num_used: 0,
      });
    }
  });

  it('the operator opens the seller a warehouse account: the cloud bill shows it at zero', async () => {
    const link = await call('POST', '/api/ops/warehouse/links', {
      token: opsToken,
      body: { tenant_id: seller.userId, provider_id: providerId },
    });
    expect(link).toEqual({ wws_id: expect.any(Number), created: true });
    wwsId = link.wws_id;
    expect(await call('GET', '/api/v1/user/server/list', { token: seller.token })).toEqual([
      { name: 'Journey Fulfilment', wws_id: wwsId },
    ]);
    expect(await wms('getBalance')).toMatchObject({ cb_value: '0.00', cb_frozen: '0.00', cb_credit_line: '0.00' });
    expect(await wms('getAccount')).toMatchObject({ company_name: 'Journey Fulfilment Ltd.' });
    expect(await wms('getCostWaterAndOrder')).toMatchObject({ data: [], total: 0 });
  });

  it('the seller tops the account up online and is charged a fee: balance and fee flow agree', async () => {
    const topUp = await wms('customerRecharge', { amount: '300', rechargeType: 'alipay' });
    await notify(app, sandboxNotification(topUp.orderNumber, '300.00'));
    expect(await wms('getPaymentDetail', { orderCode: topUp.orderNumber })).toEqual({ cpd_status: 2 });
    expect((await wms('getBalance')).cb_value).toBe('300.00');
    const fee = await call('POST', '/api/ops/warehouse/fees', {
      token: opsToken,
      body: {
        wws_id: wwsId,
        key: 'journey-ship-1',
        direction: 2,
        amount: '42.50',
        ft_code: 'SHIPPING',
        order_code: 'SO-J-1',
      },
    });
    expect(fee.applied).toBe(true);
    expect((await wms('getBalance')).cb_value).toBe('257.50');
    const flow = await wms('getCostWaterAndOrder');
    expect(flow.total).toBe(2);
    expect(flow.data).toEqual([
      expect.objectContaining({
        order_code: 'SO-J-1',
        cbl_type: 2,
        ft_code: 'SHIPPING',
        cbl_transaction_value: '-42.50',
        cbl_current_value: '257.50',
      }),
      expect.objectContaining({
        order_code: topUp.orderNumber,
        cbl_type: 3,
        ft_code: 'RECHARGE',
        cbl_transaction_value: '300.00',
        cbl_current_value: '300.00',
      }),
    ]);
    // The warehouse's money is the cloud bill's, not a software purchase.
    const software = await call('POST', '/api/v1/pay/package/list', {
      token: seller.token,
      body: { page: 1, page_size: 20 },
    });
    expect(software.total_count).toBe(2);
    const links = await call('GET', `/api/ops/warehouse/links?tenant_id=${seller.userId}`, { token: opsToken });
    expect(links).toEqual([expect.objectContaining({ wws_id: wwsId, provider_id: providerId, credit_line: '0.00' })]);
  });

  it('the seller invites a second seller, who registers with the code', async () => {
    const { invite_code: inviteCode } = await call('GET', '/api/v2/user/invite/code', { token: seller.token });
    const invitee = await register(inviteCode);
    const log = await call('GET', '/api/v2/user/invite/log', { token: seller.token });
    // The seller holds an ERP plan only: there is no selection plan for the days to move, so none are
    // counted as received (docs/decisions.md, Invitations), and the ERP plan is untouched.
    expect(log).toEqual([{ invitee_uid: invitee.userId, created_at: expect.any(String), inviter_given_days: 0 }]);
    expect(await call('GET', '/api/v2/user/invite/statistics', { token: seller.token })).toEqual({
      invite_number: 1,
      given_days: 0,
    });
    // The invitee is a tenant of its own: its bills open at zero too.
    expect(await call('GET', '/api/v1/user/server/list', { token: invitee.token })).toEqual([]);
  });

  it('ends with a sound ledger', async () => {
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
