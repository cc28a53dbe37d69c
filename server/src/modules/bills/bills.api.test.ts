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
import { seededRandom } from '../../test/seeded-random.ts';
import { parseBillTime } from '@seller-centre/contract/quota';
import { WAREHOUSE_TOP_UP_PAY_TYPE } from '../warehouse/top-up-service.ts';
import { BILL_PAY_TYPES } from './repository.ts';

let app: TestApp;
let tenant: TestTenant;
let buyerToken: string;
let paidCode: string;
let cancelledCode: string;
beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  // An employee who buys: its orders carry its name.
  const buyer = await createEmployee(app, tenant.tenantId, {
    grants: [PERMISSIONS.serviceUpgrade.buyPackage, PERMISSIONS.bill.softwareFee],
    scopes: { [DATA_MENUS.purchase]: { type: 3 } },
  });
  buyerToken = buyer.token;
  const couponId = await createCoupon(app, tenant.tenantId, { use_type: 1, discount_value: '10.00' });
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
    const without = await createEmployee(app, tenant.tenantId, { grants: [PERMISSIONS.bill.softwareDeduction] });
    const res = await bill(without.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, data: null, msg: '暂无该功能权限，请联系公司超级管理员或其他权限管理人员' });
    const own = (await bill(buyerToken)).json().data;
    expect(own.total_count).toBe(1);
    expect(own.data[0].order_code).toBe(cancelledCode);
    const everything = await createEmployee(app, tenant.tenantId, { grants: [PERMISSIONS.bill.softwareFee] });
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
        main_id: reader.tenantId,
        user_id: reader.tenantId,
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

