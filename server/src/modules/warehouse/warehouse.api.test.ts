import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/client.ts';
import { seedWarehouseDemo } from '../../db/seeds/warehouse.ts';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { createEmployee, createTenant, createWarehouses, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';
import { effectOf, postFee, setCreditLine } from './service.ts';

let app: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let wwsId: number;
let secondWwsId: number;
let otherWwsId: number;
let warehouseIds: number[];

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  other = await createTenant(app);
  warehouseIds = await createWarehouses(app, tenant.tenantId, ['WH North', 'WH South']);
  ({ wwsId } = await createWarehouseLink(app, tenant.tenantId, { name: 'Alpha Warehousing', warehouseIds }));
  ({ wwsId: secondWwsId } = await createWarehouseLink(app, tenant.tenantId, { name: 'Beta Logistics' }));
  ({ wwsId: otherWwsId } = await createWarehouseLink(app, other.tenantId, { name: 'Gamma Foreign' }));
});
afterAll(async () => app.close());

const wms = (token: string, service: string, params: Record<string, unknown> = {}, id = wwsId, lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/common/wmsUnit',
    headers: { authorization: token, 'accept-language': lang },
    payload: { service, wws_id: id, params },
  });
const data = async (token: string, service: string, params: Record<string, unknown> = {}, id = wwsId, lang = 'zh') => {
  const res = await wms(token, service, params, id, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/v1/user/server/list', () => {
  it("lists the tenant's providers by name, never another tenant's", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/user/server/list',
      headers: { authorization: tenant.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { name: 'Alpha Warehousing', wws_id: wwsId },
      { name: 'Beta Logistics', wws_id: secondWwsId },
    ]);
  });

  it('needs the cloud bill permission 270', async () => {
    const without = await createEmployee(app, tenant.tenantId, { grants: [PERMISSIONS.bill.softwareFee] });
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/user/server/list',
      headers: { authorization: without.token },
    });
    expect(list.statusCode).toBe(403);
    expect((await wms(without.token, 'getBalance')).statusCode).toBe(403);
    const withIt = await createEmployee(app, tenant.tenantId, { grants: [PERMISSIONS.bill.cloud] });
    const allowed = await app.inject({
      method: 'GET',
      url: '/api/v1/user/server/list',
      headers: { authorization: withIt.token },
    });
    expect(allowed.json().data).toHaveLength(2);
  });
});

