import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { startFakeAlipay, type FakeAlipay } from '../../test/fake-alipay.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { expireNow, generateOrder, notify, payState } from '../../test/order-factories.ts';
import { reconcilePayments } from './reconcile.ts';
import { expireDueOrders } from './service.ts';

/**
 * The real Alipay adapter end to end, against a local fake gateway that checks our RSA2 request
 * signatures and signs its answers and notifications: precreate, the notification, the trade
 * query for a late one, close on expiry, and what must credit nothing.
 */
let gateway: FakeAlipay;
let app: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  gateway = await startFakeAlipay(4531);
  app = await buildTestApp({
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: gateway.appId,
    ALIPAY_PRIVATE_KEY: gateway.appPrivateKey,
    ALIPAY_PUBLIC_KEY: gateway.alipayPublicKey,
    ALIPAY_ENDPOINT: gateway.endpoint,
    PUBLIC_URL: 'https://seller.example.com',
  });
  tenant = await createTenant(app);
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

const orderOf = (code: string) =>
  app.db.selectFrom('orders').selectAll().where('order_code', '=', code).executeTakeFirstOrThrow();
const newOrder = async () => {
  const res = await generateOrder(app, tenant.token, { pay_type: 1, package_id: '4,5,1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { qrcode: string; order_code: string };
};

describe('the Alipay adapter against a fake gateway', () => {
  it('precreates a signed trade for the exact amount and hands back its QR code', async () => {
    const { qrcode, order_code } = await newOrder();
    expect(qrcode).toMatch(/^https:\/\/qr\.alipay\.com\/fake\d+$/);
    const call = gateway.calls.find((c) => c.method === 'alipay.trade.precreate')!;
    expect(call.signed).toBe(true);
    expect(call.params.notify_url).toBe('https://seller.example.com/api/v1/pay/notify/alipay');
    expect(JSON.parse(call.params.biz_content!)).toMatchObject({ out_trade_no: order_code, total_amount: '125.00' });
    // No sandbox cashier with a real provider.
    expect((await app.inject({ method: 'GET', url: `/dev/pay?order_code=${order_code}` })).statusCode).toBe(404);
  });

  it('pays on a notification signed by Alipay for our app id and amount, and replies success', async () => {
    const { order_code } = await newOrder();
    const res = await notify(app, gateway.pay(order_code), 'alipay');
    expect(res.body).toBe('success');
    expect((await orderOf(order_code)).state).toBe('paid');
    expect((await payState(app, tenant.token, order_code)).json().data.pay_state).toBe(true);
  });

  it('credits nothing for a forged signature, another app id or another amount', async () => {
    const { order_code } = await newOrder();
    const trade = gateway.trades.get(order_code)!;
    const base = {
      app_id: gateway.appId,
      out_trade_no: order_code,
      trade_no: trade.trade_no,
      total_amount: trade.total_amount,
      trade_status: 'TRADE_SUCCESS',
    };
    for (const fields of [
      gateway.forge(base),
      gateway.sign({ ...base, app_id: '2021000000009999' }),
      gateway.sign({ ...base, total_amount: '0.01' }),
      { ...gateway.sign(base), total_amount: '0.01' },
    ]) {
      expect((await notify(app, fields, 'alipay')).body).toBe('fail');
    }
    expect((await orderOf(order_code)).state).toBe('unpaid');
    const logged = await app.db
      .selectFrom('payment_notifications')
      .select(['outcome', 'reason'])
      .where('order_code', '=', order_code)
      .orderBy('id')
      .execute();
    expect(logged.map((l) => l.reason)).toEqual([
      'bad signature',
      'wrong app_id',
      "amount 0.01 is not the order's 125.00",
      'bad signature',
    ]);
  });

  it('asks Alipay about an expired order before closing it: a lost notification still pays', async () => {
    const paid = await newOrder();
    gateway.pay(paid.order_code); // paid at Alipay, notification never arrives
    const unpaid = await newOrder();
    await expireNow(app, paid.order_code);
    await expireNow(app, unpaid.order_code);
    const round = await expireDueOrders(app.orders);
    expect(round).toEqual({ expired: 1, paid: 1 });
    expect((await orderOf(paid.order_code)).state).toBe('paid');
    expect((await orderOf(unpaid.order_code)).state).toBe('expired');
    expect(gateway.trades.get(unpaid.order_code)!.status).toBe('TRADE_CLOSED');
    expect(gateway.calls.filter((c) => c.method === 'alipay.trade.close').every((c) => c.signed)).toBe(true);
    // The notification arriving after all is recognised as the same payment.
    const late = gateway.sign({
      app_id: gateway.appId,
      out_trade_no: paid.order_code,
      trade_no: gateway.trades.get(paid.order_code)!.trade_no,
      total_amount: '125.00',
      trade_status: 'TRADE_SUCCESS',
    });
    expect((await notify(app, late, 'alipay')).body).toBe('success');
    const history = await app.db
      .selectFrom('order_status_history')
      .select('to_state')
      .where('order_id', '=', (await orderOf(paid.order_code)).id)
      .execute();
    expect(history.map((h) => h.to_state)).toEqual(['unpaid', 'paid']);
  });

  it('refunds through alipay.trade.refund with the refund number as out_request_no, never past the total', async () => {
    const operator = await createTestOperator(app);
    const made = await generateOrder(app, tenant.token, { pay_type: 3, amount: '50.00' });
    expect(made.statusCode, made.body).toBe(200);
    const { order_code } = made.json().data as { order_code: string };
    await notify(app, gateway.pay(order_code), 'alipay');
    const refund = (amount: string, key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/ops/orders/${order_code}/refund`,
        headers: { authorization: operator.token },
        payload: { amount, reason: 'alipay test', refund_key: key },
      });
    const res = await refund('20.00', 'alipay-refund-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('succeeded');
    const call = gateway.calls.filter((c) => c.method === 'alipay.trade.refund').at(-1)!;
    expect(call.signed).toBe(true);
    expect(JSON.parse(call.params.biz_content!)).toMatchObject({
      out_trade_no: order_code,
      refund_amount: '20.00',
      out_request_no: res.json().data.refund_no,
    });
    expect((await refund('30.00', 'alipay-refund-2')).statusCode).toBe(200);
    expect((await orderOf(order_code)).refunded_fen).toBe(5000);
    expect((await refund('0.01', 'alipay-refund-3')).statusCode).toBe(409);
  });

  it("reconciles a day against Alipay's bill download: what both booked matches, a payment only Alipay has is listed", async () => {
    const made = await generateOrder(app, tenant.token, { pay_type: 3, amount: '80.00' });
    const { order_code } = made.json().data as { order_code: string };
    await notify(app, gateway.pay(order_code), 'alipay');
    const operator = await createTestOperator(app);
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/ops/orders/${order_code}/refund`,
      headers: { authorization: operator.token },
      payload: { amount: '30.00', reason: 'reconcile test', refund_key: `reconcile-${order_code}` },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const strangerRow = ['2026999900000001', 'SC-NOT-OURS', '交易', 'goods', '', '', '', '', '', '', 'buyer', '9.99'];
    gateway.addBillLine([...strangerRow, ...Array<string>(13).fill('')]);

    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const run = await reconcilePayments({ db: app.db, payments: app.orders.payments }, day, 'console');
    expect(gateway.calls.at(-1)).toMatchObject({ method: 'alipay.data.dataservice.bill.downloadurl.query', signed: true });
    expect(run.payments).toBeGreaterThan(0);
    expect(run.refunds).toBeGreaterThan(0);
    // The order paid and partly refunded today is on both sides alike.
    expect(run.differences.filter((d) => d.order_code === order_code)).toEqual([]);
    expect(run.differences).toContainEqual(
      expect.objectContaining({ kind: 'missing_here', order_code: 'SC-NOT-OURS', reference: '2026999900000001', theirs: '9.99' }),
    );
  });

  it('answers 503 and cancels the order when Alipay’s answer does not verify', async () => {
    gateway.breakAnswerSignatures();
    const res = await generateOrder(app, tenant.token, { pay_type: 1, package_id: '4,1,1' });
    expect(res.statusCode).toBe(503);
    const [last] = await app.db.selectFrom('orders').select('state').orderBy('id', 'desc').limit(1).execute();
    expect(last!.state).toBe('cancelled');
  });
});
