import { isBillTime } from '@seller-centre/contract/quota';
import { thirdPartyPaths } from '@seller-centre/contract/third-party';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDistributorFlag } from '../modules/profile/service.ts';
import { createTenant, type TestTenant } from '../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { expectNamesField } from '../test/messages.ts';
import { createWarehouseLink } from '../test/warehouse-factories.ts';

/**
 * Every list and export that takes a time filter reads it by the one shared schema (ZBillTime):
 * a value it cannot read is a 400 naming the field, never a 500 or a cut download.
 */
let app: TestApp;
let tenant: TestTenant;
let wwsId: number;
beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  await setDistributorFlag(app.db, tenant.tenantId, true);
  ({ wwsId } = await createWarehouseLink(app, tenant.tenantId));
});
afterAll(async () => app.close());

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: tenant.token, 'accept-language': 'zh' }, payload });
const wms = (service: string, params: object) => post('/api/v1/common/wmsUnit', { service, wws_id: wwsId, params });

/** A route with a time filter: how to send a time in the field, and the field it names. */
type Route = { name: string; field: string; send: (time: string) => ReturnType<typeof post> };
const ROUTES: Route[] = [
  { name: 'software bill', field: 'time_from', send: (v) => post('/api/v1/pay/package/list', { time_from: v }) },
  { name: 'deduction bill', field: 'to_time', send: (v) => post('/api/v1/package/getLogList', { to_time: v }) },
  {
    name: 'distribution bill',
    field: 'time_from',
    send: (v) => post('/api/v1/finance/distributorFinance/list', { time_from: v }),
  },
  {
    name: 'distribution bill export',
    field: 'time_from',
    send: (v) => post('/api/v1/finance/distributorFinance/export', { time_from: v }),
  },
  { name: 'withdrawals', field: 'time_to', send: (v) => post('/api/v1/distributorFlow/list', { time_to: v }) },
  {
    name: 'withdrawals export',
    field: 'time_from',
    send: (v) => post('/api/v1/distributorFlow/export', { time_from: v }),
  },
  {
    name: 'third-party bill',
    field: 'added_date',
    send: (v) => post(thirdPartyPaths.list, { added_date: [v, ''] }),
  },
  {
    name: 'third-party export',
    field: 'transaction_date',
    send: (v) => post(thirdPartyPaths.addExportTask, { module: 3, transaction_date: ['', v] }),
  },
  { name: 'fee flow', field: 'addDateFrom', send: (v) => wms('getCostWaterAndOrder', { addDateFrom: v }) },
  { name: 'fee bill', field: 'dateTo', send: (v) => wms('getCostBillAndOrder', { dateTo: v }) },
  { name: 'warehouse rent', field: 'dateFor', send: (v) => wms('getStorageCosts', { dateFor: v }) },
  { name: 'credit applications', field: 'dateFor', send: (v) => wms('getCreditLineList', { dateFor: v }) },
  { name: 'payment notes', field: 'startDate', send: (v) => wms('getPaymentNoteList', { startDate: v }) },
  {
    name: 'flow charts',
    field: 'addDateFrom',
    send: (v) => wms('getFlowSummary', { addDateFrom: v, addDateEnd: v }),
  },
  {
    name: 'fee flow export',
    field: 'addDateEnd',
    send: (v) => wms('asyncExport', { exportType: 1, addDateEnd: v }),
  },
  { name: 'fee bill export', field: 'dateFor', send: (v) => wms('asyncExport', { exportType: 2, dateFor: v }) },
  { name: 'rent export', field: 'dateTo', send: (v) => wms('asyncExport', { exportType: 3, dateTo: v }) },
];

// What a filter cannot read: a negative number, a day that does not exist (Date.parse rolls it
// over into March), an hour past 23, an offset past ±14:00, words.
const UNREADABLE = [
  '-1',
  '2026-02-31',
  '2026-04-31 10:00:00',
  '2026-03-01 24:00:00',
  '2026-03-01T10:00:00+15:00',
  'soon',
];

describe('time filters', () => {
  it.each(ROUTES)('$name refuses a time it cannot read with a 400 naming $field', async ({ send, field }) => {
    for (const value of UNREADABLE) {
      const res = await send(value);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      const body = res.json<{ code: number; msg: string }>();
      expect(body.code).toBe(400);
      expectNamesField(body.msg, field);
      expect(body.msg).toContain('YYYY-MM-DD');
    }
  });

  it.each(ROUTES)('$name still reads the times the pages send', async ({ send }) => {
    for (const value of ['2026-03-01', '2026-02-28 23:59:59', '2024-02-29T00:00:00+07:00']) {
      const res = await send(value);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(200);
    }
  });

  it('the shared rule reads real days and refuses the rest', () => {
    expect(isBillTime('2024-02-29')).toBe(true);
    expect(isBillTime('2025-02-29')).toBe(false);
    expect(isBillTime('2026-12-31T23:59:59.999Z')).toBe(true);
    expect(isBillTime('2026-12-31T23:59:59+14:00')).toBe(true);
    expect(isBillTime('2026-00-10')).toBe(false);
    expect(isBillTime('0000-01-01')).toBe(false);
  });
});
