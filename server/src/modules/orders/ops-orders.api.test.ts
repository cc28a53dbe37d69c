import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { generateOrder, notify, sandboxAction, sandboxNotification } from '../../test/order-factories.ts';

let app: TestApp;
let operatorToken: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let paidCode: string;
let unpaidCode: string;

beforeAll(async () => {
  app = await buildTestApp();
  operatorToken = (await createTestOperator(app)).token;
  tenant = await createTenant(app);
  paidCode = (await generateOrder(app, tenant.token, { pay_type: 1, package_id: '1,1,1' })).json().data.order_code;
  // A forged amount first (rejected), then the sandbox pays it.
  await notify(app, sandboxNotification(paidCode, '0.01'));
  await sandboxAction(app, paidCode, 'pay');
  unpaidCode = (await generateOrder(app, tenant.token, { pay_type: 1, package_id: '2,1,1' })).json().data.order_code;
});
afterAll(async () => app.close());

function get(url: string, token = operatorToken) {
  return app.inject({ method: 'GET', url, headers: authHeaders(token) });
}

describe('who may see orders and payments', () => {
  it('refuses a caller without a token and a seller, even the order owner', async () => {
    for (const url of ['/api/ops/orders', `/api/ops/orders/${paidCode}`]) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toMatchObject({ code: 401, data: null });
      expect((await get(url, tenant.token)).statusCode, url).toBe(401);
    }
  });
});

describe('an operator looking at orders', () => {
  it("lists a tenant's orders newest first, and by state or order code", async () => {
    const all = (await get(`/api/ops/orders?tenant_id=${tenant.tenantId}`)).json().data;
    expect(all.total).toBe(2);
    expect(all.data.map((o: { order_code: string }) => o.order_code)).toEqual([unpaidCode, paidCode]);
    const paid = (await get(`/api/ops/orders?tenant_id=${tenant.tenantId}&state=paid`)).json().data;
    expect(paid.data).toEqual([expect.objectContaining({ order_code: paidCode, state: 'paid', amount: '30.00' })]);
    const byCode = (await get(`/api/ops/orders?order_code=${unpaidCode}&page_size=20`)).json().data;
    expect(byCode.data.map((o: { state: string }) => o.state)).toEqual(['unpaid']);
  });

  it('shows an order with every notification received and its state changes', async () => {
    const res = await get(`/api/ops/orders/${paidCode}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail.history.map((h: { to_state: string }) => h.to_state)).toEqual(['unpaid', 'paid']);
    expect(detail.notifications.map((n: { outcome: string }) => n.outcome)).toEqual(['rejected', 'fulfilled']);
    // Signed, but for the wrong amount: recorded and refused.
    expect(detail.notifications[0].reason).not.toBe('');
  });

  it("says each order's title in the operator's language, whatever language it was ordered in", async () => {
    const headers = (lang: string) => ({ ...authHeaders(operatorToken), 'accept-language': lang });
    const list = async (lang: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/ops/orders?tenant_id=${tenant.tenantId}`,
        headers: headers(lang),
      });
      return Object.fromEntries(
        res.json().data.data.map((o: { order_code: string; title: string }) => [o.order_code, o.title]),
      );
    };
    // Both were ordered in Chinese.
    expect((await list('zh'))[paidCode]).toMatch(/套餐：1 个店铺，1 个月$/);
    const kr = await list('kr');
    expect(kr[paidCode]).toMatch(/요금제: 상점 1개, 1개월$/);
    expect(kr[unpaidCode]).toMatch(/요금제: 상점 1개, 1개월$/);
    const th = await list('th');
    expect(th[paidCode]).toMatch(/^แพ็กเกจ .+: 1 ร้านค้า 1 เดือน$/);
    const detail = await app.inject({ method: 'GET', url: `/api/ops/orders/${paidCode}`, headers: headers('kr') });
    expect(detail.json().data.title).toBe(kr[paidCode]);
  });

  it('answers 404 for an unknown order and 400 naming the field for bad filters', async () => {
    const missing = await get('/api/ops/orders/SCNOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('订单不存在');
    const state = await get('/api/ops/orders?state=refunded');
    expect(state.statusCode).toBe(400);
    expect(state.json().msg).toContain('state');
    const size = await get('/api/ops/orders?page_size=7');
    expect(size.statusCode).toBe(400);
    expect(size.json().msg).toContain('每页条数');
    const tenantId = await get('/api/ops/orders?tenant_id=abc');
    expect(tenantId.statusCode).toBe(400);
    expect(tenantId.json().msg).toContain('租户编号');
  });
});
