import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/client.ts';
import { transfer } from '../../platform/ledger/index.ts';
import { saveUpload } from '../../platform/uploads/service.ts';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { createEmployee, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectNamesField } from '../../test/messages.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';
import { generateOrder, notify, sandboxAction, sandboxNotification } from '../../test/order-factories.ts';
import { seedDistributionDemo } from '../../db/seeds/distribution.ts';
import { setDistributorFlag } from '../profile/service.ts';
import { withdrawalIds } from './service.ts';

let app: TestApp;
let operator: { id: number; token: string };
let operatorId: number;
beforeAll(async () => {
  app = await buildTestApp();
  operator = await createTestOperator(app);
  operatorId = operator.id;
});
afterAll(async () => app.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'zh') =>
  app.inject({
    method,
    url,
    headers: { authorization: token, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: operator.token }, ...(payload ? { payload } : {}) });
const balance = async (token: string) =>
  (await call('GET', '/api/v1/common/getDistributionBalance', token)).json().data.current_balance as string;
const bill = (token: string, body: object = {}) => call('POST', '/api/v1/finance/distributorFinance/list', token, body);
const withdrawals = (token: string, body: object = {}) => call('POST', '/api/v1/distributorFlow/list', token, body);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
let VOUCHER: string;
const card = { bank_name: '中国银行', bank_number: '6217000011112222', user_name: 'Li Si' };
const apply = (token: string, money: string, lang = 'zh') =>
  call('POST', '/api/v1/distributorFlow/applyDistributionFinance', token, { transaction_money: money, ...card }, lang);

async function distributor(): Promise<TestTenant> {
  const t = await createTenant(app);
  await setDistributorFlag(app.db, t.tenantId, true);
  return t;
}

/** Puts commission money on a distributor's balance straight through the ledger (a fixture). */
async function fund(tenantId: number, fen: number, key: string) {
  await transaction(app.db, (tx) =>
    transfer(tx, {
      key,
      from: { operator: 'commissions_payable' },
      to: { tenantId: tenantId, kind: 'distribution' },
      amount: fen,
      memo: 'test funding',
    }),
  );
}

/** An image an operator uploaded for the tenant, as the console does before approving. */
async function voucherFor(tenantId: number): Promise<string> {
  const saved = await saveUpload(
    app.db,
    app.files.uploads,
    { tenantId: tenantId, operatorId: operatorId },
    {
      bytes: PNG,
      name: 'voucher.png',
    },
  );
  return saved.id;
}

async function invite(inviterId: number): Promise<TestTenant> {
  const invitee = await createTenant(app);
  await app.db
    .insertInto('invitations')
    .values({ inviter_id: inviterId, invitee_id: invitee.tenantId, inviter_given_days: 0 })
    .execute();
  return invitee;
}

async function paidPlan(buyer: TestTenant): Promise<{ code: string; fen: number }> {
  const { order_code } = (await generateOrder(app, buyer.token, { package_id: '2,1,1', pay_type: 1 })).json().data;
  const paid = await sandboxAction(app, order_code, 'pay');
  expect(paid.statusCode, paid.body).toBe(200);
  const row = await app.db
    .selectFrom('orders')
    .select('amount_fen')
    .where('order_code', '=', order_code)
    .executeTakeFirstOrThrow();
  return { code: order_code, fen: row.amount_fen };
}

