import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { generateOrder, notify, sandboxAction, sandboxNotification } from '../../test/order-factories.ts';
import { balanceOf } from '../../platform/ledger/index.ts';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { quotaBalancesOf, spendQuota } from '../quota/service.ts';
import { postThirdParty, SOURCE } from '../third-party/service.ts';
import { setFloor } from '../../platform/ledger/index.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';
import { postFee, warehouseAccount } from '../warehouse/service.ts';

let app: TestApp;
let operatorToken: string;
let tenant: TestTenant;
let keySeq = 0;

beforeAll(async () => {
  app = await buildTestApp();
  operatorToken = (await createTestOperator(app)).token;
  tenant = await createTenant(app);
});
afterAll(async () => app.close());

const newKey = () => `test-refund-${Date.now()}-${(keySeq += 1)}`;

function refund(orderCode: string, body: Record<string, unknown>, token = operatorToken, lang = 'zh') {
  return app.inject({
    method: 'POST',
    url: `/api/ops/orders/${orderCode}/refund`,
    headers: { ...authHeaders(token), 'accept-language': lang },
    payload: body,
  });
}

async function detail(orderCode: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/ops/orders/${orderCode}`,
    headers: authHeaders(operatorToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** An order made and paid through the sandbox cashier, as a buyer would. */
async function paidOrder(buyer: TestTenant, payload: Record<string, unknown>): Promise<string> {
  const made = await generateOrder(app, buyer.token, payload);
  expect(made.statusCode, made.body).toBe(200);
  const code = made.json().data.order_code as string;
  expect((await sandboxAction(app, code, 'pay')).json().data.state).toBe('paid');
  return code;
}

const thirdParty = (tenantId: number) => balanceOf(app.db, { tenantId: tenantId, kind: 'third_party' });
const clearing = () => balanceOf(app.db, { operator: 'clearing', provider: 'sandbox' });

async function softwareBillRow(buyer: TestTenant, orderCode: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/pay/package/list',
    headers: { authorization: buyer.token },
    payload: { page: 1, page_size: 20, order_code: orderCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data[0];
}

describe('who may refund', () => {
  it('refuses a caller without a token and a seller, even the order owner', async () => {
    const code = await paidOrder(tenant, { pay_type: 3, amount: '50.00' });
    const body = { amount: '1.00', reason: 'test', refund_key: newKey() };
    const anonymous = await app.inject({ method: 'POST', url: `/api/ops/orders/${code}/refund`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect((await refund(code, body, tenant.token)).statusCode).toBe(401);
    expect((await detail(code)).refund_state).toBe('none');
  });
});

describe('refunding a top-up', () => {
  it('gives part back, then the rest; the balance, the bill and the order show it; never more than was paid', async () => {
    const buyer = await createTenant(app);
    const code = await paidOrder(buyer, { pay_type: 3, amount: '50.00' });
    const clearingBefore = (await clearing()).balance;

    const part = await refund(code, { amount: '20.00', reason: 'customer asked', refund_key: newKey() });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ order_code: code, amount: '20.00', state: 'succeeded' });
    expect((await thirdParty(buyer.tenantId)).balance).toBe(3000);
    expect((await clearing()).balance).toBe(clearingBefore + 2000);
    expect(await detail(code)).toMatchObject({ state: 'paid', refunded: '20.00', refund_state: 'partly_refunded' });
    const billRow = await softwareBillRow(buyer, code);
    expect(billRow).toMatchObject({ refund_amount: '20.00', refund_state: 'partly_refunded' });
    expect(billRow.refunds).toEqual([expect.objectContaining({ amount: '20.00', state: 'succeeded' })]);

    // The third-party bill lists the money leaving as a top-up refund.
    const tp = await app.db
      .selectFrom('third_party_transactions')
      .select(['transaction_type', 'capital_flows', 'amount_fen', 'balance_after_fen'])
      .where('main_id', '=', buyer.tenantId)
      .where('transaction_type', '=', 'pay_refund')
      .execute();
    expect(tp).toEqual([
      { transaction_type: 'pay_refund', capital_flows: 'out', amount_fen: 2000, balance_after_fen: 3000 },
    ]);

    const over = await refund(code, { amount: '30.01', reason: 'too much', refund_key: newKey() });
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe('退款金额超过可退金额：已支付 50.00 元，已退 20.00 元');
    expect((await thirdParty(buyer.tenantId)).balance).toBe(3000);

    const rest = await refund(code, { amount: '30', reason: 'the rest', refund_key: newKey() });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await thirdParty(buyer.tenantId)).balance).toBe(0);
    const after = await detail(code);
    expect(after).toMatchObject({ refunded: '50.00', refund_state: 'refunded' });
    expect(after.refunds.map((r: { amount: string }) => r.amount)).toEqual(['20.00', '30.00']);
    expect((await softwareBillRow(buyer, code)).refund_state).toBe('refunded');
    const none = await refund(code, { amount: '0.01', reason: 'again', refund_key: newKey() });
    expect(none.statusCode).toBe(409);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('refunds once whatever retries: the same key answers the same refund, and for another amount is refused', async () => {
    const buyer = await createTenant(app);
    const code = await paidOrder(buyer, { pay_type: 3, amount: '60.00' });
    const key = newKey();
    const body = { amount: '10.00', reason: 'double click', refund_key: key };
    const [first, second] = await Promise.all([refund(code, body), refund(code, body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.refund_no).toBe(first.json().data.refund_no);
    const third = await refund(code, body);
    expect(third.json().data.refund_no).toBe(first.json().data.refund_no);
    expect((await thirdParty(buyer.tenantId)).balance).toBe(5000);
    expect((await detail(code)).refunds).toHaveLength(1);

    const changed = await refund(code, { ...body, amount: '11.00' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().msg).toBe('该退款编号已用于另一笔金额或原因不同的退款');
    expect((await thirdParty(buyer.tenantId)).balance).toBe(5000);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('is refused with a clear message when the balance has since been spent below the refund, and nothing changes', async () => {
    const buyer = await createTenant(app);
    const code = await paidOrder(buyer, { pay_type: 3, amount: '50.00' });
    await postThirdParty(app.db, {
      tenantId: buyer.tenantId,
      transactionId: `spend-${code}`,
      type: 'cod_withholding',
      flow: 'out',
      amountFen: 4000,
      source: SOURCE.suite,
    });
    const clearingBefore = (await clearing()).balance;
    const res = await refund(code, { amount: '20.00', reason: 'customer asked', refund_key: newKey() });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('无法退款：充值的余额已被使用，当前余额不足 20.00 元');
    const kr = await refund(
      code,
      { amount: '20.00', reason: 'customer asked', refund_key: newKey() },
      operatorToken,
      'kr',
    );
    expect(kr.json().msg).toContain('20.00위안');
    expect((await thirdParty(buyer.tenantId)).balance).toBe(1000);
    expect((await clearing()).balance).toBe(clearingBefore);
    expect(await detail(code)).toMatchObject({ refunded: '0.00', refund_state: 'none', refunds: [] });
    // What is left can still be given back.
    expect((await refund(code, { amount: '10.00', reason: 'what is left', refund_key: newKey() })).statusCode).toBe(
      200,
    );
    expect((await thirdParty(buyer.tenantId)).balance).toBe(0);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe('refunding a warehouse account top-up', () => {
  it("takes the amount back from the account's own money, never from its credit line", async () => {
    const buyer = await createTenant(app);
    const { wwsId, providerId } = await createWarehouseLink(app, buyer.tenantId, { name: 'Refund Warehouse' });
    const recharge = await app.inject({
      method: 'POST',
      url: '/api/v1/common/wmsUnit',
      headers: { authorization: buyer.token },
      payload: { service: 'customerRecharge', wws_id: wwsId, params: { amount: '100.00', rechargeType: 'alipay' } },
    });
    expect(recharge.statusCode, recharge.body).toBe(200);
    const code = recharge.json().data.orderNumber as string;
    await sandboxAction(app, code, 'pay');
    const account = warehouseAccount(buyer.tenantId, providerId);
    expect((await balanceOf(app.db, account)).balance).toBe(10_000);

    expect((await refund(code, { amount: '40.00', reason: 'part', refund_key: newKey() })).statusCode).toBe(200);
    expect((await balanceOf(app.db, account)).balance).toBe(6000);
    const flow = await app.db
      .selectFrom('wh_fee_flows')
      .select(['direction', 'amount', 'order_code'])
      .where('wws_id', '=', wwsId)
      .orderBy('id')
      .execute();
    expect(flow).toEqual([
      { direction: 3, amount: 10_000, order_code: code },
      { direction: 2, amount: 4000, order_code: code },
    ]);

    // A credit line of 500.00, and 50.00 spent: 10.00 of its own money left.
    await setFloor(app.db, account, -50_000);
    await postFee(app.db, { wwsId, key: `spend-${code}`, direction: 2, amount: 5000, ftCode: 'RECHARGE' });
    const res = await refund(code, { amount: '20.00', reason: 'more', refund_key: newKey() });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('无法退款：充值的余额已被使用，当前余额不足 20.00 元');
    expect((await balanceOf(app.db, account)).balance).toBe(1000);
    expect((await refund(code, { amount: '10.00', reason: 'own money left', refund_key: newKey() })).statusCode).toBe(
      200,
    );
    expect((await balanceOf(app.db, account)).balance).toBe(0);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe('refunding a value-added package', () => {
  it('takes back the quota in proportion, all of it at the full amount', async () => {
    const buyer = await createTenant(app);
    // 99.00 for 1000 units of quota type 2.
    const code = await paidOrder(buyer, { pay_type: 2, package_id: 3 });
    const left = async () => (await quotaBalancesOf(app.db, buyer.tenantId)).find((b) => b.type === 2)?.left;
    expect(await left()).toBe(1000);
    expect((await refund(code, { amount: '33.00', reason: 'part', refund_key: newKey() })).statusCode).toBe(200);
    expect(await left()).toBe(667); // 1000 * 33 / 99 = 333.33, rounded down
    expect((await refund(code, { amount: '66.00', reason: 'rest', refund_key: newKey() })).statusCode).toBe(200);
    expect(await left()).toBe(0);
    expect((await detail(code)).refund_state).toBe('refunded');
    // The personal centre's holdings no longer count what was taken back as bought.
    const bought = await app.db
      .selectFrom('quota_balances')
      .select(['added', 'balance'])
      .where('main_id', '=', buyer.tenantId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect(bought).toEqual({ added: 0, balance: 0 });
  });

  it('is refused when the quota has since been used', async () => {
    const buyer = await createTenant(app);
    const code = await paidOrder(buyer, { pay_type: 2, package_id: 3 });
    await spendQuota(app.db, { tenantId: buyer.tenantId, type: 2, amount: 900, key: `spend-${code}`, userName: 'x' });
    const res = await refund(code, { amount: '99.00', reason: 'all', refund_key: newKey() });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('无法退款：需收回 1000 个未使用额度，但剩余额度不足（已被使用）');
    expect(await detail(code)).toMatchObject({ refund_state: 'none', refunds: [] });
    // A share the unspent quota covers is given back.
    expect((await refund(code, { amount: '9.90', reason: 'unused part', refund_key: newKey() })).statusCode).toBe(200);
    expect((await quotaBalancesOf(app.db, buyer.tenantId)).find((b) => b.type === 2)?.left).toBe(0);
  });
});

describe('what a refund refuses', () => {
  it('refuses a plan, an unpaid order, an unknown one and a bad amount, naming why', async () => {
    const plan = await paidOrder(tenant, { pay_type: 1, package_id: '1,1,1' });
    const planRes = await refund(plan, { amount: '1.00', reason: 'x', refund_key: newKey() });
    expect(planRes.statusCode).toBe(409);
    expect(planRes.json().msg).toContain('套餐订单不能退款');

    const unpaid = (await generateOrder(app, tenant.token, { pay_type: 3, amount: '50.00' })).json().data.order_code;
    const unpaidRes = await refund(unpaid, { amount: '1.00', reason: 'x', refund_key: newKey() });
    expect(unpaidRes.statusCode).toBe(409);
    expect(unpaidRes.json().msg).toBe('只有已支付的订单可以退款');

    expect((await refund('SCNOPE', { amount: '1.00', reason: 'x', refund_key: newKey() })).statusCode).toBe(404);
    for (const [body, field] of [
      // Named as the shared field labels name them.
      [{ amount: '0', reason: 'x', refund_key: newKey() }, '金额'],
      [{ amount: '1.001', reason: 'x', refund_key: newKey() }, '金额'],
      [{ amount: '1.00', reason: '', refund_key: newKey() }, '原因'],
      [{ amount: '1.00', reason: 'x', refund_key: 'short' }, '退款编号'],
    ] as const) {
      const res = await refund(plan, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(field);
    }
  });

  it('leaves a refund the provider refuses pending, and says so', async () => {
    const buyer = await createTenant(app);
    const made = await generateOrder(app, buyer.token, { pay_type: 3, amount: '50.00' });
    const code = made.json().data.order_code as string;
    // Paid here by a signed notification the sandbox never booked: it knows no such trade.
    await notify(app, sandboxNotification(code, '50.00'));
    const key = newKey();
    const res = await refund(code, { amount: '5.00', reason: 'x', refund_key: key });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('ACQ.TRADE_NOT_EXIST');
    const after = await detail(code);
    expect(after.refunds).toEqual([
      expect.objectContaining({ state: 'pending', amount: '5.00', provider_message: 'ACQ.TRADE_NOT_EXIST' }),
    ]);
    // Taken back here already, so it cannot be spent while finance retries.
    expect((await thirdParty(buyer.tenantId)).balance).toBe(4500);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
