import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/client.ts';
import { seedWarehouseDemo } from '../../db/seeds/warehouse.ts';
import { createEmployee, createTenant, createWarehouses, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';

let app: TestApp;
let dataDir: string;
let tenant: TestTenant;
let other: TestTenant;
let wwsId: number;
let otherWwsId: number;
let employeeToken: string;
let warehouses: number[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'wh-exports-'));
  app = await buildTestApp({ DATA_DIR: dataDir, JOB_WORKER: 'true', JOB_POLL_SECONDS: '0.5' });
  tenant = await createTenant(app);
  other = await createTenant(app);
  warehouses = await createWarehouses(app, tenant.tenantId, [
    'Shenzhen Warehouse',
    'Yiwu Warehouse',
    'Incheon Warehouse',
    'Bangkok Warehouse',
  ]);
  await transaction(app.db, (tx) => seedWarehouseDemo(tx, tenant.tenantId));
  const providers = await app.inject({
    method: 'GET',
    url: '/api/v1/user/server/list',
    headers: { authorization: tenant.token },
  });
  wwsId = providers.json().data.find((p: { name: string }) => p.name === 'Demo Cloud Warehouse').wws_id;
  ({ wwsId: otherWwsId } = await createWarehouseLink(app, other.tenantId, { name: 'Other Tenant WH' }));
  employeeToken = (
    await createEmployee(app, tenant.tenantId, {
      grants: [PERMISSIONS.bill.cloud, PERMISSIONS.bill.export],
      scopes: { [DATA_MENUS.warehouses]: { type: 2, items: [warehouses[0]!] } },
    })
  ).token;
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

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

type Task = { aes_id: string; aes_name: string; aes_status: number; aes_progress: number; aes_url: string };

/** Polls getExportResults until the task is done (or failed), as the dialog does. */
async function finished(token: string, aesId: string, exportType: number, id = wwsId): Promise<Task> {
  let task: Task | undefined;
  for (let i = 0; i < 150; i++) {
    const list = await data(token, 'getExportResults', { exportType }, id);
    task = list.data.find((t: Task) => t.aes_id === aesId);
    expect(task, 'the new task is listed').toBeDefined();
    expect(task!.aes_progress).toBeGreaterThanOrEqual(0);
    expect(task!.aes_progress).toBeLessThanOrEqual(100);
    if (task!.aes_status === 3 || task!.aes_status === 2) return task!;
    await new Promise((r) => setTimeout(r, 200));
  }
  return task!;
}

/** Every row of a list for these filters, page by page. */
async function allRows(token: string, service: string, filters: Record<string, unknown>) {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const list = await data(token, service, { ...filters, page, pageSize: 30 });
    rows.push(...list.data);
    if (rows.length >= list.total || list.data.length === 0) return rows;
  }
}

