import { QUOTA_TYPE_OF_SERVICE } from '@seller-centre/contract/quota';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaServiceNames, valueAddedServiceNames } from '../../messages/orders.ts';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { generateOrder, sandboxAction } from '../../test/order-factories.ts';
import { quotaBalancesOf } from './service.ts';

const DEFAULT_COMPANY = 'Default Co';
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ DEFAULT_COMPANY_NAME: DEFAULT_COMPANY });
});
afterAll(async () => app.close());

/** A tenant of the default company, which may buy every catalogue item. */
async function buyer(): Promise<TestTenant> {
  const tenant = await createTenant(app);
  await app.db.updateTable('users').set({ company_name: DEFAULT_COMPANY }).where('id', '=', tenant.tenantId).execute();
  return tenant;
}

async function buy(tenant: TestTenant, item: { package_pay_id: number; service_type: number }) {
  const res = await generateOrder(app, tenant.token, { pay_type: item.service_type, package_id: item.package_pay_id });
  expect(res.statusCode, res.body).toBe(200);
  const { order_code } = res.json().data;
  expect((await sandboxAction(app, order_code, 'pay')).json().data.state).toBe('paid');
  return order_code as string;
}

const personalCentre = async (tenant: TestTenant, system: 1 | 2, lang = 'zh') =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/v3/user/package?system=${system}`,
      headers: authHeaders(tenant.token, { 'accept-language': lang }),
    })
  ).json().data.package_added;

const systemOf = (type: number) => (type >= 8 ? 2 : 1);

describe('every value-added catalogue item credits its own service', () => {
  it('has one quota service per kind, the Coupang follow-sell monitoring among them', async () => {
    const rows = await app.db.selectFrom('catalogue_value_added').select(['service', 'quota_type']).execute();
    expect(new Set(rows.map((r) => r.service))).toEqual(new Set(Object.keys(QUOTA_TYPE_OF_SERVICE)));
    for (const r of rows) expect(r.quota_type, r.service).toBe(QUOTA_TYPE_OF_SERVICE[r.service as keyof typeof QUOTA_TYPE_OF_SERVICE]);
    expect(new Set(Object.values(QUOTA_TYPE_OF_SERVICE)).size).toBe(Object.keys(QUOTA_TYPE_OF_SERVICE).length);
  });

  it('bought, adds exactly to its service, and the software bill and personal centre name it', async () => {
    const items = await app.db
      .selectFrom('catalogue_value_added')
      .select(['package_pay_id', 'service_type', 'service', 'quota_amount'])
      .where('enabled', '=', true)
      .orderBy('package_pay_id')
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(9);
    for (const item of items) {
      const service = item.service as keyof typeof QUOTA_TYPE_OF_SERVICE;
      const type = QUOTA_TYPE_OF_SERVICE[service];
      const tenant = await buyer();
      const orderCode = await buy(tenant, item);

      const held = (await quotaBalancesOf(app.db, tenant.tenantId)).filter((b) => b.left !== 0);
      expect(held, service).toEqual([{ type, left: item.quota_amount }]);

      const bill = await app.inject({
        method: 'POST',
        url: '/api/v1/pay/package/list',
        headers: authHeaders(tenant.token, { 'accept-language': 'zh' }),
        payload: { page: 1, page_size: 20 },
      });
      const row = bill.json().data.data.find((r: { order_code: string }) => r.order_code === orderCode);
      expect(row.package_type_name, service).toBe(valueAddedServiceNames[service].zh);

      const added = await personalCentre(tenant, systemOf(type));
      expect(added, service).toEqual([
        { type, code_name: quotaServiceNames[type].zh, total_num: item.quota_amount, num_used: 0 },
      ]);
      expect(await personalCentre(tenant, systemOf(type) === 1 ? 2 : 1), service).toEqual([]);
    }
  });
});

describe('the personal centre, the deduction bill and the spend call read one balance', () => {
  it('moves all three at once on a purchase and a spend, named in the reader’s language', async () => {
    const tenant = await buyer();
    await buy(tenant, { package_pay_id: 3, service_type: 2 }); // 1,000 picture translations
    const spend = await app.inject({
      method: 'POST',
      url: '/api/v1/package/quota/spend',
      headers: authHeaders(tenant.token),
      payload: { type: 2, use_num: 10, key: 'task-1', order_id: 'TSK1' },
    });
    expect(spend.json().data).toMatchObject({ applied: true, left_num: 990 });

    const deductions = await app.inject({
      method: 'POST',
      url: '/api/v1/package/getLogList',
      headers: authHeaders(tenant.token),
      payload: { page: 1, page_size: 20 },
    });
    expect(deductions.json().data.data[0]).toMatchObject({ type: 2, use_num: 10, left_num: 990 });

    for (const [lang, name] of [
      ['zh', '图片翻译'],
      ['kr', '이미지 번역'],
      ['th', 'แปลรูปภาพ'],
    ] as const) {
      expect(await personalCentre(tenant, 1, lang)).toEqual([
        { type: 2, code_name: name, total_num: 1000, num_used: 10 },
      ]);
    }

    await buy(tenant, { package_pay_id: 3, service_type: 2 });
    expect(await personalCentre(tenant, 1)).toEqual([
      { type: 2, code_name: '图片翻译', total_num: 2000, num_used: 10 },
    ]);
  });
});
