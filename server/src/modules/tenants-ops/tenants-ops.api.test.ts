import { randomUUID } from 'node:crypto';
import { distributionPaths } from '@seller-centre/contract/distribution';
import { opsPaths } from '@seller-centre/contract/ops';
import { quotaPaths } from '@seller-centre/contract/quota';
import { tenantOpsPaths } from '@seller-centre/contract/tenant-ops';
import { opsThirdPartyPaths, thirdPartyPaths } from '@seller-centre/contract/third-party';
import { parseCsv } from '../../platform/csv.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';

/**
 * The console's tenant page answers what the tenant's own pages answer, after money has moved;
 * the tenant search finds it by id, account and mobile; the operator audit log filters and exports.
 */
let app: TestApp;
let operator: { id: number; token: string; accountName: string };
let other: { id: number; token: string; accountName: string };
let tenant: TestTenant;
let wwsId: number;

beforeAll(async () => {
  app = await buildTestApp();
  operator = await createTestOperator(app);
  other = await createTestOperator(app);
  tenant = await createTenant(app);
  ({ wwsId } = await createWarehouseLink(app, tenant.tenantId, { name: 'Whole Warehouse' }));
});
afterAll(async () => app.close());

const asOps = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const asTenant = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { authorization: tenant.token }, ...(payload ? { payload } : {}) });
const overview = async (id = tenant.tenantId) => {
  const res = await asOps(operator.token, 'GET', tenantOpsPaths.overview.replace(':id', String(id)));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the tenant page', () => {
  it('shows every balance as the tenant sees it, after money moves', async () => {
    const entry = await asOps(operator.token, 'POST', opsThirdPartyPaths.entries, {
      tenant_id: tenant.tenantId,
      transaction_type: 'manual_receipts',
      amount: '321.45',
      transaction_remark: 'tenant page',
      entry_key: randomUUID(),
    });
    expect(entry.statusCode, entry.body).toBe(200);
    for (const fee of [
      { key: 'tp-credit', direction: 3, amount: '300.00', ft_code: 'RECHARGE' },
      { key: 'tp-freeze', direction: 0, amount: '40.25', ft_code: 'SHIPPING' },
    ]) {
      const res = await asOps(operator.token, 'POST', '/api/ops/warehouse/fees', { wws_id: wwsId, ...fee });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A move at or above the four-eyes threshold waits as a proposal.
    const proposed = await asOps(operator.token, 'POST', opsThirdPartyPaths.entries, {
      tenant_id: tenant.tenantId,
      transaction_type: 'manual_receipts',
      amount: '2000.00',
      transaction_remark: 'needs a second operator',
      entry_key: randomUUID(),
    });
    expect(proposed.statusCode, proposed.body).toBe(202);

    const page = await overview();
    const bill = (await asTenant('POST', thirdPartyPaths.list, { page: 1, page_size: 10 })).json().data;
    const distribution = (await asTenant('GET', distributionPaths.balance)).json().data;
    const wms = (
      await asTenant('POST', '/api/v1/common/wmsUnit', { service: 'getBalance', wws_id: wwsId, params: {} })
    ).json().data;
    const quota = (await asTenant('GET', quotaPaths.balances)).json().data;

    expect(page.tenant).toMatchObject({ tenant_id: tenant.tenantId, user_name: tenant.userName });
    expect(page.balances.third_party).toBe('321.45');
    expect(page.balances.third_party).toBe(bill.balance);
    expect(page.balances.distribution).toBe(distribution.current_balance);
    expect(page.balances.warehouses).toEqual([{ wws_id: wwsId, name: 'Whole Warehouse', balance: wms }]);
    expect(wms).toMatchObject({ cb_value: '259.75', cb_frozen: '40.25' });
    expect(page.quota).toEqual(quota);
    expect(page.plans.map((p: { system: number }) => p.system)).toEqual([1, 2]);
    expect(page.links).toEqual([expect.objectContaining({ wws_id: wwsId, main_id: tenant.tenantId })]);
    expect(page.pending_proposals.total).toBe(1);
    expect(page.pending_proposals.data[0]).toMatchObject({ amount: '2000.00', status: 'pending' });
    // The audit entries are about this tenant, newest first: the entry made, the two warehouse
    // fees posted, and the entry proposed.
    expect(page.audit.map((e: { action: string }) => e.action)).toEqual([
      'proposal.propose.third-party.entry',
      'warehouse.fee.post',
      'warehouse.fee.post',
      'third_party.entry',
    ]);
    expect(page.audit.every((e: { tenant_id: number }) => e.tenant_id === tenant.tenantId)).toBe(true);
  });

  it('is a 404 for an employee or nobody, and refuses a seller', async () => {
    const missing = await asOps(operator.token, 'GET', tenantOpsPaths.overview.replace(':id', '999999999'));
    expect(missing.statusCode).toBe(404);
    const seller = await asTenant('GET', tenantOpsPaths.overview.replace(':id', String(tenant.tenantId)));
    expect(seller.statusCode).toBe(401);
  });
});

