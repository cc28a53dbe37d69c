import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { DATA_MENUS } from '@seller-centre/contract/employees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectNamesField } from '../../test/messages.ts';
import { createCoupon, generateOrder, sandboxAction } from '../../test/order-factories.ts';

let app: TestApp;
let tenant: TestTenant;
let buyerToken: string;
let paidCode: string;
let cancelledCode: string;
beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  // An employee who buys: its orders carry its name.
  const buyer = await createEmployee(app, tenant.mainId, {
    grants: [PERMISSIONS.serviceUpgrade.buyPackage, PERMISSIONS.bill.softwareFee],
    scopes: { [DATA_MENUS.purchase]: { type: 3 } },
  });
  buyerToken = buyer.token;
  const couponId = await createCoupon(app, tenant.mainId, { use_type: 1, discount_value: '10.00' });
  paidCode = (await generateOrder(app, tenant.token, { pay_type: 1, package_id: '2,1,1', coupon_id: couponId })).json().data
    .order_code;
  await sandboxAction(app, paidCode, 'pay');
  cancelledCode = (await generateOrder(app, buyerToken, { pay_type: 3, amount: '60.00' })).json().data.order_code;
  await sandboxAction(app, cancelledCode, 'cancel');
  for (let i = 0; i < 25; i++) await generateOrder(app, tenant.token, { pay_type: 2, package_id: 1 });
});
afterAll(async () => app.close());

const bill = (token: string, body: Record<string, unknown> = {}, lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/pay/package/list',
    headers: { authorization: token, 'accept-language': lang },
    payload: { page: 1, page_size: 20, ...body },
  });

describe('POST /api/v1/pay/package/list', () => {
  it('lists the tenant’s orders newest first with names, yuan amounts, pay state and the total', async () => {
    const res = await bill(tenant.token);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total_count } = res.json().data;
    expect(total_count).toBe(27);
    expect(data).toHaveLength(20);
    expect(data[0]).toMatchObject({
      transaction_type_name: '增值服务',
      package_type_name: '文本翻译',
      order_price: '50.00',
      margin: '0.00',
      pay_state: 0,
      user_name: tenant.userName,
      create_time: expect.stringMatching(/Z$/),
    });
    const page2 = (await bill(tenant.token, { page: 2 })).json().data.data;
    expect(page2).toHaveLength(7);
    const paid = page2.find((r: { order_code: string }) => r.order_code === paidCode);
    expect(paid).toMatchObject({ pay_state: 1, order_price: '10.00', margin: '10.00', package_type_name: '店铺套餐' });
    expect(page2.find((r: { order_code: string }) => r.order_code === cancelledCode)).toMatchObject({ pay_state: 2 });
    expect((await bill(tenant.token, { page: 2 }, 'th')).json().data.data.at(-1).transaction_type_name).toBe(
      'ซื้อแพ็กเกจ',
    );
  });

  it('filters by order code, package type, pay state, pay type and time range', async () => {
    const count = async (body: Record<string, unknown>) => (await bill(tenant.token, body)).json().data.total_count;
    expect(await count({ order_code: paidCode })).toBe(1);
    expect(await count({ package_pay_type: 2 })).toBe(25);
    expect(await count({ package_pay_type: 0 })).toBe(1);
    expect(await count({ pay_state: 1 })).toBe(1);
    expect(await count({ pay_state: 2 })).toBe(1);
    expect(await count({ pay_state: 0 })).toBe(25);
    expect(await count({ pay_type: 3 })).toBe(1);
    expect(await count({ time_from: '2000-01-01 00:00:00', time_to: '2000-01-02 00:00:00' })).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await count({ time_from: today, time_to: today })).toBe(27);
    expect(await count({ time_from: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
  });

  it('names a bad page size or filter', async () => {
    for (const [body, field] of [
      [{ page_size: 25 }, 'page_size'],
      [{ pay_state: 5 }, 'pay_state'],
      [{ package_pay_type: 9 }, 'package_pay_type'],
      [{ time_from: 'yesterday' }, 'time_from'],
    ] as const) {
      const res = await bill(tenant.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });

  it('needs page 268, and shows an employee with own-data authority only its own orders', async () => {
    const without = await createEmployee(app, tenant.mainId, { grants: [PERMISSIONS.bill.softwareDeduction] });
    const res = await bill(without.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, data: null, msg: '暂无该功能权限，请联系公司超级管理员或其他权限管理人员' });
    const own = (await bill(buyerToken)).json().data;
    expect(own.total_count).toBe(1);
    expect(own.data[0].order_code).toBe(cancelledCode);
    const everything = await createEmployee(app, tenant.mainId, { grants: [PERMISSIONS.bill.softwareFee] });
    expect((await bill(everything.token)).json().data.total_count).toBe(27);
    const stranger = await createTenant(app);
    expect((await bill(stranger.token)).json().data).toEqual({ data: [], total_count: 0 });
  });

  it('keeps to the page size however many rows the tenant has', async () => {
    expect((await bill(tenant.token, { page_size: 40 })).json().data.data).toHaveLength(27);
  });
});
