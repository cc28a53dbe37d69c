import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { quotaPaths, type TDeductionRow } from '@seller-centre/contract/quota';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTenant, type TestEmployee, type TestTenant } from '../../test/access-factories.ts';
import { DEMO_ACCOUNT, seedDemo } from '../../db/seed.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { signIn } from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';
import { addQuota, spendQuota } from './service.ts';

const FORBIDDEN_ZH = '暂无该功能权限，请联系公司超级管理员或其他权限管理人员';
const BILL = PERMISSIONS.bill.softwareDeduction;

let app: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
});
afterAll(() => app.close());

function spend(token: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: quotaPaths.spend, headers: { authorization: token }, payload: body });
}
function bill(token: string, body: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: quotaPaths.logList, headers: { authorization: token }, payload: body });
}
async function balances(token: string): Promise<Record<number, number>> {
  const res = await app.inject({ method: 'GET', url: quotaPaths.balances, headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().data.map((b: { type: number; left_num: number }) => [b.type, b.left_num]));
}

describe('quota: adding and spending', () => {
  it('adds quota once per key, whatever the number of replays', async () => {
    const t = await createTenant(app);
    const first = await addQuota(app.db, {
      tenantId: t.tenantId,
      type: 2,
      amount: 500,
      key: 'order:A1',
      orderId: 'A1',
      userName: 'x',
    });
    const again = await addQuota(app.db, {
      tenantId: t.tenantId,
      type: 2,
      amount: 500,
      key: 'order:A1',
      orderId: 'A1',
      userName: 'x',
    });
    expect(first).toEqual({ applied: true, left: 500 });
    expect(again).toEqual({ applied: false, left: 500 });
    expect((await balances(t.token))[2]).toBe(500);
    expect((await balances(t.token))[1]).toBe(0);
  });

  it('spends through the HTTP call, records the deduction, and refuses to go below zero with a 409', async () => {
    const t = await createTenant(app);
    await addQuota(app.db, { tenantId: t.tenantId, type: 4, amount: 10, key: 'order:B1', userName: 'x' });
    const ok = await spend(t.token, { type: 4, use_num: 7, order_id: 'TASK-1', key: 'task-1' });
    expect(ok.json()).toEqual({ code: 200, msg: expect.any(String), data: { applied: true, type: 4, left_num: 3 } });

    const short = await spend(t.token, { type: 4, use_num: 4, order_id: 'TASK-2', key: 'task-2' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ code: 409, data: null, msg: '剩余额度不足，请先购买增值服务' });

    const rows = (await bill(t.token)).json().data;
    expect(rows).toEqual({
      count: 1,
      data: [
        { order_id: 'TASK-1', type: 4, use_num: 7, left_num: 3, user_name: t.userName, create_at: expect.any(String) },
      ],
    });
  });

  it('treats a replayed key as done: nothing more is spent, and a different spend under it is a 409', async () => {
    const t = await createTenant(app);
    await addQuota(app.db, { tenantId: t.tenantId, type: 1, amount: 10, key: 'order:C1', userName: 'x' });
    const body = { type: 1, use_num: 2, order_id: 'L-9', key: 'listing-9' };
    expect((await spend(t.token, body)).json().data).toEqual({ applied: true, type: 1, left_num: 8 });
    expect((await spend(t.token, body)).json().data).toEqual({ applied: false, type: 1, left_num: 8 });
    const reused = await spend(t.token, { ...body, use_num: 3 });
    expect(reused.statusCode).toBe(409);
    expect((await balances(t.token))[1]).toBe(8);
    expect((await bill(t.token)).json().data.count).toBe(1);
  });

  it('never lets concurrent spends take the quota below zero: exactly the ones that fit go through', async () => {
    const t = await createTenant(app);
    await addQuota(app.db, { tenantId: t.tenantId, type: 3, amount: 20, key: 'order:D1', userName: 'x' });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => spend(t.token, { type: 3, use_num: 1, order_id: `M-${i}`, key: `m-${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect((await balances(t.token))[3]).toBe(0);
    const page = (await bill(t.token, { page_size: 60 })).json().data;
    expect(page.count).toBe(20);
    // Every deduction left one less: the left_num column is 19 down to 0, each once.
    expect(page.data.map((r: TDeductionRow) => r.left_num).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  });

  it('refuses a spend of nothing, of an unknown type or without a key with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ type: 1, use_num: 0, key: 'z1' }, 'use_num'],
      [{ type: 11, use_num: 1, key: 'z2' }, 'type'],
      [{ type: 1, use_num: 1 }, 'key'],
    ] as const) {
      const res = await spend(tenant.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });
});

describe('deduction bill (POST /api/v1/package/getLogList)', () => {
  let t: TestTenant;
  let ops: TestEmployee;
  let other: TestEmployee;
  beforeAll(async () => {
    t = await createTenant(app);
    ops = await createEmployee(app, t.tenantId, { grants: [BILL] });
    other = await createEmployee(app, t.tenantId, { grants: [BILL] });
    for (const type of [1, 2, 4] as const) {
      await addQuota(app.db, { tenantId: t.tenantId, type, amount: 1000, key: `order:${type}`, userName: 'x' });
    }
    // 30 deductions: by the main account, `ops` and `other`, on three types, a day apart.
    const who = [
      { userId: t.tenantId, userName: t.userName },
      { userId: ops.userId, userName: ops.userName },
      { userId: other.userId, userName: other.userName },
    ];
    for (let i = 0; i < 30; i++) {
      const by = who[i % 3]!;
      await spendQuota(app.db, {
        tenantId: t.tenantId,
        type: ([1, 2, 4] as const)[i % 3]!,
        amount: 1 + (i % 5),
        key: `seed-${i}`,
        orderId: `ORD-${String(i).padStart(2, '0')}`,
        userId: by.userId,
        userName: by.userName,
      });
      // Day i before 2026-03-31 12:00 China time.
      await sql`UPDATE quota_logs SET created_at = ${new Date(Date.parse('2026-03-31T04:00:00Z') - i * 86_400_000)}
                WHERE main_id = ${t.tenantId} AND key = ${`seed-${i}`}`.execute(app.db);
    }
  });

  it('answers rows newest first with the total, 20 a page by default', async () => {
    const res = await bill(t.token);
    expect(res.statusCode).toBe(200);
    const { data, count } = res.json().data;
    expect(count).toBe(30);
    expect(data).toHaveLength(20);
    expect(data[0]).toEqual({
      order_id: 'ORD-00',
      type: 1,
      use_num: 1,
      left_num: 999,
      user_name: t.userName,
      create_at: '2026-03-31T04:00:00.000Z',
    });
    expect(data.map((r: TDeductionRow) => r.order_id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `ORD-${String(i).padStart(2, '0')}`),
    );
    const second = (await bill(t.token, { page: 2 })).json().data;
    expect(second.data.map((r: TDeductionRow) => r.order_id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `ORD-${String(20 + i).padStart(2, '0')}`),
    );
    expect(second.count).toBe(30);
  });

  it('filters by type, order and time range (days in China time, both ends included)', async () => {
    const byType = (await bill(t.token, { type: 2 })).json().data;
    expect(byType.count).toBe(10);
    expect(byType.data.every((r: TDeductionRow) => r.type === 2)).toBe(true);

    const byOrder = (await bill(t.token, { order_id: ' ORD-07 ' })).json().data;
    expect(byOrder).toMatchObject({ count: 1, data: [{ order_id: 'ORD-07' }] });

    // 2026-03-29 00:00:00 to 2026-03-30 23:59:59 (+08:00) holds days 1 and 2.
    const range = (await bill(t.token, { from_time: '2026-03-29 00:00:00', to_time: '2026-03-30 23:59:59' })).json()
      .data;
    expect(range.data.map((r: TDeductionRow) => r.order_id)).toEqual(['ORD-01', 'ORD-02']);
    expect(range.count).toBe(2);

    const all = (await bill(t.token, { type: 0, order_id: '', from_time: '', to_time: '' })).json().data;
    expect(all.count).toBe(30);
  });

  it('reads a range sent with its offset as that zone’s days: a Bangkok evening is Bangkok’s day, and Seoul’s next', async () => {
    // ORD-00 is at 2026-03-31 04:00 UTC: 11:00 in Bangkok, 13:00 in Seoul. Move it to 23:30 in Bangkok.
    const seller = await createTenant(app);
    await addQuota(app.db, { tenantId: seller.tenantId, type: 1, amount: 10, key: 'order:zone', userName: 'x' });
    await spendQuota(app.db, {
      tenantId: seller.tenantId,
      type: 1,
      amount: 1,
      key: 'zone-1',
      orderId: 'ORD-ZONE',
      userId: seller.tenantId,
      userName: seller.userName,
    });
    await sql`UPDATE quota_logs SET created_at = ${new Date('2026-04-05T16:30:00Z')}
              WHERE main_id = ${seller.tenantId} AND key = 'zone-1'`.execute(app.db);
    const count = async (from_time: string, to_time: string) =>
      (await bill(seller.token, { from_time, to_time })).json().data.count;
    expect(await count('2026-04-05T00:00:00+07:00', '2026-04-05T23:59:59+07:00')).toBe(1);
    expect(await count('2026-04-06T00:00:00+09:00', '2026-04-06T23:59:59+09:00')).toBe(1);
    expect(await count('2026-04-05T00:00:00+09:00', '2026-04-05T23:59:59+09:00')).toBe(0);
    expect(await count('2026-04-05 00:00:00', '2026-04-05 23:59:59')).toBe(0);
  });

  it('takes page sizes 20, 40 and 60 only, and refuses bad filters with a 400 naming the field', async () => {
    expect((await bill(t.token, { page_size: 40 })).json().data.data).toHaveLength(30);
    for (const [body, field] of [
      [{ page_size: 25 }, 'page_size'],
      [{ type: 11 }, 'type'],
      [{ page: 0 }, 'page'],
      [{ from_time: 'yesterday' }, 'from_time'],
      [{ to_time: '2026-13-45 25:00:00' }, 'to_time'],
    ] as const) {
      const res = await bill(t.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });

  it('refuses an employee without page 269 with the no-permission message', async () => {
    const employee = await createEmployee(app, t.tenantId, { grants: [PERMISSIONS.bill.softwareFee] });
    const res = await bill(employee.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, data: null, msg: FORBIDDEN_ZH });
  });

  it('shows an employee only the deductions of the employees its data authority covers', async () => {
    const all = (await bill(ops.token, { page_size: 60 })).json().data;
    expect(all.count).toBe(30);

    const narrowed = await createEmployee(app, t.tenantId, {
      grants: [BILL],
      scopes: { [DATA_MENUS.employees]: { type: 2, items: [other.userId] } },
    });
    const seen = (await bill(narrowed.token, { page_size: 60 })).json().data;
    expect(seen.count).toBe(10);
    expect(new Set(seen.data.map((r: TDeductionRow) => r.user_name))).toEqual(new Set([other.userName]));
    const typed = (await bill(narrowed.token, { type: 4 })).json().data;
    expect(typed.count).toBe(10);
    expect((await bill(narrowed.token, { type: 1 })).json().data).toEqual({ count: 0, data: [] });
  });

  it("never shows another tenant's deductions", async () => {
    const stranger = await createTenant(app);
    expect((await bill(stranger.token)).json().data).toEqual({ count: 0, data: [] });
    expect((await bill(stranger.token, { order_id: 'ORD-01' })).json().data).toEqual({ count: 0, data: [] });
  });
});

describe('demo seed', () => {
  it('gives the demo tenant deductions by the main account and its employees, and a finance employee sees them', async () => {
    const demo = await buildTestApp();
    try {
      await seedDemo(demo.db);
      const main = await signIn(demo, { account_name: DEMO_ACCOUNT.user_name, password: DEMO_ACCOUNT.password });
      const res = await demo.inject({
        method: 'POST',
        url: quotaPaths.logList,
        headers: { authorization: main.authorization },
        payload: { page_size: 60 },
      });
      const { data, count } = res.json().data;
      expect(count).toBe(24);
      expect(new Set(data.map((r: TDeductionRow) => r.user_name))).toEqual(
        new Set(['demo', 'operator01', 'finance01']),
      );
      expect(data.every((r: TDeductionRow) => r.left_num >= 0)).toBe(true);

      const finance = await signIn(demo, { account_name: 'finance01', password: 'Finance@2026' });
      const seen = await demo.inject({
        method: 'POST',
        url: quotaPaths.logList,
        headers: { authorization: finance.authorization },
        payload: {},
      });
      expect(seen.json().data.count).toBe(24);
    } finally {
      await demo.close();
    }
  });
});
