import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { parseBillTime } from '@seller-centre/contract/quota';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/client.ts';
import { seedDistributionDemo } from '../db/seeds/distribution.ts';
import { seedThirdPartyDemo } from '../db/seeds/third-party.ts';
import { seedWarehouseDemo } from '../db/seeds/warehouse.ts';
import { setDistributorFlag } from '../modules/profile/service.ts';
import { businessTime, postThirdParty, SOURCE } from '../modules/third-party/service.ts';
import { postFee } from '../modules/warehouse/service.ts';
import { createEmployee, createTenant, createWarehouses, type TestTenant } from '../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { createTestOperator } from '../test/operator-factories.ts';
import { seededRandom } from '../test/seeded-random.ts';

// Every money list's total, asked with random time ranges (cutting hours and days anywhere, open
// at either end) and random filters, must equal the rows a reader would count: the rows written
// by the services, the demo seeds, and changed afterwards (reviews, reconciliation).

let app: TestApp;
let tenant: TestTenant;
let operatorToken: string;
let employeeToken: string;
let allowedWarehouse: number;
let wwsId: number;

const { random, pick, maybe } = seededRandom(20261126);

const DAY = 86_400_000;
/** A range as the browser sends it: business-time text to the second or a day, either end open. */
function randomRange(): { from?: string | undefined; to?: string | undefined } {
  const span = random() < 0.5 ? 12 * DAY : 200 * DAY;
  const start = new Date(Date.now() - random() * span);
  const end = new Date(start.getTime() + random() * span * 0.6);
  const text = (d: Date) => (random() < 0.3 ? businessTime(d).slice(0, 10) : businessTime(d));
  return { from: random() < 0.85 ? text(start) : undefined, to: random() < 0.85 ? text(end) : undefined };
}
const inRange = (at: Date, r: { from?: string | undefined; to?: string | undefined }) =>
  (!r.from || at.getTime() >= parseBillTime(r.from, 'from')) && (!r.to || at.getTime() <= parseBillTime(r.to, 'to'));

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
async function total(url: string, token: string, payload: object): Promise<number> {
  const res = await post(url, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
}
const wms = (token: string, service: string, params: object) =>
  total('/api/v1/common/wmsUnit', token, { service, wws_id: wwsId, params: { ...params, pageSize: 10 } });

const FEE_TYPES = ['SHIPPING', 'STORAGE', 'OPERATION'];
const PLATFORMS = ['amazon', 'shopee', ''];
const CASES = 30;

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  operatorToken = (await createTestOperator(app)).token;
  const warehouses = await createWarehouses(app, tenant.tenantId, ['Shenzhen Warehouse', 'Yiwu Warehouse']);
  allowedWarehouse = warehouses[0]!;
  employeeToken = (
    await createEmployee(app, tenant.tenantId, {
      grants: [PERMISSIONS.bill.cloud],
      scopes: { [DATA_MENUS.warehouses]: { type: 2, items: [allowedWarehouse] } },
    })
  ).token;

  // Warehouse: the demo seed's months of rows, then fee postings of the last days.
  await transaction(app.db, (tx) => seedWarehouseDemo(tx, tenant.tenantId));
  const link = await app.db
    .selectFrom('wh_tenant_providers as tp')
    .innerJoin('wh_providers as p', 'p.id', 'tp.provider_id')
    .select('tp.id')
    .where('tp.main_id', '=', tenant.tenantId)
    .where('p.name', '=', 'Demo Cloud Warehouse')
    .executeTakeFirstOrThrow();
  wwsId = link.id;
  for (let i = 0; i < 40; i += 1) {
    await postFee(app.db, {
      wwsId,
      key: `kept-${i}`,
      direction: 3,
      amount: 100 + i,
      ftCode: pick(FEE_TYPES),
      platform: pick(PLATFORMS),
      referenceNo: `KEPT${i}`,
      at: new Date(Date.now() - random() * 12 * DAY),
    });
  }
  // Reconciliation turns some bills from 2 to 3 and back.
  await sql`UPDATE wh_fee_bills SET status = 5 - status WHERE wws_id = ${wwsId} AND id % 3 = 0`.execute(app.db);

  // Third-party bill: the seed, then postings of the last days.
  await transaction(app.db, (tx) => seedThirdPartyDemo(tx, tenant.tenantId));
  for (let i = 0; i < 30; i += 1) {
    await postThirdParty(app.db, {
      tenantId: tenant.tenantId,
      transactionId: `kept-tp-${tenant.tenantId}-${i}`,
      type: pick(['pay', 'customer_care', 'other'] as const),
      flow: 'into',
      amountFen: 100 + i,
      source: SOURCE.suite,
      platform: pick(PLATFORMS),
      addedDate: new Date(Date.now() - random() * 12 * DAY),
    });
  }

  // Distribution: the seed, then applications of today, some of them failed by an operator.
  await setDistributorFlag(app.db, tenant.tenantId, true);
  await transaction(app.db, (tx) => seedDistributionDemo(tx, tenant.tenantId));
  for (let i = 0; i < 4; i += 1) {
    const res = await post('/api/v1/distributorFlow/applyDistributionFinance', tenant.token, {
      transaction_money: '0.10',
      bank_name: '中国银行',
      bank_number: '6217000011112222',
      user_name: 'Li Si',
    });
    expect(res.statusCode, res.body).toBe(200);
    if (i % 2 === 0) {
      const failed = await post(
        `/api/ops/distribution/withdrawals/${res.json().data.transaction_id}/fail`,
        operatorToken,
        { remark: 'wrong card' },
      );
      expect(failed.statusCode, failed.body).toBe(200);
    }
  }
});
afterAll(async () => app.close());

