import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { opsWarehousePaths } from '@seller-centre/contract/warehouse-ops';
import { uploadPaths } from '@seller-centre/contract/uploads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { createEmployee, createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { generateOrder, notify, sandboxNotification } from '../../test/order-factories.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';
import { expireDueCreditLines } from './credit-line-service.ts';
import { postFee } from './service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-money-test-'));
let app: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let operator: { token: string };
let wwsId: number;
let otherWwsId: number;

beforeAll(async () => {
  app = await buildTestApp({ DATA_DIR: dataDir });
  tenant = await createTenant(app);
  other = await createTenant(app);
  operator = await createTestOperator(app);
  ({ wwsId } = await createWarehouseLink(app, tenant.tenantId, { name: 'Money Warehouse' }));
  ({ wwsId: otherWwsId } = await createWarehouseLink(app, other.tenantId, { name: 'Other Money Warehouse' }));
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const wms = (token: string, service: string, params: Record<string, unknown> = {}, id = wwsId, lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/common/wmsUnit',
    headers: { authorization: token, 'accept-language': lang },
    payload: { service, wws_id: id, params },
  });
async function data<T = Record<string, unknown>>(token: string, service: string, params: Record<string, unknown> = {}, id = wwsId) {
  const res = await wms(token, service, params, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
const balance = (token = tenant.token, id = wwsId) =>
  data<{ cb_value: string; cb_credit_line: string; cb_frozen: string }>(token, 'getBalance', {}, id);
const ops = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { authorization: operator.token }, ...(payload ? { payload } : {}) });
async function noLedgerBreach() {
  expect(await verifyLedger(app.db)).toEqual([]);
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function uploadPng(token: string, count = 1): Promise<string[]> {
  const boundary = `----wh${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await app.inject({
    method: 'POST',
    url: uploadPaths.upload,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.files as { upload_id: string }[]).map((f) => f.upload_id);
}

const flowRows = (token = tenant.token, id = wwsId) =>
  data<{ total: number; data: { cbl_type: number; order_code: string; reference_no: string; cbl_transaction_value: string; ft_code: string }[] }>(
    token,
    'getCostWaterAndOrder',
    { pageSize: 30 },
    id,
  );

describe('online top-up: customerRecharge and getPaymentDetail', () => {
  it('makes an order with a QR code; paid, it credits the account once with a credit row in the fee flow', async () => {
    const before = await balance();
    const order = await data<{ barcodeShowUrlContent: string; orderNumber: string }>(tenant.token, 'customerRecharge', {
      amount: '123.45',
      rechargeType: 'alipay',
    });
    expect(order.barcodeShowUrlContent).toContain(`/dev/pay?order_code=${order.orderNumber}`);
    expect(await data(tenant.token, 'getPaymentDetail', { orderCode: order.orderNumber })).toEqual({ cpd_status: 1 });

    const paid = sandboxNotification(order.orderNumber, '123.45');
    expect((await notify(app, paid)).body).toBe('success');
    // The provider retries (the same notification twice, and once more under another trade number).
    await notify(app, paid);
    await notify(app, sandboxNotification(order.orderNumber, '123.45', { tradeNo: `X${order.orderNumber}` }));

    expect(await data(tenant.token, 'getPaymentDetail', { orderCode: order.orderNumber })).toEqual({ cpd_status: 2 });
    const after = await balance();
    expect(Math.round(Number(after.cb_value) * 100) - Math.round(Number(before.cb_value) * 100)).toBe(12_345);
    const rows = (await flowRows()).data.filter((r) => r.order_code === order.orderNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cbl_type: 3, cbl_transaction_value: '123.45', ft_code: 'RECHARGE' });
    // The warehouse's money is listed by the cloud-warehouse bill, not as a software purchase.
    const softwareBill = await app.inject({
      method: 'POST',
      url: '/api/v1/pay/package/list',
      headers: { authorization: tenant.token },
      payload: { page: 1, page_size: 20, order_code: order.orderNumber },
    });
    expect(softwareBill.statusCode, softwareBill.body).toBe(200);
    expect(softwareBill.json().data.total_count).toBe(0);
    // Ordered in Chinese, the top-up reads in the operator's language in the console.
    const detail = await app.inject({
      method: 'GET',
      url: `/api/ops/orders/${order.orderNumber}`,
      headers: { authorization: operator.token, 'accept-language': 'kr' },
    });
    expect(detail.json().data.title).toMatch(/^클라우드 창고 계정 충전 123\.45위안/);
    await noLedgerBreach();
  });

  it('refuses a bad amount or another payment type with a 400 naming it', async () => {
    const zero = await wms(tenant.token, 'customerRecharge', { amount: '0', rechargeType: 'alipay' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toContain('充值金额');
    const three = await wms(tenant.token, 'customerRecharge', { amount: '1.001', rechargeType: 'alipay' });
    expect(three.statusCode).toBe(400);
    const wechat = await wms(tenant.token, 'customerRecharge', { amount: '10', rechargeType: 'wechat' });
    expect(wechat.statusCode).toBe(400);
    expect(wechat.json().msg).toContain('rechargeType');
  });

  it("answers 404 for another tenant's top-up and for an order that is not a warehouse top-up", async () => {
    const order = await data<{ orderNumber: string }>(tenant.token, 'customerRecharge', { amount: '5', rechargeType: 'alipay' });
    expect((await wms(other.token, 'getPaymentDetail', { orderCode: order.orderNumber }, otherWwsId)).statusCode).toBe(404);
    const { wwsId: secondLink } = await createWarehouseLink(app, tenant.tenantId, { name: 'Second Money Warehouse' });
    expect((await wms(tenant.token, 'getPaymentDetail', { orderCode: order.orderNumber }, secondLink)).statusCode).toBe(404);
    const topUp = await generateOrder(app, tenant.token, { pay_type: 3, amount: '50' });
    const code = topUp.json().data.order_code as string;
    expect((await wms(tenant.token, 'getPaymentDetail', { orderCode: code })).statusCode).toBe(404);
  });

  it('many top-ups paid at once, each notified twice, add up exactly and keep the ledger whole', async () => {
    const before = await balance();
    const orders = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => data<{ orderNumber: string }>(tenant.token, 'customerRecharge', { amount: `${n}0.01`, rechargeType: 'alipay' })),
    );
    await Promise.all(
      orders.flatMap((o, i) => {
        const fields = sandboxNotification(o.orderNumber, `${i + 1}0.01`);
        return [notify(app, fields), notify(app, fields)];
      }),
    );
    const after = await balance();
    expect(Math.round(Number(after.cb_value) * 100) - Math.round(Number(before.cb_value) * 100)).toBe(15_005);
    await noLedgerBreach();
  });
});

const NOTE = {
  paymentMethod: 'bank',
  paymentDate: '2026-11-20',
  paymentAccount: 1,
  paymentCurrency: 'CNY',
  paymentAmount: '800.50',
  paymentNote: 'November top-up',
};
let transactionSeq = 0;
const nextTransaction = () => `TX2026112000000000${(transactionSeq += 1).toString().padStart(6, '0')}`;

describe('offline top-up: payment notes', () => {
  it('submits a note with two proof images; an operator confirms and completes it, crediting once', async () => {
    const proofs = await uploadPng(tenant.token, 2);
    const transactionNo = nextTransaction();
    const made = await data<{ pn_id: number; reference_no: string }>(tenant.token, 'submitPayment', {
      ...NOTE,
      transactionNo,
      attachArr: proofs,
    });
    expect(made.reference_no).toMatch(/^PN\d{8}[0-9A-F]{8}$/);

    const list = await data<{ total: number; data: { pn_id: number; pn_status: number; attacheds: string[] }[] }>(
      tenant.token,
      'getPaymentNoteList',
      { pnStatus: 1 },
    );
    const listed = list.data.find((n) => n.pn_id === made.pn_id)!;
    expect(listed.pn_status).toBe(1);
    expect(listed.attacheds).toEqual(proofs.map((id) => `/api/v1/uploads/${id}`));
    const image = await app.inject({ method: 'GET', url: listed.attacheds[0]!, headers: { authorization: tenant.token } });
    expect(image.statusCode).toBe(200);

    // The operators' queue shows it with the console's image links, which an operator can open.
    const queue = await ops('GET', `${opsWarehousePaths.paymentNotes}?tenant_id=${tenant.tenantId}`);
    expect(queue.statusCode, queue.body).toBe(200);
    const queued = (queue.json().data.data as { pn_id: number; attacheds: string[]; tenant_id: number }[]).find((n) => n.pn_id === made.pn_id)!;
    expect(queued.tenant_id).toBe(tenant.tenantId);
    const opsImage = await app.inject({ method: 'GET', url: queued.attacheds[1]!, headers: { authorization: operator.token } });
    expect(opsImage.statusCode).toBe(200);

    const before = await balance();
    const decide = (action: string, extra: Record<string, unknown> = {}) =>
      ops('POST', opsWarehousePaths.paymentNoteDecision.replace(':pn_id', String(made.pn_id)), { action, ...extra });
    expect((await decide('review')).statusCode).toBe(409);
    expect((await decide('confirm')).json().data.pn_status).toBe(2);
    // Confirmed: the tenant can no longer discard it.
    const discard = await wms(tenant.token, 'discardPayment', { noteIDs: [made.pn_id] });
    expect(discard.statusCode).toBe(400);
    expect(discard.json().msg).toBe('不允许废弃已完成和已审核状态的数据');
    const completed = await decide('complete');
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().data).toMatchObject({ pn_status: 5, pn_arrival_amount: '800.50' });
    expect((await decide('complete')).statusCode).toBe(409);

    const after = await balance();
    expect(Math.round(Number(after.cb_value) * 100) - Math.round(Number(before.cb_value) * 100)).toBe(80_050);
    const credit = (await flowRows()).data.filter((r) => r.reference_no === made.reference_no);
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({ cbl_type: 3, cbl_transaction_value: '800.50' });
    const detail = await data<{ pn_status: number; pn_verify_time: string }>(tenant.token, 'getPaymentNoteDetail', { noteID: made.pn_id });
    expect(detail.pn_status).toBe(5);
    expect(detail.pn_verify_time).not.toBe('');
    await noLedgerBreach();
  });

  it('refuses what the contract refuses: no proof, six proofs, another tenant’s image, an unknown method, account or currency', async () => {
    const [mine] = await uploadPng(tenant.token);
    const [theirs] = await uploadPng(other.token);
    const base = { ...NOTE, transactionNo: nextTransaction() };
    const none = await wms(tenant.token, 'submitPayment', { ...base, attachArr: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('attachArr');
    const six = await wms(tenant.token, 'submitPayment', { ...base, attachArr: [mine, mine, mine, mine, mine, mine] });
    expect(six.statusCode).toBe(400);
    expect(six.json().msg).toContain('attachArr');
    const foreign = await wms(tenant.token, 'submitPayment', { ...base, attachArr: [mine, theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toContain('attachArr');
    const method = await wms(tenant.token, 'submitPayment', { ...base, paymentMethod: 'cash', attachArr: [mine] });
    expect(method.json()).toMatchObject({ code: 400, msg: '请选择汇款方式' });
    const account = await wms(tenant.token, 'submitPayment', { ...base, paymentAccount: 99, attachArr: [mine] });
    expect(account.json()).toMatchObject({ code: 400, msg: '请选择收款账号' });
    const currency = await wms(tenant.token, 'submitPayment', { ...base, paymentCurrency: 'XYZ', attachArr: [mine] });
    expect(currency.json()).toMatchObject({ code: 400, msg: '请选择币种' });
    const tooSmall = await wms(tenant.token, 'submitPayment', { ...base, paymentAmount: '0.00', attachArr: [mine] });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().msg).toContain('付款金额');
    const noTransaction = await wms(tenant.token, 'submitPayment', { ...base, transactionNo: ' ', attachArr: [mine] });
    expect(noTransaction.statusCode).toBe(400);
    expect(noTransaction.json().msg).toContain('transactionNo');
  });

  it('takes one live note per bank transaction number', async () => {
    const [proof] = await uploadPng(tenant.token);
    const transactionNo = nextTransaction();
    const first = await data<{ pn_id: number }>(tenant.token, 'submitPayment', { ...NOTE, transactionNo, attachArr: [proof] });
    const twice = await wms(tenant.token, 'submitPayment', { ...NOTE, transactionNo, attachArr: [proof] });
    expect(twice.statusCode).toBe(409);
    // Voided, the number is free for a corrected note.
    await data(tenant.token, 'discardPayment', { noteIDs: [first.pn_id] });
    expect((await wms(tenant.token, 'submitPayment', { ...NOTE, transactionNo, attachArr: [proof] })).statusCode).toBe(200);
  });

  it('discards all chosen notes or none; a rejected note carries the reason and can be discarded', async () => {
    const [proof] = await uploadPng(tenant.token);
    const a = await data<{ pn_id: number }>(tenant.token, 'submitPayment', { ...NOTE, transactionNo: nextTransaction(), attachArr: [proof] });
    const b = await data<{ pn_id: number }>(tenant.token, 'submitPayment', { ...NOTE, transactionNo: nextTransaction(), attachArr: [proof] });
    const decide = (id: number, body: Record<string, unknown>) =>
      ops('POST', opsWarehousePaths.paymentNoteDecision.replace(':pn_id', String(id)), body);
    expect((await decide(b.pn_id, { action: 'reject' })).statusCode).toBe(400);
    expect((await decide(b.pn_id, { action: 'confirm' })).statusCode).toBe(200);

    const mixed = await wms(tenant.token, 'discardPayment', { noteIDs: [a.pn_id, b.pn_id] });
    expect(mixed.statusCode).toBe(400);
    expect((await data<{ pn_status: number }>(tenant.token, 'getPaymentNoteDetail', { noteID: a.pn_id })).pn_status).toBe(1);

    const rejected = await decide(b.pn_id, { action: 'reject', pn_desc: '金额与到账不符' });
    expect(rejected.json().data.pn_status).toBe(4);
    const seen = await data<{ pn_desc: string }>(tenant.token, 'getPaymentNoteDetail', { noteID: b.pn_id });
    expect(seen.pn_desc).toBe('金额与到账不符');
    expect(await data(tenant.token, 'discardPayment', { noteIDs: [a.pn_id, b.pn_id] })).toEqual({ discarded: 2 });
    const voided = await data<{ data: { pn_id: number }[] }>(tenant.token, 'getPaymentNoteList', { pnStatus: 0 });
    expect(voided.data.map((n) => n.pn_id)).toEqual(expect.arrayContaining([a.pn_id, b.pn_id]));
    // Another tenant's note is not found, and a voided note cannot be completed.
    expect((await wms(other.token, 'getPaymentNoteDetail', { noteID: a.pn_id }, otherWwsId)).statusCode).toBe(404);
    expect((await wms(other.token, 'discardPayment', { noteIDs: [a.pn_id] }, otherWwsId)).statusCode).toBe(404);
    expect((await decide(a.pn_id, { action: 'complete' })).statusCode).toBe(409);
  });

  it('a note paid in another currency is completed with the CNY amount that arrived', async () => {
    const [proof] = await uploadPng(tenant.token);
    const note = await data<{ pn_id: number }>(tenant.token, 'submitPayment', {
      ...NOTE,
      paymentCurrency: 'USD',
      paymentAmount: '100',
      transactionNo: nextTransaction(),
      attachArr: [proof],
    });
    const url = opsWarehousePaths.paymentNoteDecision.replace(':pn_id', String(note.pn_id));
    await ops('POST', url, { action: 'confirm' });
    const missing = await ops('POST', url, { action: 'complete' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('arrival_amount');
    const done = await ops('POST', url, { action: 'complete', arrival_amount: '709.80' });
    expect(done.json().data).toMatchObject({ pn_status: 5, pn_amount: '100.00', pn_currency_code: 'USD', pn_arrival_amount: '709.80' });
  });

  it('the queue is for operators only', async () => {
    expect((await app.inject({ method: 'GET', url: opsWarehousePaths.paymentNotes, headers: { authorization: tenant.token } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: opsWarehousePaths.creditApplications })).statusCode).toBe(401);
  });
});

describe('credit lines', () => {
  const future = (days: number) => {
    const at = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
    return at.toISOString().slice(0, 19).replace('T', ' ');
  };
  const decide = (code: string, body: Record<string, unknown>) =>
    ops('POST', opsWarehousePaths.creditDecision.replace(':acl_code', code), body);

  it('applies (2), voids only at 2, deletes only at 0; an effective time not after now is refused', async () => {
    const { wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Credit Warehouse A' });
    const past = await wms(tenant.token, 'quotaApply', { creditLine: '1000', effectiveTime: '2020-01-01 00:00:00', note: 'peak' }, link);
    expect(past.json()).toMatchObject({ code: 400, msg: '有效时间必须比当前时间大' });
    const noReason = await wms(tenant.token, 'quotaApply', { creditLine: '1000', effectiveTime: future(30), note: '' }, link);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain('note');

    const { acl_code } = await data<{ acl_code: string }>(tenant.token, 'quotaApply', { creditLine: '1000', effectiveTime: future(30), note: 'peak season' }, link);
    expect((await wms(tenant.token, 'quotaApply', { creditLine: '2000', effectiveTime: future(30), note: 'again' }, link)).statusCode).toBe(409);
    const listed = await data<{ total: number; data: { acl_code: string; acl_status: number; acl_org_value: string; acl_apply_credit: string; acl_reason: string; applicant_name: string }[] }>(
      tenant.token,
      'getCreditLineList',
      { status: 1 },
      link,
    );
    expect(listed.data[0]).toMatchObject({ acl_code, acl_status: 2, acl_org_value: '0.00', acl_apply_credit: '1000.00', acl_reason: 'peak season', applicant_name: tenant.userName });

    expect((await wms(tenant.token, 'deleteApply', { acl_code }, link)).statusCode).toBe(409);
    expect(await data(tenant.token, 'voidApply', { acl_code }, link)).toEqual({ success: true });
    expect((await wms(tenant.token, 'voidApply', { acl_code }, link)).statusCode).toBe(409);
    expect(await data(tenant.token, 'deleteApply', { acl_code }, link)).toEqual({ success: true });
    const after = await data<{ total: number }>(tenant.token, 'getCreditLineList', { status: 1 }, link);
    expect(after.total).toBe(0);
    expect((await wms(other.token, 'voidApply', { acl_code }, otherWwsId)).statusCode).toBe(404);
  });

  it('approved, the line takes effect and the account may go below zero within it; expired, the floor moves back', async () => {
    const { wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Credit Warehouse B' });
    const { acl_code } = await data<{ acl_code: string }>(tenant.token, 'quotaApply', { creditLine: '500', effectiveTime: future(10), note: 'launch' }, link);
    const approved = await decide(acl_code, { action: 'approve', acl_note: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ acl_status: 3, acl_note: 'ok', current_credit_line: '500.00' });
    expect((await decide(acl_code, { action: 'reject' })).statusCode).toBe(409);
    expect(await balance(tenant.token, link)).toMatchObject({ cb_value: '0.00', cb_credit_line: '500.00' });

    await postFee(app.db, { wwsId: link, key: 'ship-1', direction: 2, amount: 30_000, ftCode: 'SHIPPING' });
    await expect(postFee(app.db, { wwsId: link, key: 'ship-2', direction: 2, amount: 30_000, ftCode: 'SHIPPING' })).rejects.toMatchObject({ code: 409 });
    expect((await balance(tenant.token, link)).cb_value).toBe('-300.00');

    // The effective time passes: the application expires; the line cannot fall below the 300 spent.
    await app.db.updateTable('wh_credit_applications').set({ effective_at: sql<Date>`now() - interval '1 second'` }).where('acl_code', '=', acl_code).execute();
    const round = await expireDueCreditLines(app.db);
    expect(round.expired).toBeGreaterThanOrEqual(1);
    const rows = await data<{ data: { acl_code: string; acl_status: number; acl_apply_credit: string }[] }>(tenant.token, 'getCreditLineList', { status: 4 }, link);
    expect(rows.data).toEqual([expect.objectContaining({ acl_code, acl_status: 4, acl_apply_credit: '500.00' })]);
    expect((await balance(tenant.token, link)).cb_credit_line).toBe('300.00');
    await expect(postFee(app.db, { wwsId: link, key: 'ship-3', direction: 2, amount: 1, ftCode: 'SHIPPING' })).rejects.toMatchObject({ code: 409 });

    // Paid back, the next round takes the line to 0.
    await postFee(app.db, { wwsId: link, key: 'repay', direction: 3, amount: 40_000, ftCode: 'RECHARGE' });
    await expireDueCreditLines(app.db);
    expect(await balance(tenant.token, link)).toMatchObject({ cb_value: '100.00', cb_credit_line: '0.00' });
    await noLedgerBreach();
  });

  it('an application past its effective time cannot be approved; a rejection leaves the line', async () => {
    const { wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Credit Warehouse C' });
    const first = await data<{ acl_code: string }>(tenant.token, 'quotaApply', { creditLine: '800', effectiveTime: future(1), note: 'a' }, link);
    await app.db.updateTable('wh_credit_applications').set({ effective_at: sql<Date>`now() - interval '1 second'` }).where('acl_code', '=', first.acl_code).execute();
    expect((await decide(first.acl_code, { action: 'approve' })).statusCode).toBe(409);
    const rejected = await decide(first.acl_code, { action: 'reject', acl_note: 'too late' });
    expect(rejected.json().data).toMatchObject({ acl_status: 5, acl_note: 'too late' });
    expect((await balance(tenant.token, link)).cb_credit_line).toBe('0.00');
    const queue = await ops('GET', `${opsWarehousePaths.creditApplications}?status=5&tenant_id=${tenant.tenantId}`);
    expect((queue.json().data.data as { acl_code: string }[]).map((a) => a.acl_code)).toContain(first.acl_code);
  });

  it('approvals, expiries and spending at once keep the ledger whole', async () => {
    const { wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Credit Warehouse D' });
    await postFee(app.db, { wwsId: link, key: 'seed', direction: 3, amount: 10_000, ftCode: 'RECHARGE' });
    const { acl_code } = await data<{ acl_code: string }>(tenant.token, 'quotaApply', { creditLine: '200', effectiveTime: future(5), note: 'x' }, link);
    const spends = Array.from({ length: 12 }, (_, i) =>
      postFee(app.db, { wwsId: link, key: `burst-${i}`, direction: 2, amount: 2_500, ftCode: 'SHIPPING' }).then(
        () => 'ok',
        () => 'refused',
      ),
    );
    const [decision, ...outcomes] = await Promise.all([decide(acl_code, { action: 'approve' }), ...spends, expireDueCreditLines(app.db)]);
    expect((decision as { statusCode: number }).statusCode).toBe(200);
    const spent = outcomes.filter((o) => o === 'ok').length * 2_500;
    // 100 of its own plus at most 200 of credit: never more than 300 spent.
    expect(spent).toBeLessThanOrEqual(30_000);
    const now = await balance(tenant.token, link);
    expect(Math.round(Number(now.cb_value) * 100)).toBe(10_000 - spent);
    expect(Number(now.cb_value)).toBeGreaterThanOrEqual(-200);
    await noLedgerBreach();
  });
});

describe('the buttons of the cloud bill (271 to 275) are checked by the server', () => {
  const { cloud, onlineTopUp, offlineTopUp, applyCredit, offlineTopUpManagement, export: exportButton } = PERMISSIONS.bill;
  const buttons = [onlineTopUp, offlineTopUp, applyCredit, offlineTopUpManagement, exportButton];
  const inAMonth = new Date(Date.now() + 30 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  let link: number;
  let orderCode: string;
  let noteId: number;
  beforeAll(async () => {
    ({ wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Buttons Warehouse' }));
    orderCode = (await data<{ orderNumber: string }>(tenant.token, 'customerRecharge', { amount: '3', rechargeType: 'alipay' }, link)).orderNumber;
    const proofs = await uploadPng(tenant.token);
    noteId = (
      await data<{ pn_id: number }>(tenant.token, 'submitPayment', { ...NOTE, transactionNo: nextTransaction(), attachArr: proofs }, link)
    ).pn_id;
  });

  type Case = [what: string, button: number, service: string, params: (token: string) => Promise<Record<string, unknown>>];
  const cases: Case[] = [
    ['online top-up', onlineTopUp, 'customerRecharge', async () => ({ amount: '10', rechargeType: 'alipay' })],
    ['its payment status', onlineTopUp, 'getPaymentDetail', async () => ({ orderCode })],
    ['offline top-up', offlineTopUp, 'submitPayment', async (token) => ({
      ...NOTE,
      transactionNo: nextTransaction(),
      attachArr: await uploadPng(token),
    })],
    ['its receiving accounts', offlineTopUp, 'getBankAccount', async () => ({ paymentMethod: 'bank' })],
    ['credit application', applyCredit, 'quotaApply', async () => ({ creditLine: '100', effectiveTime: inAMonth, note: 'peak' })],
    ['the credit applications', applyCredit, 'getCreditLineList', async () => ({})],
    ['offline top-up management', offlineTopUpManagement, 'getPaymentNoteList', async () => ({})],
    ['a note in it', offlineTopUpManagement, 'getPaymentNoteDetail', async () => ({ noteID: noteId })],
    ['export', exportButton, 'asyncExport', async () => ({ exportType: 1 })],
    ['the export list', exportButton, 'getExportResults', async () => ({})],
  ];

  it.each(cases)('%s needs button %i: 403 without it (every other button held), answered with it', async (_what, button, service, params) => {
    const without = await createEmployee(app, tenant.tenantId, { grants: [cloud, ...buttons.filter((b) => b !== button)] });
    const refused = await wms(without.token, service, await params(without.token), link);
    expect(refused.statusCode, refused.body).toBe(403);
    const withIt = await createEmployee(app, tenant.tenantId, { grants: [cloud, button] });
    const answered = await wms(withIt.token, service, await params(withIt.token), link);
    expect(answered.statusCode, answered.body).toBe(200);
  });

  it('the payment methods serve the offline top-up form and the management list: either button will do', async () => {
    const pageOnly = await createEmployee(app, tenant.tenantId, { grants: [cloud] });
    expect((await wms(pageOnly.token, 'getPaymentMethod', {}, link)).statusCode).toBe(403);
    for (const button of [offlineTopUp, offlineTopUpManagement]) {
      const employee = await createEmployee(app, tenant.tenantId, { grants: [cloud, button] });
      expect((await wms(employee.token, 'getPaymentMethod', {}, link)).statusCode).toBe(200);
    }
  });

  it('page 270 alone still reads the balance and the lists, and the money did not move for the refused', async () => {
    const before = await balance(tenant.token, link);
    const pageOnly = await createEmployee(app, tenant.tenantId, { grants: [cloud] });
    for (const service of ['getBalance', 'getAccount', 'getCurrency', 'getCostWaterAndOrder', 'getCostBillAndOrder', 'getStorageCosts']) {
      expect((await wms(pageOnly.token, service, {}, link)).statusCode, service).toBe(200);
    }
    expect((await wms(pageOnly.token, 'discardPayment', { noteIDs: [noteId] }, link)).statusCode).toBe(403);
    expect((await wms(pageOnly.token, 'voidApply', { acl_code: 'ACL1' }, link)).statusCode).toBe(403);
    expect((await wms(pageOnly.token, 'deleteApply', { acl_code: 'ACL1' }, link)).statusCode).toBe(403);
    expect(await balance(tenant.token, link)).toEqual(before);
  });
});

describe('what a refusal says', () => {
  /** A business-time day (UTC+08:00) `days` from today, as the date picker sends it. */
  const businessDay = (days: number) =>
    new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

  it('refuses a payment date after today, saying so, and takes today', async () => {
    const [proof] = await uploadPng(tenant.token);
    for (const [lang, words] of [
      ['zh', '付款日期填写有误：不能晚于今天'],
      ['kr', '오늘 이후일 수 없습니다'],
      ['th', 'ต้องไม่เกินวันนี้'],
    ] as const) {
      const res = await wms(
        tenant.token,
        'submitPayment',
        { ...NOTE, paymentDate: businessDay(1), transactionNo: nextTransaction(), attachArr: [proof] },
        wwsId,
        lang,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(words);
    }
    const today = await wms(tenant.token, 'submitPayment', {
      ...NOTE,
      paymentDate: businessDay(0),
      transactionNo: nextTransaction(),
      attachArr: [proof],
    });
    expect(today.statusCode, today.body).toBe(200);
  });

  it('says a zero amount in yuan words, never the fen bound', async () => {
    const [proof] = await uploadPng(tenant.token);
    const cases = [
      ['submitPayment', { ...NOTE, paymentAmount: '0', transactionNo: nextTransaction(), attachArr: [proof] }],
      ['quotaApply', { creditLine: '0.00', effectiveTime: businessDay(3), note: 'zero' }],
      ['customerRecharge', { amount: '0', rechargeType: 'alipay' }],
    ] as const;
    for (const [service, params] of cases) {
      const res = await wms(tenant.token, service, params);
      expect(res.statusCode, res.body).toBe(400);
      const msg = res.json().msg as string;
      expect(msg, service).toContain('必须大于 0');
      expect(msg, service).not.toMatch(/>=|≥|\b1\b/);
    }
  });
});