// The total of the bill is summed from counters kept by triggers on orders (migration 0650), with
// an exact count of the cut hours at a range's edges; a search and an employee that sees only its
// own orders are counted. Every total here is compared with the rows a reader would count.
describe('the total, kept', () => {
  type Row = { created_at: Date; package_pay_type: number; pay_type: number; state: string; user_id: number };
  const STATES = ['unpaid', 'paid', 'expired', 'cancelled'] as const;
  const STATES_OF: Record<number, readonly string[]> = { 0: ['unpaid'], 1: ['paid'], 2: ['expired', 'cancelled'] };
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const { random, pick, maybe } = seededRandom(20261127);
  /** `YYYY-MM-DD HH:mm:ss` in business time (UTC+8), as the page sends it. */
  const business = (d: Date) => new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

  let owner: TestTenant;
  let own: { userId: number; token: string };
  let allEmployee: string;
  let none: string;
  let serial = 0;
  const now = Date.now();

  async function insertOrders(rows: readonly Row[]) {
    await app.db
      .insertInto('orders')
      .values(
        rows.map((r) => ({
          order_code: `SCKEPT${owner.tenantId}-${(serial += 1)}`,
          main_id: owner.tenantId,
          user_id: r.user_id,
          user_name: 'kept',
          pay_type: r.pay_type,
          package_pay_type: r.package_pay_type,
          title: 'kept',
          item: toJsonb({ kind: 'topUp', amount_fen: 5000 }),
          original_fen: 5000,
          amount_fen: 5000,
          provider: 'sandbox',
          state: r.state,
          expires_at: new Date(r.created_at.getTime() + 15 * 60_000),
          created_at: r.created_at,
        })),
      )
      .execute();
  }
  const stored = () =>
    app.db
      .selectFrom('orders')
      .select(['order_code', 'created_at', 'package_pay_type', 'pay_type', 'state', 'user_id'])
      .where('main_id', '=', owner.tenantId)
      .execute();
  type Filter = {
    package_pay_type?: number;
    pay_state?: number;
    pay_type?: number;
    time_from?: string;
    time_to?: string;
  };
  const matches = (r: Row, f: Filter) =>
    r.pay_type !== 5 &&
    (f.package_pay_type === undefined || r.package_pay_type === f.package_pay_type) &&
    (f.pay_state === undefined || STATES_OF[f.pay_state]!.includes(r.state)) &&
    (f.pay_type === undefined || r.pay_type === f.pay_type) &&
    (!f.time_from || r.created_at.getTime() >= parseBillTime(f.time_from, 'from')) &&
    (!f.time_to || r.created_at.getTime() <= parseBillTime(f.time_to, 'to'));
  async function total(token: string, body: Record<string, unknown>): Promise<number> {
    const res = await bill(token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.total_count as number;
  }

  beforeAll(async () => {
    owner = await createTenant(app);
    const ownEmployee = await createEmployee(app, owner.tenantId, {
      grants: [PERMISSIONS.bill.softwareFee],
      scopes: { [DATA_MENUS.purchase]: { type: 3 } },
    });
    own = { userId: ownEmployee.userId, token: ownEmployee.token };
    allEmployee = (await createEmployee(app, owner.tenantId, { grants: [PERMISSIONS.bill.softwareFee] })).token;
    // No setting over purchase data: it sees no order.
    const noneEmployee = await createEmployee(app, owner.tenantId, { grants: [PERMISSIONS.bill.softwareFee] });
    await app.db
      .deleteFrom('employee_data_authority')
      .where('user_id', '=', noneEmployee.userId)
      .where('data_menu_id', '=', DATA_MENUS.purchase)
      .execute();
    none = noneEmployee.token;
    // 300 orders over the last 40 days, a few of them warehouse top-ups (pay type 5), a third
    // placed by the own-data employee; written in two statements (a statement's rows are one upsert).
    const rows: Row[] = [];
    for (let i = 0; i < 300; i += 1) {
      const topUp = random() < 0.1;
      rows.push({
        created_at: new Date(now - random() * 40 * DAY),
        package_pay_type: topUp ? 0 : pick([0, 1, 2, 3, 4, 5, 11]),
        pay_type: topUp ? 5 : pick([1, 2, 3, 4]),
        state: pick(STATES),
        user_id: random() < 0.3 ? own.userId : owner.tenantId,
      });
    }
    await insertOrders(rows.slice(0, 120));
    await insertOrders(rows.slice(120));
  });

  it('totals the tenant’s orders without a filter, by each filter and by pay state, warehouse top-ups left out', async () => {
    const rows = await stored();
    expect(rows.filter((r) => r.pay_type === 5).length).toBeGreaterThan(5);
    const expected = (f: Filter) => rows.filter((r) => matches(r, f)).length;
    expect(await total(owner.token, {})).toBe(expected({}));
    expect(expected({})).toBeLessThan(rows.length);
    for (const package_pay_type of [0, 1, 2, 3, 4, 5, 11]) {
      expect({ package_pay_type, n: await total(owner.token, { package_pay_type }) }).toEqual({
        package_pay_type,
        n: expected({ package_pay_type }),
      });
    }
    for (const pay_state of [0, 1, 2]) {
      expect({ pay_state, n: await total(owner.token, { pay_state }) }).toEqual({
        pay_state,
        n: expected({ pay_state }),
      });
    }
    for (const pay_type of [1, 2, 3, 4]) {
      expect({ pay_type, n: await total(owner.token, { pay_type }) }).toEqual({ pay_type, n: expected({ pay_type }) });
    }
    // The page past the end still says the total; an employee seeing all purchase data the same.
    expect(await total(owner.token, { page: 99, package_pay_type: 0, pay_state: 2 })).toBe(
      expected({ package_pay_type: 0, pay_state: 2 }),
    );
    expect(await total(allEmployee, { pay_state: 1 })).toBe(expected({ pay_state: 1 }));
  });

  it('totals a time range cut anywhere, with or without filters, exactly', async () => {
    // Orders on both sides of a range's cut minutes, in the hours it cuts.
    const start = Math.floor((now - 10 * DAY) / HOUR) * HOUR;
    const end = Math.floor((now - 3 * DAY) / HOUR) * HOUR;
    const minute = 60_000;
    await insertOrders(
      [start + 10 * minute, start + 20 * minute, start + 21 * minute, end + 5 * minute, end + 40 * minute].map(
        (t, i) => ({
          created_at: new Date(t),
          package_pay_type: 2,
          pay_type: 2,
          state: i % 2 ? 'paid' : 'unpaid',
          user_id: owner.tenantId,
        }),
      ),
    );
    const rows = await stored();
    const cut = { time_from: business(new Date(start + 20 * minute)), time_to: business(new Date(end + 30 * minute)) };
    const expected = (f: Filter) => rows.filter((r) => matches(r, f)).length;
    expect(await total(owner.token, cut)).toBe(expected(cut));
    // Two more rows than the same range cut a minute later at its start and earlier at its end.
    const narrower = {
      time_from: business(new Date(start + 21 * minute + 1000)),
      time_to: business(new Date(end + 4 * minute)),
    };
    expect(expected(cut) - expected(narrower)).toBe(3);
    expect(await total(owner.token, narrower)).toBe(expected(narrower));
    for (let i = 0; i < 40; i += 1) {
      const span = random() < 0.5 ? 3 * DAY : 45 * DAY;
      const from = new Date(now - random() * span);
      const to = new Date(from.getTime() + random() * span * 0.7);
      const text = (d: Date) => (random() < 0.3 ? business(d).slice(0, 10) : business(d));
      const f: Filter = {
        time_from: random() < 0.85 ? text(from) : undefined,
        time_to: random() < 0.85 ? text(to) : undefined,
        package_pay_type: maybe(pick([0, 1, 2, 3, 4, 5, 11])),
        pay_state: maybe(pick([0, 1, 2])),
        pay_type: maybe(pick([1, 2, 3, 4])),
      };
      const body = JSON.parse(JSON.stringify(f)) as Filter;
      expect({ body, n: await total(owner.token, body) }).toEqual({ body, n: expected(f) });
    }
  });

  it('counts an employee that sees only its own orders, and one that sees none', async () => {
    const rows = await stored();
    const mine = (f: Filter) => rows.filter((r) => r.user_id === own.userId && matches(r, f)).length;
    expect(mine({})).toBeGreaterThan(40);
    // Page 1 is full and page 9 empty, so both totals are counted rather than read off the page.
    expect(await total(own.token, {})).toBe(mine({}));
    expect(await total(own.token, { page: 9 })).toBe(mine({}));
    for (const f of [
      { pay_state: 2 },
      { pay_type: 3 },
      { package_pay_type: 2, time_from: business(new Date(now - 20 * DAY)) },
    ]) {
      expect({ f, n: await total(own.token, { ...f, page: 9 }) }).toEqual({ f, n: mine(f) });
    }
    expect(await total(none, {})).toBe(0);
    expect(await total(none, { page: 2 })).toBe(0);
    // An order-code search is counted: one row, of the tenant only.
    const code = rows.find((r) => r.pay_type !== 5)!.order_code;
    expect(await total(owner.token, { order_code: code, page: 2 })).toBe(1);
    expect(await total(owner.token, { order_code: rows.find((r) => r.pay_type === 5)!.order_code, page: 2 })).toBe(0);
  });

  it('moves an order between pay states when it is paid, closed in bulk or deleted', async () => {
    const count = async () => {
      const [unpaid, paid, closed] = await Promise.all([0, 1, 2].map((s) => total(owner.token, { pay_state: s })));
      return { 0: unpaid!, 1: paid!, 2: closed! };
    };
    const before = await count();
    const code = (await generateOrder(app, owner.token, { pay_type: 2, package_id: 1 })).json().data.order_code;
    expect(await count()).toEqual({ ...before, 0: before[0] + 1 });
    await sandboxAction(app, code, 'pay');
    expect(await count()).toEqual({ ...before, 1: before[1] + 1 });
    // The expiry job's kind of statement: many orders closed at once.
    const closed = await app.db
      .updateTable('orders')
      .set({ state: 'expired' })
      .where('main_id', '=', owner.tenantId)
      .where('state', '=', 'unpaid')
      .where('pay_type', '<>', 5)
      .executeTakeFirst();
    expect(Number(closed.numUpdatedRows)).toBeGreaterThan(5);
    const after = await count();
    expect(after).toEqual({ 0: 0, 1: before[1] + 1, 2: before[2] + before[0] });
    // Orders deleted (written straight, so nothing else refers to them).
    const gone = await app.db
      .deleteFrom('orders')
      .where(
        'order_code',
        'in',
        (await stored())
          .filter((r) => r.order_code.startsWith('SCKEPT'))
          .slice(0, 7)
          .map((r) => r.order_code),
      )
      .executeTakeFirst();
    expect(Number(gone.numDeletedRows)).toBe(7);
    const rows = await stored();
    expect(await total(owner.token, {})).toBe(rows.filter((r) => matches(r, {})).length);
    expect(await total(owner.token, { pay_state: 2 })).toBe(rows.filter((r) => matches(r, { pay_state: 2 })).length);
  });

  it('lists every pay type but the warehouse top-up’s: a new one must join BILL_PAY_TYPES', async () => {
    const { rows } = await sql<{ def: string }>`
      SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'orders_pay_type_check'`.execute(
      app.db,
    );
    const allowed = [...rows[0]!.def.matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(allowed.filter((t) => t !== WAREHOUSE_TOP_UP_PAY_TYPE)).toEqual([...BILL_PAY_TYPES]);
  });
});