describe('POST /api/v1/common/wmsUnit: the call itself', () => {
  it('refuses an unknown service with a 400 naming it', async () => {
    const res = await wms(tenant.token, 'dropDatabase');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('dropDatabase');
  });

  it('refuses bad params with a 400 naming the param', async () => {
    const res = await wms(tenant.token, 'getCostWaterAndOrder', { pageSize: 50 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('pageSize');
    const date = await wms(tenant.token, 'getCostWaterAndOrder', { addDateFrom: 'yesterday' });
    expect(date.statusCode).toBe(400);
    expect(date.json().msg).toContain('addDateFrom');
    const type = await wms(tenant.token, 'getCostBillAndOrder', { ds_code: 'xyz' });
    expect(type.statusCode).toBe(400);
    expect(type.json().msg).toContain('ds_code');
  });

  it("answers 404 for a wws_id that is not the tenant's, and 400 without one", async () => {
    const res = await wms(tenant.token, 'getBalance', {}, otherWwsId);
    expect(res.statusCode).toBe(404);
    expect((await wms(tenant.token, 'getBalance', {}, 987_654)).statusCode).toBe(404);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/common/wmsUnit',
      headers: { authorization: tenant.token },
      payload: { service: 'getBalance' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('wws_id');
  });
});

describe('the local warehouse account', () => {
  it('credits, deducts, freezes and settles with the running balance after each row', async () => {
    const base = { wwsId: secondWwsId, ftCode: 'SHIPPING' };
    await postFee(app.db, { ...base, key: 'c1', direction: 3, amount: 100_000, ftCode: 'RECHARGE', note: 'top-up' });
    await postFee(app.db, { ...base, key: 'd1', direction: 2, amount: 1_234, orderCode: 'SO-1', platform: 'shopee' });
    await postFee(app.db, { ...base, key: 'f1', direction: 0, amount: 5_000, orderCode: 'SO-2', platform: 'coupang' });
    await postFee(app.db, { ...base, key: 'f2', direction: 0, amount: 700, orderCode: 'SO-3' });
    await postFee(app.db, { ...base, key: 'p1', direction: 2, settlesKey: 'f1', orderCode: 'SO-2' });
    await postFee(app.db, { ...base, key: 'u2', direction: 1, settlesKey: 'f2', orderCode: 'SO-3' });
    const again = await postFee(app.db, { ...base, key: 'd1', direction: 2, amount: 1_234 });
    expect(again.applied).toBe(false);

    const balance = await data(tenant.token, 'getBalance', {}, secondWwsId);
    expect(balance).toEqual({ cb_value: '937.66', cb_credit_line: '0.00', cb_frozen: '0.00', currency_code: 'CNY' });
    const flow = await data(tenant.token, 'getCostWaterAndOrder', {}, secondWwsId);
    // The deduction of frozen money comes with the freeze's release: each row adds its amount.
    expect(flow.total).toBe(7);
    expect(
      flow.data.map((r: Record<string, unknown>) => [r.cbl_type, r.cbl_transaction_value, r.cbl_current_value]),
    ).toEqual([
      [1, '7.00', '937.66'],
      [2, '-50.00', '930.66'],
      [1, '50.00', '980.66'],
      [0, '-7.00', '930.66'],
      [0, '-50.00', '937.66'],
      [2, '-12.34', '987.66'],
      [3, '1000.00', '1000.00'],
    ]);
    expect([flow.data[1].order_code, flow.data[2].order_code]).toEqual(['SO-2', 'SO-2']);
    expect(flow.data[6]).toMatchObject({ ft_name_cn: '充值', cbl_type_title: '入账', cbl_note: 'top-up' });
    expect(flow.data[6].cbl_add_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const kr = await data(tenant.token, 'getCostWaterAndOrder', { cbl_type: 0 }, secondWwsId, 'kr');
    expect(kr.data.map((r: { cbl_type_title: string }) => r.cbl_type_title)).toEqual(['동결', '동결']);
  });

  it('refuses a debit past the floor, and the credit line lowers the floor', async () => {
    const { wwsId: id } = await createWarehouseLink(app, tenant.tenantId);
    await postFee(app.db, { wwsId: id, key: 'c', direction: 3, amount: 1_000, ftCode: 'RECHARGE' });
    await expect(
      postFee(app.db, { wwsId: id, key: 'd', direction: 2, amount: 1_001, ftCode: 'OTHER' }),
    ).rejects.toMatchObject({
      code: 409,
    });
    await setCreditLine(app.db, id, 50_000);
    await postFee(app.db, { wwsId: id, key: 'd', direction: 2, amount: 51_000, ftCode: 'OTHER' });
    expect(await data(tenant.token, 'getBalance', {}, id)).toMatchObject({
      cb_value: '-500.00',
      cb_credit_line: '500.00',
    });
    await expect(
      postFee(app.db, { wwsId: id, key: 'e', direction: 0, amount: 1, ftCode: 'OTHER' }),
    ).rejects.toMatchObject({
      code: 409,
    });
    // Taking the line back while the account is in debt would leave it below its floor.
    await expect(setCreditLine(app.db, id, 0)).rejects.toMatchObject({ code: 409 });
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('keeps the ledger and the running balance exact under concurrent postings', async () => {
    const { wwsId: id } = await createWarehouseLink(app, tenant.tenantId);
    await postFee(app.db, { wwsId: id, key: 'c', direction: 3, amount: 10_000, ftCode: 'RECHARGE' });
    // A 503 (the database busy: nothing committed) is retried under the same key, as a caller would.
    const attempt = async (i: number, tries = 5): Promise<unknown> => {
      try {
        await postFee(app.db, {
          wwsId: id,
          key: `x${i}`,
          direction: i % 4 === 0 ? 3 : i % 4 === 1 ? 0 : 2,
          amount: 1_000,
          ftCode: 'SHIPPING',
        });
        return 'ok';
      } catch (e) {
        const code = (e as { code?: number }).code;
        return code === 503 && tries > 1 ? attempt(i, tries - 1) : code;
      }
    };
    const attempts = Array.from({ length: 16 }, (_, i) => attempt(i));
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o !== 'ok' && o !== 409)).toEqual([]);
    const rows = await app.db.selectFrom('wh_fee_flows').selectAll().where('wws_id', '=', id).orderBy('id').execute();
    let running = 0;
    for (const row of rows) {
      running += effectOf(row);
      expect(row.balance_after).toBe(running);
    }
    expect(running).toBeGreaterThanOrEqual(0);
    const balance = await data(tenant.token, 'getBalance', {}, id);
    expect(balance.cb_value).toBe((running / 100).toFixed(2));
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe('lists and reference services', () => {
  let employeeToken: string;
  beforeAll(async () => {
    const demoWarehouses = await createWarehouses(app, other.tenantId, [
      'Shenzhen Warehouse',
      'Yiwu Warehouse',
      'Incheon Warehouse',
      'Bangkok Warehouse',
    ]);
    await transaction(app.db, (tx) => seedWarehouseDemo(tx, other.tenantId));
    const employee = await createEmployee(app, other.tenantId, {
      grants: [PERMISSIONS.bill.cloud],
      scopes: { [DATA_MENUS.warehouses]: { type: 2, items: [demoWarehouses[0]!] } },
    });
    employeeToken = employee.token;
  });

  const demoWwsId = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/user/server/list',
      headers: { authorization: other.token },
    });
    return res.json().data.find((p: { name: string }) => p.name === 'Demo Cloud Warehouse').wws_id as number;
  };

  it('seeds six months whose flow ends at the ledger balance', async () => {
    const id = await demoWwsId();
    const flow = await data(other.token, 'getCostWaterAndOrder', { pageSize: 10 }, id);
    expect(flow.total).toBeGreaterThan(500);
    expect(flow.data).toHaveLength(10);
    const balance = await data(other.token, 'getBalance', {}, id);
    const newest = await app.db
      .selectFrom('wh_fee_flows')
      .select('balance_after')
      .where('wws_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(balance.cb_value).toBe((newest.balance_after / 100).toFixed(2));
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('filters the flow by type, fee, platform, search and dates', async () => {
    const id = await demoWwsId();
    const all = (await data(other.token, 'getCostWaterAndOrder', {}, id)).total;
    const count = async (params: Record<string, unknown>) =>
      (await data(other.token, 'getCostWaterAndOrder', params, id)).total;
    const credits = await count({ cbl_type: 3 });
    expect(credits).toBeGreaterThan(0);
    expect(
      credits + (await count({ cbl_type: 0 })) + (await count({ cbl_type: 1 })) + (await count({ cbl_type: 2 })),
    ).toBe(all);
    expect(await count({ ft_code: 'RECHARGE' })).toBe(credits);
    const shopee = await count({ platform: ['shopee'] });
    expect(shopee).toBeGreaterThan(0);
    expect(await count({ platform: ['shopee', 'coupang'] })).toBeGreaterThan(shopee);
    const first = (await data(other.token, 'getCostWaterAndOrder', { cbl_type: 2 }, id)).data[0];
    expect(await count({ search_type: 2, search_code: first.order_code })).toBeGreaterThanOrEqual(1);
    expect(await count({ search_type: 4, search_code: first.tracking_number })).toBeGreaterThanOrEqual(1);
    expect(await count({ search_type: 5, search_code: 'shopee th' })).toBeGreaterThan(0);
    expect(await count({ addDateFrom: '2000-01-01 00:00:00', addDateEnd: '2000-01-07 23:59:59' })).toBe(0);
    const day = first.cbl_add_time.slice(0, 10);
    const thatDay = await count({ addDateFrom: `${day} 00:00:00`, addDateEnd: `${day} 23:59:59` });
    expect(thatDay).toBeGreaterThan(0);
    expect(thatDay).toBeLessThan(all);
  });

  it('lists fee bills with business type, verification and write-off, narrowed by data authority', async () => {
    const id = await demoWwsId();
    const bills = await data(other.token, 'getCostBillAndOrder', {}, id);
    expect(bills.total).toBeGreaterThan(100);
    expect(bills.data[0]).toMatchObject({ currency_code: 'CNY', bi_status: 2, status_desc: '未对账' });
    const reconciled = await data(other.token, 'getCostBillAndOrder', { bi_status: 3 }, id, 'th');
    expect(reconciled.data[0]).toMatchObject({
      bi_status: 3,
      status_desc: 'กระทบยอดแล้ว',
      bi_writeoff: 'p',
      writeoff_desc: 'ตัดบัญชีบางส่วน',
    });
    const so = await data(other.token, 'getCostBillAndOrder', { ds_code: 'so' }, id);
    expect(so.data.every((b: { ds_code: string }) => b.ds_code === 'so')).toBe(true);
    const byOrder = await data(
      other.token,
      'getCostBillAndOrder',
      { search_type: 2, search_code: bills.data[0].order_code },
      id,
    );
    expect(byOrder.total).toBe(1);
    const mine = await data(employeeToken, 'getCostBillAndOrder', {}, id);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(bills.total);
    expect(mine.data.every((b: { warehouse_name: string }) => b.warehouse_name === 'Shenzhen Warehouse')).toBe(true);
    const warehouses = await data(employeeToken, 'getWarehouse', { page: 1, pageSize: 200 }, id);
    expect(warehouses.data.map((w: { warehouse_name: string }) => w.warehouse_name)).toEqual(['Shenzhen Warehouse']);
    expect((await data(other.token, 'getWarehouse', {}, id)).total).toBe(2);
  });

  it('lists warehouse rent with its settlement cycles and filters', async () => {
    const id = await demoWwsId();
    const rent = await data(other.token, 'getStorageCosts', { pageSize: 30 }, id);
    expect(rent.data).toHaveLength(30);
    const cycles = new Set<number>();
    for (let page = 1; page <= 5; page++)
      for (const r of (await data(other.token, 'getStorageCosts', { page, pageSize: 30 }, id)).data)
        cycles.add(r.wp_settlement_cycle);
    expect([...cycles].sort()).toEqual([0, 1, 2, 3]);
    const count = async (params: Record<string, unknown>) =>
      (await data(other.token, 'getStorageCosts', params, id)).total;
    const all = rent.total;
    const big = await count({ type: 1, typeValueFrom: 20 });
    expect(big).toBeGreaterThan(0);
    expect(big).toBeLessThan(all);
    const rows = (await data(other.token, 'getStorageCosts', { type: 3, typeValueFrom: 100, pageSize: 30 }, id)).data;
    expect(rows.every((r: { is_amount: string }) => Number(r.is_amount) >= 100)).toBe(true);
    expect(await count({ codeLike: rent.data[0].wis_code })).toBe(1);
    const [shenzhen] = (await data(other.token, 'getWarehouse', {}, id)).data;
    expect(await count({ warehouseId: shenzhen.warehouse_id })).toBeLessThan(all);
    const mine = await data(employeeToken, 'getStorageCosts', {}, id);
    expect(mine.data.every((r: { warehouse_name: string }) => r.warehouse_name === 'Shenzhen Warehouse')).toBe(true);
  });

  it('answers currencies, fee types, account, payment methods and bank accounts', async () => {
    const id = await demoWwsId();
    const currency = await data(other.token, 'getCurrency', {}, id);
    expect(currency.basicCurrency).toBe('CNY');
    expect(currency.currencyList.map((c: { currency_code: string }) => c.currency_code)).toEqual([
      'CNY',
      'USD',
      'KRW',
      'THB',
    ]);
    expect(currency.currencyList[1]).toEqual({
      currency_code: 'USD',
      currency_name: '美元',
      currency_name_en: 'US Dollar',
      currency_rate: '7.1',
    });
    const types = (await data(other.token, 'getFeeType', {}, id)).data;
    expect(types[0]).toEqual({ ft_code: 'RECHARGE', ft_name_cn: '充值', ft_name_en: 'Top-up' });
    expect(await data(other.token, 'getAccount', {}, id)).toMatchObject({ company_name: 'Demo Cloud Warehouse Ltd.' });
    expect((await data(other.token, 'getPaymentMethod', {}, id)).data).toHaveLength(2);
    const banks = (await data(other.token, 'getBankAccount', { paymentMethod: 'bank' }, id)).data;
    expect(banks).toHaveLength(1);
    expect(banks[0]).toMatchObject({ ba_id: 1, currency_code: 'CNY' }); // RMB is shown as CNY
  });
});

describe('getFlowSummary (the charts)', () => {
  it('answers the end-of-day balance and the spend by day and by fee type', async () => {
    const { wwsId: id } = await createWarehouseLink(app, tenant.tenantId);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await postFee(app.db, { wwsId: id, key: 'c', direction: 3, amount: 10_000, ftCode: 'RECHARGE' });
    await postFee(app.db, { wwsId: id, key: 'a', direction: 2, amount: 1_200, ftCode: 'SHIPPING' });
    await postFee(app.db, { wwsId: id, key: 'b', direction: 2, amount: 300, ftCode: 'OPERATION' });
    await postFee(app.db, { wwsId: id, key: 'd', direction: 2, amount: 500, ftCode: 'SHIPPING' });
    const summary = await data(
      tenant.token,
      'getFlowSummary',
      { addDateFrom: `${day} 00:00:00`, addDateEnd: `${day} 23:59:59` },
      id,
    );
    expect(summary.days).toEqual([{ day, balance: '80.00', spend: '20.00' }]);
    expect(summary.byFeeType).toEqual([
      { ft_code: 'SHIPPING', ft_name_cn: '运费', ft_name_en: 'Shipping fee', amount: '17.00' },
      { ft_code: 'OPERATION', ft_name_cn: '操作费', ft_name_en: 'Handling fee', amount: '3.00' },
    ]);
    const tooLong = await wms(
      tenant.token,
      'getFlowSummary',
      { addDateFrom: '2024-01-01', addDateEnd: '2025-06-01' },
      id,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toContain('addDateEnd');
  });
});

describe('the warehouse a fee flow row is charged in', () => {
  it("is the one posted, and a settlement takes its freeze's (so warehouse authority keeps the pair together)", async () => {
    const { wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Charged-in link', warehouseIds });
    await postFee(app.db, { wwsId: link, key: 'top-up', direction: 3, amount: 10_000, ftCode: 'RECHARGE' });
    const frozen = await postFee(app.db, {
      wwsId: link,
      key: 'hold',
      direction: 0,
      amount: 500,
      ftCode: 'SHIPPING',
      warehouseId: warehouseIds[1]!,
    });
    const settled = await postFee(app.db, {
      wwsId: link,
      key: 'charge',
      direction: 2,
      settlesKey: 'hold',
      ftCode: 'SHIPPING',
    });
    const topUp = await app.db
      .selectFrom('wh_fee_flows')
      .select('warehouse_id')
      .where('wws_id', '=', link)
      .where('key', '=', 'top-up')
      .executeTakeFirstOrThrow();
    expect([topUp.warehouse_id, frozen.row.warehouse_id, settled.row.warehouse_id]).toEqual([
      null,
      warehouseIds[1],
      warehouseIds[1],
    ]);
    const north = await createEmployee(app, tenant.tenantId, {
      grants: [PERMISSIONS.bill.cloud],
      scopes: { [DATA_MENUS.warehouses]: { type: 2, items: [warehouseIds[0]!] } },
    });
    const seen = await data(north.token, 'getCostWaterAndOrder', {}, link);
    expect(seen.total).toBe(1);
    expect(seen.data.map((r: { ft_code: string }) => r.ft_code)).toEqual(['RECHARGE']);
  });
});
