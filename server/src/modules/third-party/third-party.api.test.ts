import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { opsThirdPartyPaths, thirdPartyPaths } from '@seller-centre/contract/third-party';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, seedDemo } from '../../db/seed.ts';
import { balanceOf } from '../../platform/ledger/index.ts';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { createEmployee, createShops, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { generateOrder, notify, sandboxAction, sandboxNotification } from '../../test/order-factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';

const KEY = 'suite-key-for-tests-0123456789abcdef';
const dataDir = mkdtempSync(path.join(tmpdir(), 'third-party-test-'));
let app: TestApp;
let tenant: TestTenant;
let operator: { token: string };

beforeAll(async () => {
  app = await buildTestApp({ SUITE_API_KEY: KEY, DATA_DIR: dataDir, JOB_WORKER: 'true', JOB_POLL_SECONDS: '0.5' });
  tenant = await createTenant(app);
  operator = await createTestOperator(app);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
function suitePost(body: Record<string, unknown>, key: string | null = KEY) {
  return app.inject({
    method: 'POST',
    url: thirdPartyPaths.post,
    headers: key ? { 'x-api-key': key } : {},
    payload: { transaction_type: 'cod_withholding', capital_flows: 'out', ...body },
  });
}
const txId = () => `T${Date.now()}${++seq}`;
function list(token: string, body: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: thirdPartyPaths.list, headers: { authorization: token }, payload: body });
}
const ledgerBalance = async (t: TestTenant) =>
  (await balanceOf(app.db, { tenantId: t.tenantId, kind: 'third_party' })).balance;

describe('the suite posts charges and refunds', () => {
  it('refuses a call without the key or with a wrong one', async () => {
    const body = {
      transaction_id: txId(),
      tenant_id: tenant.tenantId,
      capital_flows: 'into',
      transaction_type: 'cod_return',
      amount: '1.00',
    };
    expect((await suitePost(body, null)).statusCode).toBe(401);
    const wrong = await suitePost(body, 'x'.repeat(40));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('缺少或错误的系统调用密钥');
  });

  it('posts once per transaction id, answers the first result again, and refuses the id reused for something else', async () => {
    const t = await createTenant(app);
    const id = txId();
    const first = await suitePost({
      transaction_id: id,
      tenant_id: t.tenantId,
      capital_flows: 'into',
      transaction_type: 'cod_return',
      amount: '30.50',
      ordersn: ' SO1 ',
    });
    expect(first.json().data).toEqual({ applied: true, transaction_id: id, account_balance: '30.50' });
    const again = await suitePost({
      transaction_id: id,
      tenant_id: t.tenantId,
      capital_flows: 'into',
      transaction_type: 'cod_return',
      amount: '30.50',
    });
    expect(again.json().data).toEqual({ applied: false, transaction_id: id, account_balance: '30.50' });
    const reused = await suitePost({
      transaction_id: id,
      tenant_id: t.tenantId,
      capital_flows: 'into',
      transaction_type: 'cod_return',
      amount: '31.00',
    });
    expect(reused.statusCode).toBe(409);
    expect(await ledgerBalance(t)).toBe(3050);
  });

  it('refuses a charge beyond the balance (409), an unknown tenant (404) and a bad amount or type (400 naming it)', async () => {
    const t = await createTenant(app);
    const over = await suitePost({ transaction_id: txId(), tenant_id: t.tenantId, amount: '0.01' });
    expect(over.statusCode).toBe(409);
    expect((await suitePost({ transaction_id: txId(), tenant_id: 999_999_999, amount: '1.00' })).statusCode).toBe(404);
    const bad = await suitePost({ transaction_id: txId(), tenant_id: t.tenantId, amount: '1.001' });
    expect(bad.statusCode).toBe(400);
    const pay = await suitePost({
      transaction_id: txId(),
      tenant_id: t.tenantId,
      amount: '1.00',
      transaction_type: 'pay',
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().msg).toContain('transaction_type');
    const zero = await suitePost({
      transaction_id: txId(),
      tenant_id: t.tenantId,
      amount: '0',
      capital_flows: 'into',
      transaction_type: 'cod_return',
    });
    expect(zero.statusCode).toBe(400);
  });

  it('keeps a running balance that agrees with the ledger when postings race', async () => {
    const t = await createTenant(app);
    await suitePost({
      transaction_id: txId(),
      tenant_id: t.tenantId,
      capital_flows: 'into',
      transaction_type: 'cod_return',
      amount: '100.00',
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        suitePost({
          transaction_id: txId(),
          tenant_id: t.tenantId,
          capital_flows: i % 3 === 0 ? 'into' : 'out',
          transaction_type: i % 3 === 0 ? 'return_overcharge' : 'cod_withholding',
          amount: '7.00',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((c) => c !== 200 && c !== 409)).toEqual([]);
    const rows = await app.db
      .selectFrom('third_party_transactions')
      .select(['capital_flows', 'amount_fen', 'balance_after_fen'])
      .where('main_id', '=', t.tenantId)
      .orderBy('id')
      .execute();
    let running = 0;
    for (const row of rows) {
      running += row.capital_flows === 'into' ? row.amount_fen : -row.amount_fen;
      expect(row.balance_after_fen).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(await ledgerBalance(t));
    const page = (await list(t.token, { page_size: 10 })).json().data;
    expect(page.balance).toBe((running / 100).toFixed(2));
    expect(page.data[0].account_balance).toBe((running / 100).toFixed(2));
  });
});

describe('POST /api/v1/finance/list', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTenant(app);
    const rows = [
      {
        capital_flows: 'into',
        transaction_type: 'cod_return',
        amount: '50.00',
        ordersn: 'SO-100',
        shop_name: 'Alpha Shop',
        shop_id: 'S1',
        platform: 'shopee',
      },
      {
        capital_flows: 'out',
        transaction_type: 'cod_withholding',
        amount: '12.34',
        ordersn: 'SO-101',
        shop_name: 'Beta 50%',
        shop_id: 'S2',
        platform: 'lazada',
        warehouse_order_id: 'W9',
      },
      {
        capital_flows: 'out',
        transaction_type: 'purchase_agency',
        amount: '1.00',
        transaction_date: '2025-01-02 10:00:00',
        platform: 'shopee',
      },
    ];
    for (const row of rows)
      expect((await suitePost({ transaction_id: txId(), tenant_id: t.tenantId, ...row })).statusCode).toBe(200);
  });

  it('answers the balance, the rows newest first with their fields, and the paging', async () => {
    const res = await list(t.token);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body).toMatchObject({ balance: '36.66', current_page: 1, page_size: 20, total: 3 });
    expect(body.data.map((r: { account_balance: string }) => r.account_balance)).toEqual(['36.66', '37.66', '50.00']);
    expect(body.data[1]).toMatchObject({
      transaction_money: '12.34',
      capital_flows: 'out',
      capital_flows_str: '支出',
      transaction_type: 'cod_withholding',
      ordersn: 'SO-101',
      warehouse_order_id: 'W9',
      shop_name: 'Beta 50%',
      is_old: 0,
    });
    expect(body.data[0].transaction_date).toBe('2025-01-02 10:00:00');
    expect(body.data[0].added_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('narrows by platform, type, flow, trimmed search text (a % is a character) and either time range', async () => {
    const count = async (body: Record<string, unknown>) => (await list(t.token, body)).json().data.total;
    expect(await count({ platform: 'shopee' })).toBe(2);
    expect(await count({ transaction_type: 'purchase_agency' })).toBe(1);
    expect(await count({ capital_flows: 'into' })).toBe(1);
    expect(await count({ ordersn: '  SO-101  ' })).toBe(1);
    expect(await count({ warehouse_order_id: 'W9' })).toBe(1);
    expect(await count({ shop_id: 'S1' })).toBe(1);
    expect(await count({ shop_name: '50%' })).toBe(1);
    expect(await count({ shop_name: '%' })).toBe(1);
    expect(await count({ transaction_date: ['2025-01-01 00:00:00', '2025-01-02 23:59:59'] })).toBe(1);
    expect(await count({ added_date: ['2025-01-01 00:00:00', '2025-01-02 23:59:59'] })).toBe(0);
    expect(await count({ transaction_type: '', capital_flows: '' })).toBe(3);
  });

  it('refuses a page size outside 10/20/30, an unknown type and a bad date, naming the field', async () => {
    const size = await list(t.token, { page_size: 15 });
    expect(size.statusCode).toBe(400);
    expect((await list(t.token, { transaction_type: 'nope' })).statusCode).toBe(400);
    expect((await list(t.token, { added_date: ['yesterday', ''] })).statusCode).toBe(400);
  });

  it('shows a tenant its own rows only, and answers 403 only to an employee who cannot open My bill', async () => {
    const other = await createTenant(app);
    expect((await list(other.token)).json().data.total).toBe(0);
    const couponsOnly = await createEmployee(app, t.tenantId, { grants: [PERMISSIONS.coupon.page] });
    expect((await list(couponsOnly.token)).statusCode).toBe(403);
    const finance = await createEmployee(app, t.tenantId, { grants: [PERMISSIONS.bill.module, PERMISSIONS.bill.cloud] });
    expect((await list(finance.token)).json().data.total).toBe(3);
  });

  it('is never disabled: a role with My bill but without the cloud bill page 270 reads it and exports it', async () => {
    const clerk = await createEmployee(app, t.tenantId, { grants: [PERMISSIONS.bill.softwareFee] });
    expect((await list(clerk.token)).json().data.total).toBe(3);
    const queued = await app.inject({
      method: 'POST',
      url: thirdPartyPaths.addExportTask,
      headers: { authorization: clerk.token },
      payload: { module: 3 },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const exports = await app.inject({
      method: 'POST',
      url: thirdPartyPaths.exportList,
      headers: { authorization: clerk.token },
      payload: { type: 3 },
    });
    expect(exports.statusCode, exports.body).toBe(200);
    expect(exports.json().data.total).toBeGreaterThanOrEqual(1);
  });
});

describe('top-ups paid in service upgrade tab 3', () => {
  it('appear once as a pay row with the balance after, however often the payment is notified', async () => {
    const buyer = await createTenant(app);
    const { order_code } = (await generateOrder(app, buyer.token, { pay_type: 3, amount: '50.00' })).json().data;
    await sandboxAction(app, order_code, 'pay');
    await notify(app, sandboxNotification(order_code, '50.00', { tradeNo: `SANDBOX${order_code}` }));
    await notify(app, sandboxNotification(order_code, '50.00', { tradeNo: `SANDBOX${order_code}` }));
    const body = (await list(buyer.token)).json().data;
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      transaction_id: order_code,
      transaction_type: 'pay',
      capital_flows: 'into',
      transaction_money: '50.00',
      account_balance: '50.00',
    });
    expect(body.balance).toBe('50.00');
    expect(await ledgerBalance(buyer)).toBe(5000);
  });
});

describe('operator entries', () => {
  // Each call is a new form (its own key) unless the body names one.
  function entry(token: string, body: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: opsThirdPartyPaths.entries,
      headers: { authorization: token },
      payload: { entry_key: randomUUID(), ...body },
    });
  }

  it('posts a form sent twice once: the repeat answers the first posting, a changed amount under its key is refused', async () => {
    const t = await createTenant(app);
    const form = {
      tenant_id: t.tenantId,
      transaction_type: 'manual_receipts',
      amount: '120.00',
      transaction_remark: 'double click',
      entry_key: randomUUID(),
    };
    const [first, second] = await Promise.all([entry(operator.token, form), entry(operator.token, form)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(await ledgerBalance(t)).toBe(12_000);
    const bill = (await list(t.token)).json().data;
    expect(bill.total).toBe(1);
    expect(bill.balance).toBe('120.00');
    expect((await entry(operator.token, { ...form, amount: '130.00' })).statusCode).toBe(409);
    expect(await ledgerBalance(t)).toBe(12_000);
    // Without a key the form is refused, before anything moves.
    const { entry_key: _key, ...keyless } = form;
    const refused = await app.inject({
      method: 'POST',
      url: opsThirdPartyPaths.entries,
      headers: { authorization: operator.token },
      payload: keyless,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('posts a manual receipt and compensation, refuses an overdraw beyond the balance, and lists them', async () => {
    const t = await createTenant(app);
    const receipt = await entry(operator.token, {
      tenant_id: t.tenantId,
      transaction_type: 'manual_receipts',
      amount: '200.00',
      transaction_remark: 'bank transfer 88',
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().data.account_balance).toBe('200.00');
    expect(
      (
        await entry(operator.token, {
          tenant_id: t.tenantId,
          transaction_type: 'customer_care',
          amount: '5.00',
          transaction_remark: 'sorry',
        })
      ).json().data.account_balance,
    ).toBe('205.00');
    const overdraw = await entry(operator.token, {
      tenant_id: t.tenantId,
      transaction_type: 'manual_user_overdraw',
      amount: '300.00',
      transaction_remark: 'x',
    });
    expect(overdraw.statusCode).toBe(409);
    expect(
      (
        await entry(operator.token, {
          tenant_id: t.tenantId,
          transaction_type: 'manual_user_overdraw',
          amount: '5.00',
          transaction_remark: 'fee',
        })
      ).json().data.account_balance,
    ).toBe('200.00');
    expect(
      (await entry(operator.token, { tenant_id: t.tenantId, transaction_type: 'manual_receipts', amount: '1.00' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await entry(t.token, {
          tenant_id: t.tenantId,
          transaction_type: 'manual_receipts',
          amount: '1.00',
          transaction_remark: 'x',
        })
      ).statusCode,
    ).toBe(401);
    const listed = await app.inject({
      method: 'GET',
      url: `${opsThirdPartyPaths.entries}?tenant_id=${t.tenantId}`,
      headers: { authorization: operator.token },
    });
    expect(listed.json().data.total).toBe(3);
    expect((await list(t.token)).json().data.data.map((r: { transaction_type: string }) => r.transaction_type)).toEqual(
      ['manual_user_overdraw', 'customer_care', 'manual_receipts'],
    );
    expect(await ledgerBalance(t)).toBe(20000);
  });
});

describe('exports of the third-party bill', () => {
  it('queues an export with the filters, lists it with its status, and downloads the CSV of the filtered rows', async () => {
    const t = await createTenant(app);
    for (const amount of ['10.00', '20.00', '30.00']) {
      await suitePost({
        transaction_id: txId(),
        tenant_id: t.tenantId,
        capital_flows: 'into',
        transaction_type: 'cod_return',
        amount,
        shop_name: `=cmd|${amount}`,
      });
    }
    await suitePost({ transaction_id: txId(), tenant_id: t.tenantId, capital_flows: 'out', amount: '1.00' });
    const add = await app.inject({
      method: 'POST',
      url: thirdPartyPaths.addExportTask,
      headers: { authorization: t.token },
      payload: { module: 3, capital_flows: 'into' },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().msg).toBe('导出任务已提交，请在导出下载列表中查看进度');
    const exportList = () =>
      app.inject({
        method: 'POST',
        url: thirdPartyPaths.exportList,
        headers: { authorization: t.token },
        payload: { type: 3 },
      });
    let task: { status: number; oss_url: string; file_name: string } | undefined;
    for (let i = 0; i < 100 && task?.status !== 3; i++) {
      await new Promise((r) => setTimeout(r, 200));
      task = (await exportList()).json().data.data[0];
    }
    expect(task).toMatchObject({ status: 3 });
    expect(task!.file_name).toMatch(/^第三方账单_\d{14}\.csv$/);
    const file = await app.inject({ method: 'GET', url: task!.oss_url });
    expect(file.statusCode).toBe(200);
    const lines = file.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.startsWith('交易编号,平台,站点,订单号')).toBe(true);
    expect(lines[1]).toContain(`'=cmd|30.00`);
    expect(lines[1]).toContain('30.00,60.00');
    const otherTenant = await createTenant(app);
    const theirs = await app.inject({
      method: 'POST',
      url: thirdPartyPaths.exportList,
      headers: { authorization: otherTenant.token },
      payload: { type: 3 },
    });
    expect(theirs.json().data.total).toBe(0);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: thirdPartyPaths.addExportTask,
          headers: { authorization: t.token },
          payload: { module: 2 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('leaves the ledger sound', async () => {
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe("the viewer's shops narrow the bill", () => {
  let t: TestTenant;
  let shopA: number;
  let limited: string;
  const post = (body: Record<string, unknown>) =>
    suitePost({ transaction_id: txId(), tenant_id: t.tenantId, capital_flows: 'out', amount: '1.00', ...body });
  const exportOf = async (token: string, filters: Record<string, unknown> = {}) => {
    const call = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
    expect((await call(thirdPartyPaths.addExportTask, { module: 3, ...filters })).statusCode).toBe(200);
    let task: { status: number; oss_url: string } | undefined;
    for (let i = 0; i < 100 && task?.status !== 3; i++) {
      await new Promise((r) => setTimeout(r, 200));
      task = (await call(thirdPartyPaths.exportList, { type: 3 })).json().data.data[0];
    }
    expect(task?.status).toBe(3);
    const file = await app.inject({ method: 'GET', url: task!.oss_url });
    return file.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
  };

  beforeAll(async () => {
    t = await createTenant(app);
    shopA = (await createShops(app, t.tenantId, { shopee: ['Shop A', 'Shop B'] }))[0]!;
    // The tenant's own (no shop), shop A (named in other case and spacing), shop B, and a shop it does not list.
    await post({
      capital_flows: 'into',
      transaction_type: 'cod_return',
      amount: '100.00',
      transaction_remark: 'tenant',
    });
    await post({ platform: 'shopee', shop_name: ' shop a ', shop_id: 'SA1', transaction_remark: 'A' });
    await post({ platform: 'shopee', shop_name: 'Shop B', shop_id: 'SB1', transaction_remark: 'B' });
    await post({ platform: 'shopee', shop_name: 'Elsewhere', shop_id: 'X1', transaction_remark: 'unlisted' });
    limited = (
      await createEmployee(app, t.tenantId, {
        grants: [PERMISSIONS.bill.softwareFee],
        scopes: { [DATA_MENUS.shops]: { type: 2, items: [shopA] } },
      })
    ).token;
  });

  it("shows an employee limited to one shop its rows and the tenant's, with totals to match", async () => {
    const mine = (await list(limited)).json().data;
    expect(mine.data.map((r: { transaction_remark: string }) => r.transaction_remark)).toEqual(['A', 'tenant']);
    expect(mine.total).toBe(2);
    const outs = (await list(limited, { capital_flows: 'out' })).json().data;
    expect(outs).toMatchObject({ total: 1, data: [{ transaction_remark: 'A' }] });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const ranged = (await list(limited, { added_date: [`${today} 00:00:00`, `${today} 23:59:59`] })).json().data;
    expect(ranged.total).toBe(2);
    const searched = (await list(limited, { shop_name: 'shop' })).json().data;
    expect(searched).toMatchObject({ total: 1, data: [{ transaction_remark: 'A' }] });
    expect((await list(limited, { shop_id: 'SB1' })).json().data.total).toBe(0);
  });

  it('shows every row to the main account and to an employee with every shop', async () => {
    expect((await list(t.token)).json().data.total).toBe(4);
    const everyShop = await createEmployee(app, t.tenantId, { grants: [PERMISSIONS.bill.softwareFee] });
    const all = (await list(everyShop.token, { capital_flows: 'out' })).json().data;
    expect(all.total).toBe(3);
    expect(all.data).toHaveLength(3);
  });

  it("exports only the employee's rows, and lists it only its own exports", async () => {
    const lines = await exportOf(limited);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.split(',').at(-1))).toEqual(['A', 'tenant']);
    const mainLines = await exportOf(t.token);
    expect(mainLines).toHaveLength(4);
    const theirs = await app.inject({
      method: 'POST',
      url: thirdPartyPaths.exportList,
      headers: { authorization: limited },
      payload: { type: 3 },
    });
    expect(theirs.json().data.total).toBe(1);
  });
});

describe('the demo tenant', () => {
  it('has months of third-party rows whose running balances agree with the ledger', async () => {
    const fresh = await buildTestApp();
    try {
      await seedDemo(fresh.db);
      const demo = await fresh.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', DEMO_ACCOUNT.user_name)
        .executeTakeFirstOrThrow();
      const rows = await fresh.db
        .selectFrom('third_party_transactions')
        .select(['capital_flows', 'amount_fen', 'balance_after_fen', 'added_date'])
        .where('main_id', '=', demo.id)
        // The order the bill lists them in (oldest first): time added, then id.
        .orderBy('added_date')
        .orderBy('id')
        .execute();
      expect(rows.length).toBeGreaterThan(150);
      expect(Date.now() - rows[0]!.added_date.getTime()).toBeGreaterThan(150 * 86_400_000);
      let running = 0;
      for (const row of rows) {
        running += row.capital_flows === 'into' ? row.amount_fen : -row.amount_fen;
        expect(row.balance_after_fen).toBe(running);
      }
      expect((await balanceOf(fresh.db, { tenantId: demo.id, kind: 'third_party' })).balance).toBe(running);
      expect(await verifyLedger(fresh.db)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