describe('commission on an invitee’s paid order', () => {
  it('pays the default 10% once, even when the notification repeats, as an INTO row with the balance after it', async () => {
    const inviter = await distributor();
    const invitee = await invite(inviter.tenantId);
    const { code, fen } = await paidPlan(invitee);
    const yuan = (fen / 100).toFixed(2);
    for (let i = 0; i < 3; i++) await notify(app, sandboxNotification(code, yuan, { tradeNo: `SANDBOX${code}` }));
    const commission = Math.floor(fen / 10);
    expect(await balance(inviter.token)).toBe((commission / 100).toFixed(2));
    const rows = (await bill(inviter.token)).json().data;
    expect(rows.total).toBe(1);
    expect(rows.data[0]).toMatchObject({
      parent_user_id: invitee.tenantId,
      number: code,
      capital_flows: 'INTO',
      transaction_money: (commission / 100).toFixed(2),
      current_distribution_balance: (commission / 100).toFixed(2),
    });
    // a second paid order adds a row whose running balance includes both
    const second = await paidPlan(invitee);
    const both = (await bill(inviter.token)).json().data.data;
    expect(both[0]).toMatchObject({
      number: second.code,
      current_distribution_balance: ((commission + Math.floor(second.fen / 10)) / 100).toFixed(2),
    });
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('uses the rate an operator set, and pays nothing to an inviter that is not a distributor', async () => {
    const inviter = await distributor();
    const set = await ops('PUT', `/api/ops/distribution/distributors/${inviter.tenantId}`, { commission_rate: '12.5' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ is_distributor: true, commission_rate: '12.50' });
    const { fen } = await paidPlan(await invite(inviter.tenantId));
    expect(await balance(inviter.token)).toBe((Math.floor((fen * 1250) / 10_000) / 100).toFixed(2));

    // a top-up is a deposit, not a sale: no commission
    const depositor = await invite(inviter.tenantId);
    const before = await balance(inviter.token);
    const topUp = (await generateOrder(app, depositor.token, { pay_type: 3, amount: '60.00' })).json().data.order_code;
    expect((await sandboxAction(app, topUp, 'pay')).statusCode).toBe(200);
    expect(await balance(inviter.token)).toBe(before);
    // nor is a warehouse account's online top-up: it is the buyer's money for the warehouse's fees
    const { wwsId } = await createWarehouseLink(app, depositor.tenantId);
    const recharge = await call('POST', '/api/v1/common/wmsUnit', depositor.token, {
      service: 'customerRecharge',
      wws_id: wwsId,
      params: { amount: '80.00', rechargeType: 'alipay' },
    });
    expect(recharge.statusCode, recharge.body).toBe(200);
    const warehouseTopUp = recharge.json().data.orderNumber as string;
    expect((await sandboxAction(app, warehouseTopUp, 'pay')).json().data.state).toBe('paid');
    expect(await balance(inviter.token)).toBe(before);
    const searched = await bill(inviter.token, { search_type: 'number', search_value: warehouseTopUp });
    expect(searched.json().data.total).toBe(0);

    const plain = await createTenant(app);
    await paidPlan(await invite(plain.tenantId));
    expect(await balance(plain.token)).toBe('0.00');
    expect((await bill(plain.token)).json().data.total).toBe(0);

    const bad = await ops('PUT', `/api/ops/distribution/distributors/${inviter.tenantId}`, { commission_rate: '101' });
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'commission_rate');
    const listed = (await ops('GET', '/api/ops/distribution/distributors?page_size=100')).json().data.data;
    expect(listed.find((d: { tenant_id: number }) => d.tenant_id === inviter.tenantId)).toMatchObject({
      commission_rate: '12.50',
    });
  });
});

describe('a refund of the buyer’s order', () => {
  const refund = (code: string, amount: string, key: string) =>
    ops('POST', `/api/ops/orders/${code}/refund`, { amount, reason: 'customer asked', refund_key: key });

  it('takes the commission back in proportion, once per refund, and the earnings count it out', async () => {
    const inviter = await distributor();
    const buyer = await invite(inviter.tenantId);
    // 99.00 for 1000 units of quota: 9.90 of commission at the default 10%
    const { order_code: code } = (await generateOrder(app, buyer.token, { pay_type: 2, package_id: 3 })).json().data;
    expect((await sandboxAction(app, code, 'pay')).json().data.state).toBe('paid');
    expect(await balance(inviter.token)).toBe('9.90');

    const key = `part-${code}`;
    const part = await refund(code, '33.00', key);
    expect(part.statusCode, part.body).toBe(200);
    expect(await balance(inviter.token)).toBe('6.60'); // 9.90 x 33 / 99 = 3.30 back
    expect((await refund(code, '33.00', key)).statusCode).toBe(200);
    expect(await balance(inviter.token)).toBe('6.60');
    const rows = (await bill(inviter.token)).json().data;
    expect(rows.total).toBe(2);
    expect(rows.data[0]).toMatchObject({
      parent_user_id: buyer.tenantId,
      number: code,
      capital_flows: 'OUT',
      transaction_money: '3.30',
      current_distribution_balance: '6.60',
    });
    const months = (await call('GET', '/api/v1/finance/distributorFinance/earnings', inviter.token)).json().data;
    expect(months).toEqual([{ month: expect.any(String), amount: '6.60' }]);

    const rest = await refund(code, '66.00', `rest-${code}`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await balance(inviter.token)).toBe('0.00');
    expect((await bill(inviter.token, { capital_flows: 'OUT' })).json().data.total).toBe(2);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('takes back only what the distributor has not withdrawn, and the refund goes through', async () => {
    const inviter = await distributor();
    const buyer = await invite(inviter.tenantId);
    const { order_code: code } = (await generateOrder(app, buyer.token, { pay_type: 2, package_id: 3 })).json().data;
    await sandboxAction(app, code, 'pay');
    expect((await apply(inviter.token, '8.00')).statusCode).toBe(200); // 1.90 left to withdraw
    const res = await refund(code, '99.00', `all-${code}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: '99.00', state: 'succeeded' });
    expect(await balance(inviter.token)).toBe('0.00');
    const taken = (await bill(inviter.token, { capital_flows: 'OUT' })).json().data.data;
    expect(taken).toEqual([expect.objectContaining({ number: code, transaction_money: '1.90' })]);
    // the console's order history says what was taken and what was not
    const history: { reason: string }[] = (await ops('GET', `/api/ops/orders/${code}`)).json().data.history;
    const asked = history.find((h) => h.reason.startsWith('refund ') && h.reason.includes('asked'));
    expect(asked?.reason).toContain(
      `commission 1.90 of 9.90 taken back from distributor ${inviter.tenantId} (8.00 already withdrawn)`,
    );
    // the withdrawal asked for before the refund is still there to be paid
    const pending = (await withdrawals(inviter.token)).json().data.data;
    expect(pending).toEqual([expect.objectContaining({ transaction_money: '8.00', status: 0 })]);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe('withdrawals', () => {
  let seller: TestTenant;
  beforeAll(async () => {
    seller = await distributor();
    await fund(seller.tenantId, 10_000, `fund:${seller.tenantId}`);
    VOUCHER = await voucherFor(seller.tenantId);
  });

  it('refuses 0, a third decimal, and more than the available balance, naming the amount', async () => {
    const zero = await apply(seller.token, '0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toBe('提现金额必须大于0');
    const decimals = await apply(seller.token, '1.005');
    expect(decimals.statusCode).toBe(400);
    expectNamesField(decimals.json().msg, 'transaction_money');
    const above = await apply(seller.token, '100.01', 'kr');
    expect(above.statusCode).toBe(400);
    expect(above.json().msg).toBe('계정 잔액을 초과하지 않는 올바른 출금 금액을 입력하세요');
    for (const [field, value] of [
      ['bank_name', 'Nowhere Bank'],
      ['bank_number', 'abc'],
      ['user_name', ''],
    ] as const) {
      const res = await call('POST', '/api/v1/distributorFlow/applyDistributionFinance', seller.token, {
        transaction_money: '1',
        ...card,
        [field]: value,
      });
      expect(res.statusCode).toBe(400);
      expectNamesField(res.json().msg, field);
      // The rule in words, never the regular expression that checks it.
      expect(res.json().msg).not.toMatch(/\\d|\^|\$|\/|must match|pattern/i);
    }
    for (const [lang, words] of [
      ['zh', '银行卡号应为 8 到 30 位数字'],
      ['kr', '은행 카드 번호는 숫자 8~30자리여야 합니다'],
      ['th', 'เลขบัตรธนาคารต้องเป็นตัวเลข 8 ถึง 30 หลัก'],
    ] as const) {
      const res = await call(
        'POST',
        '/api/v1/distributorFlow/applyDistributionFinance',
        seller.token,
        { transaction_money: '1', ...card, bank_number: '1234' },
        lang,
      );
      expect(res.json().msg).toContain(words);
    }
    expect(await balance(seller.token)).toBe('100.00');
  });

  it('holds the amount at status 0; approval with a voucher pays it out, failure makes it available again', async () => {
    const first = await apply(seller.token, '30.50');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 0,
      transaction_money: '30.50',
      image_url: '',
      review_time: null,
    });
    const second = await apply(seller.token, '20');
    expect(await balance(seller.token)).toBe('49.50');

    const queue = (await ops('GET', '/api/ops/distribution/withdrawals')).json().data.data;
    expect(queue.map((w: { transaction_id: string }) => w.transaction_id)).toEqual(
      expect.arrayContaining([first.json().data.transaction_id, second.json().data.transaction_id]),
    );

    const firstId = first.json().data.transaction_id;
    const foreignVoucher = await voucherFor((await createTenant(app)).tenantId);
    const stolen = await ops('POST', `/api/ops/distribution/withdrawals/${firstId}/approve`, {
      voucher_upload_id: foreignVoucher,
      remark: 'x',
    });
    expect(stolen.statusCode).toBe(400);
    expectNamesField(stolen.json().msg, 'voucher_upload_id');
    const approved = await ops('POST', `/api/ops/distribution/withdrawals/${firstId}/approve`, {
      voucher_upload_id: VOUCHER,
      remark: 'paid by transfer',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balance(seller.token)).toBe('49.50');
    const out = (await bill(seller.token, { capital_flows: 'OUT' })).json().data.data;
    expect(out).toEqual([
      expect.objectContaining({
        transaction_id: firstId,
        transaction_money: '30.50',
        current_distribution_balance: '69.50',
      }),
    ]);

    const failed = await ops('POST', `/api/ops/distribution/withdrawals/${second.json().data.transaction_id}/fail`, {
      remark: 'card number does not exist',
    });
    expect(failed.statusCode).toBe(200);
    expect(await balance(seller.token)).toBe('69.50');

    // decided once only
    expect((await ops('POST', `/api/ops/distribution/withdrawals/${firstId}/fail`, { remark: 'x' })).statusCode).toBe(
      409,
    );
    expect((await ops('POST', '/api/ops/distribution/withdrawals/NOPE/fail', { remark: 'x' })).statusCode).toBe(404);
    const noRemark = await ops('POST', `/api/ops/distribution/withdrawals/${firstId}/fail`, { remark: '' });
    expect(noRemark.statusCode).toBe(400);
    expectNamesField(noRemark.json().msg, 'remark');

    const list = (await withdrawals(seller.token, { status: 4 })).json().data;
    expect(list.total).toBe(2);
    const approvedRow = list.data.find((w: { transaction_id: string }) => w.transaction_id === firstId);
    expect(approvedRow).toMatchObject({
      status: 1,
      image_url: `/api/v1/uploads/${VOUCHER}`,
      remark: 'paid by transfer',
      review_time: expect.stringMatching(/Z$/),
    });
    expect((await withdrawals(seller.token, { status: 2 })).json().data.data[0].remark).toBe(
      'card number does not exist',
    );
    expect((await withdrawals(seller.token, { status: 0 })).json().data.total).toBe(0);
    expect(
      (await withdrawals(seller.token, { search_type: 'transaction_id', search_value: ` ${firstId} ` })).json().data
        .total,
    ).toBe(1);
    expect(
      (
        await withdrawals(seller.token, { time_type: 'review_time', time_from: '2000-01-01', time_to: '2000-01-02' })
      ).json().data.total,
    ).toBe(0);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('writes an application whose made-up number was drawn before under a new one, instead of failing', async () => {
    const twice = await distributor();
    await fund(twice.tenantId, 300, `fund:${twice.tenantId}`);
    const drawn = withdrawalIds.next;
    const taken = `W20260101000000${String(twice.tenantId).padStart(6, '0').slice(-6)}`;
    const draws = [taken, taken];
    withdrawalIds.next = () => draws.shift() ?? drawn();
    try {
      const first = await apply(twice.token, '1.00');
      const second = await apply(twice.token, '1.00');
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(first.json().data.transaction_id).toBe(taken);
      expect(second.json().data.transaction_id).not.toBe(taken);
    } finally {
      withdrawalIds.next = drawn;
    }
    expect(await balance(twice.token)).toBe('1.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('lets exactly the applications that fit through when 200 arrive at once', async () => {
    const busy = await distributor();
    await fund(busy.tenantId, 5_000, `fund:${busy.tenantId}`);
    // A 503 (the pool too busy, nothing committed) is retried, as a client does after Retry-After.
    const applyRetrying = async () => {
      for (let attempt = 0; ; attempt++) {
        const res = await apply(busy.token, '1.00');
        if (res.statusCode !== 503 || attempt === 20) return res;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    };
    const answers = await Promise.all(Array.from({ length: 200 }, applyRetrying));
    const passed = answers.filter((a) => a.statusCode === 200).length;
    expect(passed).toBe(50);
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 400).map((a) => a.body)).toEqual([]);
    expect(await balance(busy.token)).toBe('0.00');
    expect((await withdrawals(busy.token, { page_size: 10 })).json().data.total).toBe(50);
    expect(await verifyLedger(app.db)).toEqual([]);
  }, 120_000);
});

describe('bill filters, exports and bank info', () => {
  let seller: TestTenant;
  let invitee: TestTenant;
  let code: string;
  beforeAll(async () => {
    seller = await distributor();
    invitee = await invite(seller.tenantId);
    code = (await paidPlan(invitee)).code;
    await paidPlan(invitee);
  });

  it('searches by transaction id, number and parent user id, and pages 10/20/30 only', async () => {
    expect((await bill(seller.token, { search_type: 'number', search_value: code })).json().data.total).toBe(1);
    expect(
      (await bill(seller.token, { search_type: 'parent_user_id', search_value: String(invitee.tenantId) })).json().data
        .total,
    ).toBe(2);
    expect((await bill(seller.token, { search_type: 'parent_user_id', search_value: 'abc' })).json().data.total).toBe(
      0,
    );
    const tid = (await bill(seller.token)).json().data.data[1].transaction_id;
    expect(
      (await bill(seller.token, { search_type: 'transaction_id', search_value: tid })).json().data.data[0].number,
    ).toBe(code);
    expect((await bill(seller.token, { capital_flows: 'OUT' })).json().data.total).toBe(0);
    const bad = await bill(seller.token, { page_size: 25 });
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'page_size');
    const stranger = await createTenant(app);
    expect((await bill(stranger.token)).json().data.total).toBe(0);
  });

  it('exports the bill and the withdrawals as CSV with a byte-order mark', async () => {
    const res = await call('POST', '/api/v1/finance/distributorFinance/export', seller.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="distribution-bill-\d+\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Read like the other exports: titles and words in the reader's language, times as the page shows them.
    expect(lines[0]).toBe('交易编号,下级用户ID,订单号,资金流向,金额,分销余额,创建时间,更新时间');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`,${invitee.tenantId},${code},收入,`);
    const [first] = (await bill(seller.token)).json().data.data as { sys_create_time: string }[];
    const at = new Date(first!.sys_create_time).getTime();
    const inZone = (offsetHours: number) =>
      new Date(at + offsetHours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(lines[1]).toContain(`,${inZone(8)},`);
    const bangkok = await call(
      'POST',
      '/api/v1/finance/distributorFinance/export',
      seller.token,
      { time_zone: 'Asia/Bangkok' },
      'th',
    );
    const bangkokLines = bangkok.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(bangkokLines[0]).toBe('เลขที่รายการ,ID ผู้ใช้ที่แนะนำ,เลขที่คำสั่งซื้อ,ทิศทางเงิน,จำนวนเงิน,ยอดคงเหลือ,เวลาที่สร้าง,เวลาที่อัปเดต');
    expect(bangkokLines[1]).toContain(`,รายรับ,`);
    expect(bangkokLines[1]).toContain(`,${inZone(7)},`);
    // A zone the database does not know prints business time rather than ending the download.
    const unknown = await call('POST', '/api/v1/finance/distributorFinance/export', seller.token, {
      time_zone: 'Mars/Olympus',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain(`,${inZone(8)},`);
    const filtered = await call('POST', '/api/v1/finance/distributorFinance/export', seller.token, {
      search_type: 'number',
      search_value: code,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);

    await apply(seller.token, '1');
    const w = await call('POST', '/api/v1/distributorFlow/export', seller.token, { status: 4 });
    expect(w.statusCode).toBe(200);
    const wLines = w.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(wLines[0]).toBe('交易编号,开户银行,银行卡号,开户人,金额,审核状态,申请时间,审核时间,审核备注');
    expect(wLines[1]).toContain(',中国银行,6217000011112222,Li Si,1.00,待审核,');
    const kr = await call('POST', '/api/v1/distributorFlow/export', seller.token, { time_zone: 'Asia/Seoul' }, 'kr');
    const krLines = kr.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(krLines[0]).toBe('거래 번호,은행,카드 번호,예금주,금액,심사 상태,신청 시간,심사 시간,심사 비고');
    expect(krLines[1]).toContain(',1.00,심사 대기,');
  });

  it('saves the withdrawal info, and with checked the base bank card too', async () => {
    const info = () => call('GET', '/api/v1/finance/distributorRetailer/info', seller.token);
    expect((await info()).json().data).toEqual({ user_name: '', bank_name: '', bank_number: '' });
    const save = (body: object) => call('POST', '/api/v1/distributorRetailer/save', seller.token, body);
    expect((await save({ ...card, checked: false })).statusCode).toBe(200);
    expect((await info()).json().data).toEqual(card);
    const rows = () =>
      app.db
        .selectFrom('distribution_bank_accounts')
        .select(['kind', 'user_name'])
        .where('main_id', '=', seller.tenantId)
        .orderBy('kind')
        .execute();
    expect(await rows()).toEqual([{ kind: 'withdrawal', user_name: 'Li Si' }]);
    await save({ ...card, user_name: 'Wang Wu', checked: true });
    expect(await rows()).toEqual([
      { kind: 'base', user_name: 'Wang Wu' },
      { kind: 'withdrawal', user_name: 'Wang Wu' },
    ]);
    const bad = await save({ ...card, bank_name: 'x' });
    expect(bad.statusCode).toBe(400);
    expectNamesField(bad.json().msg, 'bank_name');
  });

  it('shows earnings per month', async () => {
    const months = (await call('GET', '/api/v1/finance/distributorFinance/earnings', seller.token)).json().data;
    expect(months).toHaveLength(1);
    expect(Number(months[0].amount)).toBeGreaterThan(0);
  });

  it('lets an employee with page 264 read, but never withdraw or see the bank info', async () => {
    const reader = await createEmployee(app, seller.tenantId, { grants: [PERMISSIONS.distributionBill.page] });
    expect((await bill(reader.token)).json().data.total).toBe(2);
    expect((await call('GET', '/api/v1/common/getDistributionBalance', reader.token)).statusCode).toBe(200);
    for (const res of [
      await apply(reader.token, '1'),
      await call('GET', '/api/v1/finance/distributorRetailer/info', reader.token),
      await call('POST', '/api/v1/distributorRetailer/save', reader.token, { ...card, checked: true }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('子账号不能提现或修改提现信息');
    }
    const without = await createEmployee(app, seller.tenantId, { grants: [] });
    expect((await bill(without.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/distributorFlow/export', without.token, {})).statusCode).toBe(403);
  });
});

describe('the demo seed', () => {
  it('leaves a distributor with months of earnings, withdrawals in every status and a balance that agrees with the bill', async () => {
    const demo = await distributor();
    await transaction(app.db, (tx) => seedDistributionDemo(tx, demo.tenantId));
    const rows = (await bill(demo.token, { page_size: 30 })).json().data;
    expect(rows.total).toBeGreaterThan(100);
    const statuses = new Set(
      (await withdrawals(demo.token, { page_size: 30 })).json().data.data.map((w: { status: number }) => w.status),
    );
    expect([...statuses].sort()).toEqual([0, 1, 2]);
    const available = Number(await balance(demo.token));
    expect(available).toBeGreaterThan(0);
    const pending = (await withdrawals(demo.token, { status: 0 })).json().data.data;
    const held = pending.reduce(
      (sum: number, w: { transaction_money: string }) => sum + Number(w.transaction_money),
      0,
    );
    expect(Number(rows.data[0].current_distribution_balance)).toBeCloseTo(available + held, 2);
    const months = (await call('GET', '/api/v1/finance/distributorFinance/earnings', demo.token)).json().data;
    expect(months.length).toBeGreaterThanOrEqual(6);
    expect((await call('GET', '/api/v1/retailer/info', demo.token)).json().data.status).toBe(2);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