const csvLines = (body: Buffer) =>
  body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('asyncExport and getExportResults on the local engine', () => {
  it('exports the fee flow for the list filters: the CSV rows are the list rows, in order', async () => {
    const filters = { cbl_type: 2, platform: ['shopee'] };
    const queued = await data(tenant.token, 'asyncExport', { exportType: 1, ...filters });
    expect(queued.aes_id).toMatch(/^\d+$/);
    const task = await finished(tenant.token, queued.aes_id, 1);
    expect(task).toMatchObject({ aes_status: 3, aes_progress: 100 });
    expect(task.aes_name).toMatch(/^费用流水_\d{14}\.csv$/);
    expect(task.aes_url).toMatch(/^\/api\/v1\/export\/download\/\d+\?expires=\d+&signature=/);

    const file = await app.inject({ method: 'GET', url: task.aes_url });
    expect(file.statusCode).toBe(200);
    const lines = csvLines(file.rawPayload);
    expect(lines[0]).toBe('时间,费用类型,资金方向,交易金额,当前余额,流水号,系统单号,仓库单号,跟踪号,店铺,平台,备注');
    const list = await allRows(tenant.token, 'getCostWaterAndOrder', filters);
    expect(list.length).toBeGreaterThan(5);
    expect(lines).toHaveLength(list.length + 1);
    const cells = lines.slice(1).map((line) => line.split(','));
    expect(cells.map((c) => [c[0], c[3], c[4], c[5], c[10]])).toEqual(
      list.map((r) => [r.cbl_add_time, r.cbl_transaction_value, r.cbl_current_value, r.reference_no, r.platform]),
    );
    // Money at the edge, in yuan with two decimals; deductions signed as the list signs them.
    expect(cells.every((c) => /^-\d+\.\d{2}$/.test(c[3]!))).toBe(true);
  });

  it('exports the fee bill with its filters, in the asker language', async () => {
    const filters = { ds_code: 'so', bi_status: 2 };
    const queued = await data(tenant.token, 'asyncExport', { exportType: 2, ...filters }, wwsId, 'kr');
    const task = await finished(tenant.token, queued.aes_id, 2);
    expect(task.aes_status).toBe(3);
    expect(task.aes_name).toMatch(/^비용_청구서_\d{14}\.csv$/);
    const lines = csvLines((await app.inject({ method: 'GET', url: task.aes_url })).rawPayload);
    expect(lines[0]!.startsWith('과금 시간,참조 번호,주문번호')).toBe(true);
    const list = await allRows(tenant.token, 'getCostBillAndOrder', filters);
    expect(list.length).toBeGreaterThan(0);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual(
      list.map((r) => [r.bi_chargeable_time, r.reference_no]),
    );
  });

  it('exports warehouse rent to XLSX with the same rows as the list', async () => {
    const filters = { type: 3, typeValueFrom: 1 };
    const queued = await data(
      tenant.token,
      'asyncExport',
      { exportType: 3, fileType: 'xlsx', ...filters },
      wwsId,
      'th',
    );
    const task = await finished(tenant.token, queued.aes_id, 3);
    expect(task.aes_status).toBe(3);
    expect(task.aes_name).toMatch(/^ค่าเช่าคลัง_\d{14}\.xlsx$/);
    const file = await app.inject({ method: 'GET', url: task.aes_url });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values[0]!.slice(1, 3)).toEqual(['วันที่ชำระ', 'เลขที่การจัดเก็บ']);
    const list = await allRows(tenant.token, 'getStorageCosts', filters);
    expect(list.length).toBeGreaterThan(0);
    expect(values.slice(1).map((row) => [row[2], row[10]])).toEqual(list.map((r) => [r.wis_code, r.is_amount]));
  });

  it('filters the task list by status and type, for this link only', async () => {
    const done = await data(tenant.token, 'getExportResults', { status: 3 });
    expect(done.total).toBe(3);
    expect(done.data.every((t: Task) => t.aes_status === 3 && t.aes_url !== '')).toBe(true);
    expect((await data(tenant.token, 'getExportResults', { status: 0 })).total).toBe(0);
    expect((await data(tenant.token, 'getExportResults', { exportType: 2 })).total).toBe(1);
    const { wwsId: secondLink } = await createWarehouseLink(app, tenant.tenantId, { name: 'Second link' });
    expect((await data(tenant.token, 'getExportResults', {}, secondLink)).total).toBe(0);
  });

  it('keeps another tenant out: not listed, its link refused, a forged link refused', async () => {
    expect((await data(other.token, 'getExportResults', {}, otherWwsId)).total).toBe(0);
    expect((await wms(other.token, 'getExportResults', {}, wwsId)).statusCode).toBe(404);
    expect((await wms(other.token, 'asyncExport', { exportType: 1 }, wwsId)).statusCode).toBe(404);
    const mine = (await data(tenant.token, 'getExportResults', { status: 3 })).data[0] as Task;
    // The signature is bound to the task and its tenant: moved to another task id, it is refused.
    const forged = mine.aes_url.replace(/download\/(\d+)/, (_, id) => `download/${Number(id) + 1000}`);
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    // One character of the signature changed (to another one: it may have been an A already).
    const tampered = mine.aes_url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
  });

  it('gives an employee only its own tasks, whose files hold only the warehouses it may see', async () => {
    expect((await data(employeeToken, 'getExportResults', {})).total).toBe(0);
    const queued = await data(employeeToken, 'asyncExport', { exportType: 2 });
    const task = await finished(employeeToken, queued.aes_id, 2);
    expect(task.aes_status).toBe(3);
    const lines = csvLines((await app.inject({ method: 'GET', url: task.aes_url })).rawPayload).slice(1);
    const own = await allRows(employeeToken, 'getCostBillAndOrder', {});
    expect(lines).toHaveLength(own.length);
    expect(lines.every((l) => l.split(',')[5] === 'Shenzhen Warehouse')).toBe(true);
    expect((await data(employeeToken, 'getExportResults', {})).total).toBe(1);
    // The main account sees every task of the link, the employee's too.
    expect((await data(tenant.token, 'getExportResults', { exportType: 2 })).total).toBe(2);
  });

  it("narrows the fee flow, its totals, its charts and its file to the employee's warehouse (rows of none are the tenant's)", async () => {
    const shenzhen = warehouses[0]!;
    const own = await allRows(employeeToken, 'getCostWaterAndOrder', {});
    const stored = await app.db
      .selectFrom('wh_fee_flows')
      .select(['id', 'warehouse_id'])
      .where('wws_id', '=', wwsId)
      .execute();
    const visible = stored.filter((r) => r.warehouse_id === null || r.warehouse_id === shenzhen);
    expect(visible.some((r) => r.warehouse_id === shenzhen)).toBe(true);
    expect(visible.length).toBeLessThan(stored.length);
    expect(own.map((r) => r.cbl_id).sort()).toEqual(visible.map((r) => r.id).sort());
    expect((await data(employeeToken, 'getCostWaterAndOrder', {})).total).toBe(visible.length);
    expect((await data(tenant.token, 'getCostWaterAndOrder', {})).total).toBe(stored.length);

    // A date range and a type: the total comes from the kept counters, narrowed the same.
    const at = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const range = { addDateFrom: at(Date.now() - 40.5 * 86_400_000), addDateEnd: at(Date.now()) };
    const deductions = await allRows(employeeToken, 'getCostWaterAndOrder', { ...range, cbl_type: 2 });
    expect(deductions.length).toBeGreaterThan(0);
    expect((await data(employeeToken, 'getCostWaterAndOrder', { ...range, cbl_type: 2 })).total).toBe(
      deductions.length,
    );

    // The charts add up the same rows: deductions by fee type, of its warehouse only.
    const fen = (yuan: unknown) => Math.round(Math.abs(Number(yuan)) * 100);
    const summary = await data(employeeToken, 'getFlowSummary', range);
    const charted = summary.byFeeType.reduce((sum: number, t: { amount: string }) => sum + fen(t.amount), 0);
    expect(charted).toBe(deductions.reduce((sum, r) => sum + fen(r.cbl_transaction_value), 0));
    const everything = await data(tenant.token, 'getFlowSummary', range);
    expect(everything.byFeeType.reduce((sum: number, t: { amount: string }) => sum + fen(t.amount), 0)).toBeGreaterThan(
      charted,
    );

    // And the file holds the list's rows.
    const queued = await data(employeeToken, 'asyncExport', { exportType: 1, ...range, cbl_type: 2 });
    const task = await finished(employeeToken, queued.aes_id, 1);
    const lines = csvLines((await app.inject({ method: 'GET', url: task.aes_url })).rawPayload).slice(1);
    expect(lines.map((l) => l.split(',')[5])).toEqual(deductions.map((r) => r.reference_no));
  });

  it('writes the fee flow file byte for byte: business time, signed yuan, quoted and defused cells', async () => {
    const { wwsId: link } = await createWarehouseLink(app, tenant.tenantId, { name: 'Bytes link' });
    const type = await app.db
      .selectFrom('wh_fee_types')
      .select(['code', 'name_cn'])
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const row = { main_id: tenant.tenantId, wws_id: link, ft_code: type.code };
    await app.db
      .insertInto('wh_fee_flows')
      .values([
        {
          ...row,
          key: 'bytes-1',
          direction: 2,
          amount: 1234,
          balance_after: 100005,
          reference_no: '=1+2',
          order_code: 'SO1',
          tracking_number: 'TN1',
          platform_shop: 'Shop, TH',
          platform: 'shopee',
          note: 'say "hi"',
          created_at: sql<Date>`'2026-03-01 16:30:05.999+00'::timestamptz`,
        },
        // Microseconds past midnight, Beijing time: cut, not rounded, as the list prints it.
        {
          ...row,
          key: 'bytes-2',
          direction: 3,
          amount: 5,
          balance_after: -7,
          reference_no: 'R2',
          created_at: sql<Date>`'2025-12-31 16:00:00.000123+00'::timestamptz`,
        },
      ])
      .execute();
    const queued = await data(tenant.token, 'asyncExport', { exportType: 1 }, link);
    const task = await finished(tenant.token, queued.aes_id, 1, link);
    expect(task.aes_status).toBe(3);
    const file = (await app.inject({ method: 'GET', url: task.aes_url })).rawPayload;
    const name = type.name_cn ?? type.code;
    expect(file.toString('utf8')).toBe(
      '\uFEFF时间,费用类型,资金方向,交易金额,当前余额,流水号,系统单号,仓库单号,跟踪号,店铺,平台,备注\r\n' +
        `2026-03-02 00:30:05,${name},扣款,-12.34,1000.05,'=1+2,SO1,,TN1,"Shop, TH",shopee,"say ""hi"""\r\n` +
        `2026-01-01 00:00:00,${name},入账,0.05,-0.07,R2,,,,,,\r\n`,
    );
  });

  it('refuses a bad exportType with a 400 naming it', async () => {
    for (const exportType of [7, 'flow', undefined]) {
      const res = await wms(tenant.token, 'asyncExport', { exportType });
      expect(res.statusCode, String(exportType)).toBe(400);
      expect(res.json().msg).toContain('exportType');
    }
    const format = await wms(tenant.token, 'asyncExport', { exportType: 1, fileType: 'pdf' });
    expect(format.statusCode).toBe(400);
    expect(format.json().msg).toContain('fileType');
  });
});