describe('the tenant search', () => {
  it('finds the tenant by id, account name and mobile', async () => {
    const byId = await asOps(operator.token, 'GET', `${opsPaths.tenantLookup}?tenant_id=${tenant.tenantId}`);
    expect(byId.statusCode, byId.body).toBe(200);
    const phone = byId.json().data.phone_number;
    const byName = await asOps(
      operator.token,
      'GET',
      `${opsPaths.tenantLookup}?user_name=${encodeURIComponent(tenant.userName)}`,
    );
    const byPhone = await asOps(operator.token, 'GET', `${opsPaths.tenantLookup}?phone_number=${phone}`);
    expect(byName.json().data).toEqual(byId.json().data);
    expect(byPhone.json().data).toEqual(byId.json().data);
    expect(byId.json().data.tenant_id).toBe(tenant.tenantId);
  });

  it('takes exactly one way of naming the tenant', async () => {
    const both = await asOps(
      operator.token,
      'GET',
      `${opsPaths.tenantLookup}?tenant_id=${tenant.tenantId}&user_name=${encodeURIComponent(tenant.userName)}`,
    );
    expect(both.statusCode).toBe(400);
    const nobody = await asOps(operator.token, 'GET', `${opsPaths.tenantLookup}?user_name=no-such-account-xyz`);
    expect(nobody.statusCode).toBe(404);
  });
});

describe('the operator audit log', () => {
  let otherTenant: TestTenant;
  beforeAll(async () => {
    otherTenant = await createTenant(app);
    const res = await asOps(other.token, 'POST', opsThirdPartyPaths.entries, {
      tenant_id: otherTenant.tenantId,
      transaction_type: 'manual_receipts',
      amount: '5.00',
      transaction_remark: 'by the other operator',
      entry_key: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  const list = async (query: string) => {
    const res = await asOps(operator.token, 'GET', `${tenantOpsPaths.auditLog}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      total: number;
      data: { operator_name: string; tenant_id: number; action: string; created_at: string }[];
    };
  };

  it('filters by operator, tenant, action prefix and time', async () => {
    const mine = await list(`operator_name=${operator.accountName}`);
    // Its third-party entry, its two warehouse fees and its proposal.
    expect(mine.total).toBe(4);
    expect(mine.data.every((e) => e.operator_name === operator.accountName)).toBe(true);

    const theirs = await list(`tenant_id=${otherTenant.tenantId}`);
    expect(theirs.data.map((e) => e.operator_name)).toEqual([other.accountName]);

    const proposals = await list(`tenant_id=${tenant.tenantId}&action=proposal.`);
    expect(proposals.data.map((e) => e.action)).toEqual(['proposal.propose.third-party.entry']);
    // A prefix, not a pattern: "%" matches only a literal percent sign.
    expect((await list('action=%25')).total).toBe(0);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list(`tenant_id=${tenant.tenantId}&from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await list(`tenant_id=${tenant.tenantId}&to=${encodeURIComponent(future)}`)).total).toBe(
      (await list(`tenant_id=${tenant.tenantId}`)).total,
    );
  });

  it('exports the filter as CSV, newest first', async () => {
    const res = await asOps(operator.token, 'GET', `${tenantOpsPaths.auditLogExport}?tenant_id=${tenant.tenantId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operator-audit-\d+\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'id',
      'time',
      'operator_id',
      'operator',
      'action',
      'target_type',
      'target_id',
      'tenant_id',
      'before',
      'after',
      'ip',
    ]);
    const listed = await list(`tenant_id=${tenant.tenantId}&page_size=100`);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(listed.data.map((e) => (e as unknown as { id: number }).id));
    expect(rows.slice(1).every((r) => r[7] === String(tenant.tenantId))).toBe(true);
  });
});
