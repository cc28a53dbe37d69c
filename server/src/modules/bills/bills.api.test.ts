import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { toJsonb } from '../../db/client.ts';
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

describe('titles in the reader’s language', () => {
  it('says every order’s title in the language the bill is read in, value-added services by name, old rows too', async () => {
    const reader = await createTenant(app);
    const place = (payload: Record<string, unknown>, lang: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/order/generateOrder',
        headers: { authorization: reader.token, 'accept-language': lang },
        payload,
      });
    const plan = (await place({ pay_type: 1, package_id: '2,1,1' }, 'zh')).json().data.order_code;
    const video = (await place({ pay_type: 2, package_id: 4 }, 'th')).json().data.order_code;
    const topUp = (await place({ pay_type: 3, amount: '60.00' }, 'kr')).json().data.order_code;
    // An order made before items carried the service: only its code and a Chinese title stored.
    await app.db
      .insertInto('orders')
      .values({
        order_code: 'SCOLDVIDEO0001',
        main_id: reader.mainId,
        user_id: reader.mainId,
        user_name: reader.userName,
        pay_type: 2,
        package_pay_type: 11,
        title: '增值服务：video_translation 60',
        item: toJsonb({ kind: 'valueAdded', package_pay_id: 4, quota_type: 7, quota_amount: 60 }),
        original_fen: 19900,
        amount_fen: 19900,
        provider: 'sandbox',
        expires_at: new Date(),
      })
      .execute();
    const migration = await readFile(new URL('../../db/migrations/0160_order_item_names.sql', import.meta.url), 'utf8');
    await sql.raw(migration).execute(app.db);

    const titles = async (lang: string) => {
      const rows: { order_code: string; title: string }[] = (await bill(reader.token, {}, lang)).json().data.data;
      return Object.fromEntries(rows.map((r) => [r.order_code, r.title]));
    };
    expect(await titles('kr')).toEqual({
      [plan]: 'Shopee 요금제: 상점 1개, 1개월',
      [video]: '부가 서비스: 동영상 번역 60',
      [topUp]: '제3자 잔액 충전 60.00위안',
      SCOLDVIDEO0001: '부가 서비스: 동영상 번역 60',
    });
    expect(await titles('th')).toEqual({
      [plan]: 'แพ็กเกจ Shopee: 1 ร้านค้า 1 เดือน',
      [video]: 'บริการเสริม: แปลวิดีโอ 60',
      [topUp]: 'เติมยอดเงินบุคคลที่สาม 60.00 หยวน',
      SCOLDVIDEO0001: 'บริการเสริม: แปลวิดีโอ 60',
    });
    expect((await titles('zh'))[video]).toBe('增值服务：视频翻译 60');
  });
});

describe('time ranges of the reader’s days', () => {
  it('finds an order of the evening of a Bangkok day in that day sent with its offset, and in the Seoul day it falls on', async () => {
    const seller = await createTenant(app);
    const code = (await generateOrder(app, seller.token, { pay_type: 3, amount: '60.00' })).json().data.order_code;
    // 23:30 in Bangkok on 5 April is 00:30 on 6 April in China and 01:30 in Seoul.
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date('2026-04-05T16:30:00Z') })
      .where('order_code', '=', code)
      .execute();
    const count = async (from: string, to: string) =>
      (await bill(seller.token, { time_from: from, time_to: to })).json().data.total_count;
    expect(await count('2026-04-05T00:00:00+07:00', '2026-04-05T23:59:59+07:00')).toBe(1);
    expect(await count('2026-04-06T00:00:00+09:00', '2026-04-06T23:59:59+09:00')).toBe(1);
    expect(await count('2026-04-05T00:00:00+09:00', '2026-04-05T23:59:59+09:00')).toBe(0);
    // Without an offset a time is business time (UTC+8): the same evening is 6 April there.
    expect(await count('2026-04-05 00:00:00', '2026-04-05 23:59:59')).toBe(0);
    expect(await count('2026-04-06', '2026-04-06')).toBe(1);
    // The end second is covered whole: an order at 23:59:59.500 Bangkok time is that day's.
    await app.db
      .updateTable('orders')
      .set({ created_at: new Date('2026-04-05T16:59:59.500Z') })
      .where('order_code', '=', code)
      .execute();
    expect(await count('2026-04-05T00:00:00+07:00', '2026-04-05T23:59:59+07:00')).toBe(1);
  });
});
