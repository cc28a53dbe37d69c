import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { startFakeEccang, type FakeEccang } from '../../test/fake-eccang.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';

// A provider configured as ECCANG (adapter 'eccang' with its endpoint and credentials in its
// settings, as an operator sets them) answered by the local fake SOAP service, through the route.
let app: TestApp;
let fake: FakeEccang;
let tenant: TestTenant;
let wwsId: number;

beforeAll(async () => {
  fake = await startFakeEccang();
  app = await buildTestApp();
  tenant = await createTenant(app);
  ({ wwsId } = await createWarehouseLink(app, tenant.tenantId, {
    name: 'ECCANG Partner',
    adapter: 'eccang',
    settings: { eccang: { endpoint: fake.endpoint, appToken: fake.appToken, appKey: fake.appKey } },
  }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const wms = (service: string, params: Record<string, unknown>, lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/common/wmsUnit',
    headers: { authorization: tenant.token, 'accept-language': lang },
    payload: { service, wws_id: wwsId, params },
  });

describe('POST /api/v1/common/wmsUnit with an ECCANG provider', () => {
  it('passes asyncExport and getExportResults through callService and answers the contract shapes', async () => {
    fake.answers.set('asyncExport', { ask: 'Success', message: 'Success', data: { aes_id: 5512 } });
    fake.answers.set('getExportResults', {
      ask: 'Success',
      message: 'Success',
      count: '2',
      data: [
        {
          aes_id: '5512',
          aes_name: 'fee-flow-20261123.xlsx',
          aes_progress: '100',
          aes_add_time: '2026-11-23 10:00:00',
          aes_status: '3',
          aes_note: '',
          aes_url: 'https://oms.example.com/export/5512.xlsx',
        },
        {
          aes_id: '5511',
          aes_name: 'fee-bill-20261123.xlsx',
          aes_progress: '40',
          aes_add_time: '2026-11-23 09:59:00',
          aes_status: '1',
        },
      ],
    });

    const queued = await wms('asyncExport', {
      exportType: '1',
      cbl_type: 2,
      addDateFrom: '2026-11-17 00:00:00',
      addDateEnd: '2026-11-23 23:59:59',
    });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().data).toEqual({ aes_id: '5512' });
    const sent = fake.calls.at(-1)!;
    expect(sent).toMatchObject({
      service: 'asyncExport',
      appToken: fake.appToken,
      appKey: fake.appKey,
      language: 'zh_CN',
    });
    // The list filters and exportType as the contract names them; our own fileType stays on our side.
    expect(sent.params).toEqual({
      exportType: 1,
      cbl_type: 2,
      platform: [],
      addDateFrom: '2026-11-17 00:00:00',
      addDateEnd: '2026-11-23 23:59:59',
    });

    const results = await wms('getExportResults', { exportType: 1 }, 'kr');
    expect(results.statusCode, results.body).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({
      service: 'getExportResults',
      params: { exportType: 1, page: 1, pageSize: 10 },
      language: 'en_US',
    });
    expect(results.json().data).toEqual({
      total: 2,
      data: [
        {
          aes_id: '5512',
          aes_name: 'fee-flow-20261123.xlsx',
          aes_progress: 100,
          aes_add_time: '2026-11-23 10:00:00',
          aes_status: 3,
          aes_note: '',
          aes_url: 'https://oms.example.com/export/5512.xlsx',
        },
        {
          aes_id: '5511',
          aes_name: 'fee-bill-20261123.xlsx',
          aes_progress: 40,
          aes_add_time: '2026-11-23 09:59:00',
          aes_status: 1,
          aes_note: '',
          aes_url: '',
        },
      ],
    });
  });

  it("reports ECCANG's refusal as a 400 in its words", async () => {
    fake.answers.set('asyncExport', { ask: 'Failure', message: 'Export too frequent', data: null });
    const res = await wms('asyncExport', { exportType: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Export too frequent');
  });
});