describe('kept totals', () => {
  it('fee flow: every range and filter totals the rows that match', async () => {
    const rows = await app.db
      .selectFrom('wh_fee_flows')
      .select(['created_at', 'ft_code', 'platform', 'direction', 'reference_no'])
      .where('wws_id', '=', wwsId)
      .execute();
    expect(rows.length).toBeGreaterThan(60);
    for (let i = 0; i < CASES; i += 1) {
      const r = randomRange();
      const f = {
        ft_code: maybe(pick(FEE_TYPES)),
        platform: maybe([pick(PLATFORMS), pick(PLATFORMS)]),
        cbl_type: maybe(pick([0, 1, 2, 3])),
        reference_no: maybe(pick(rows).reference_no, 0.15),
      };
      const expected = rows.filter(
        (row) =>
          inRange(row.created_at, r) &&
          (f.ft_code === undefined || row.ft_code === f.ft_code) &&
          (f.platform === undefined || f.platform.includes(row.platform)) &&
          (f.cbl_type === undefined || row.direction === f.cbl_type) &&
          (f.reference_no === undefined || row.reference_no === f.reference_no),
      ).length;
      const params = {
        addDateFrom: r.from,
        addDateEnd: r.to,
        ft_code: f.ft_code,
        platform: f.platform,
        cbl_type: f.cbl_type,
        ...(f.reference_no ? { search_type: 1, search_code: f.reference_no } : {}),
      };
      expect({ params, total: await wms(tenant.token, 'getCostWaterAndOrder', params) }).toEqual({
        params,
        total: expected,
      });
    }
  });

  it('fee bill and rent: every range and filter, for the owner and for an employee of one warehouse', async () => {
    const bills = await app.db
      .selectFrom('wh_fee_bills')
      .select(['chargeable_at', 'ds_code', 'ft_code', 'status', 'warehouse_id'])
      .where('wws_id', '=', wwsId)
      .execute();
    const rents = await app.db
      .selectFrom('wh_rents')
      .select(['is_date', 'warehouse_id'])
      .where('wws_id', '=', wwsId)
      .execute();
    expect(bills.length).toBeGreaterThan(20);
    expect(new Set(bills.map((b) => b.status)).size).toBe(2);
    expect(bills.some((b) => b.warehouse_id !== null && b.warehouse_id !== allowedWarehouse)).toBe(true);
    const warehouseIds = [...new Set(bills.map((b) => b.warehouse_id).filter((w) => w !== null))];
    for (let i = 0; i < CASES; i += 1) {
      const r = randomRange();
      const employee = random() < 0.5;
      const sees = (w: number | null) => !employee || w === null || w === allowedWarehouse;
      const f = {
        ds_code: maybe(pick(bills).ds_code),
        bi_status: maybe(pick([2, 3])),
        ft_code: maybe(pick(bills).ft_code),
        warehouse_id: maybe(pick(warehouseIds), 0.3),
      };
      const expected = bills.filter(
        (b) =>
          sees(b.warehouse_id) &&
          inRange(b.chargeable_at, r) &&
          (f.ds_code === undefined || b.ds_code === f.ds_code) &&
          (f.bi_status === undefined || b.status === f.bi_status) &&
          (f.ft_code === undefined || b.ft_code === f.ft_code) &&
          (f.warehouse_id === undefined || b.warehouse_id === f.warehouse_id),
      ).length;
      const params = { ...f, dateFor: r.from, dateTo: r.to };
      const token = employee ? employeeToken : tenant.token;
      expect({ employee, params, total: await wms(token, 'getCostBillAndOrder', params) }).toEqual({
        employee,
        params,
        total: expected,
      });
      const rentParams = { warehouseId: f.warehouse_id, dateFor: r.from, dateTo: r.to };
      const rentExpected = rents.filter(
        (x) =>
          sees(x.warehouse_id) &&
          inRange(x.is_date, r) &&
          (f.warehouse_id === undefined || x.warehouse_id === f.warehouse_id),
      ).length;
      expect({ employee, rentParams, total: await wms(token, 'getStorageCosts', rentParams) }).toEqual({
        employee,
        rentParams,
        total: rentExpected,
      });
    }
  });

  it('third-party bill: every range and filter totals the rows that match', async () => {
    const rows = await app.db
      .selectFrom('third_party_transactions')
      .select(['added_date', 'transaction_type', 'capital_flows', 'platform', 'ordersn'])
      .where('main_id', '=', tenant.tenantId)
      .execute();
    expect(rows.length).toBeGreaterThan(40);
    for (let i = 0; i < CASES; i += 1) {
      const r = randomRange();
      const f = {
        transaction_type: maybe(pick(rows).transaction_type),
        capital_flows: maybe(pick(['into', 'out'] as const)),
        platform: maybe(pick(rows).platform),
        ordersn: maybe(pick(rows).ordersn || undefined, 0.15),
      };
      const expected = rows.filter(
        (x) =>
          inRange(x.added_date, r) &&
          (!f.transaction_type || x.transaction_type === f.transaction_type) &&
          (!f.capital_flows || x.capital_flows === f.capital_flows) &&
          (!f.platform || x.platform === f.platform) &&
          (!f.ordersn || x.ordersn === f.ordersn),
      ).length;
      const params = { ...f, added_date: [r.from ?? '', r.to ?? ''] };
      expect({ params, total: await total('/api/v1/finance/list', tenant.token, params) }).toEqual({
        params,
        total: expected,
      });
    }
  });

  it('distribution bill and withdrawals: every range, direction and status, after reviews', async () => {
    const entries = await app.db
      .selectFrom('distribution_entries')
      .select(['created_at', 'capital_flows'])
      .where('main_id', '=', tenant.tenantId)
      .execute();
    const withdrawals = await app.db
      .selectFrom('distribution_withdrawals')
      .select(['created_at', 'status'])
      .where('main_id', '=', tenant.tenantId)
      .execute();
    expect(new Set(withdrawals.map((w) => w.status)).size).toBe(3);
    for (let i = 0; i < CASES; i += 1) {
      const r = randomRange();
      const flows = maybe(pick(['INTO', 'OUT'] as const));
      const billParams = { capital_flows: flows, time_from: r.from, time_to: r.to, page_size: 10 };
      const billExpected = entries.filter(
        (e) => inRange(e.created_at, r) && (!flows || e.capital_flows === flows),
      ).length;
      expect({
        billParams,
        total: await total('/api/v1/finance/distributorFinance/list', tenant.token, billParams),
      }).toEqual({ billParams, total: billExpected });
      const status = maybe(pick([0, 1, 2, 4]), 0.6);
      const params = { status, time_from: r.from, time_to: r.to, page_size: 10 };
      const expected = withdrawals.filter(
        (w) => inRange(w.created_at, r) && (status === undefined || status === 4 || w.status === status),
      ).length;
      expect({ params, total: await total('/api/v1/distributorFlow/list', tenant.token, params) }).toEqual({
        params,
        total: expected,
      });
    }
  });
});
