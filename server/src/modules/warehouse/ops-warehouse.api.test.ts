import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { createTenant, createWarehouses, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { findOperatorAuditEntries } from '../../platform/audit.ts';
import { createSubAccount } from '../../test/factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';

let app: TestApp;
let tenant: TestTenant;
let operatorToken: string;
let wwsId: number;
let providerId: number;
let warehouseId: number;

beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
  operatorToken = (await createTestOperator(app)).token;
  warehouseId = (await createWarehouses(app, tenant.tenantId, ['Ops WH']))[0]!;
  ({ wwsId, providerId } = await createWarehouseLink(app, tenant.tenantId, { warehouseIds: [warehouseId] }));
});
afterAll(async () => app.close());

const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, token = operatorToken) =>
  app.inject({ method, url, headers: { authorization: token }, ...(payload === undefined ? {} : { payload }) });
const wms = async (service: string, params: Record<string, unknown> = {}) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/v1/common/wmsUnit',
      headers: { authorization: tenant.token },
      payload: { service, wws_id: wwsId, params },
    })
  ).json().data;

describe('operator console: warehouse', () => {
  it('refuses a seller token', async () => {
    expect((await ops('GET', '/api/ops/warehouse/providers', undefined, tenant.token)).statusCode).toBe(401);
  });

  it('posts a credit and a deduction the tenant sees in its flow and balance, once per key', async () => {
    const credit = await ops('POST', '/api/ops/warehouse/fees', {
      wws_id: wwsId,
      key: 'ops-credit-1',
      direction: 3,
      amount: '300.00',
      ft_code: 'RECHARGE',
      note: 'bank transfer',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().data.applied).toBe(true);
    const again = await ops('POST', '/api/ops/warehouse/fees', {
      wws_id: wwsId,
      key: 'ops-credit-1',
      direction: 3,
      amount: '300.00',
      ft_code: 'RECHARGE',
    });
    expect(again.json().data).toEqual({ id: credit.json().data.id, applied: false });
    const fee = await ops('POST', '/api/ops/warehouse/fees', {
      wws_id: wwsId,
      key: 'ops-fee-1',
      direction: 2,
      amount: '12.50',
      ft_code: 'SHIPPING',
      order_code: 'SO-OPS-1',
    });
    expect(fee.statusCode, fee.body).toBe(200);
    expect((await wms('getBalance')).cb_value).toBe('287.50');
    const flow = await wms('getCostWaterAndOrder', { search_type: 2, search_code: 'SO-OPS-1' });
    expect(flow.data[0]).toMatchObject({ cbl_transaction_value: '-12.50', cbl_current_value: '287.50' });
    const tooMuch = await ops('POST', '/api/ops/warehouse/fees', {
      wws_id: wwsId,
      key: 'ops-fee-2',
      direction: 2,
      // More than the balance, and less than the four-eyes threshold: refused at once.
      amount: '900.00',
      ft_code: 'SHIPPING',
    });
    expect(tooMuch.statusCode).toBe(409);
    const badType = await ops('POST', '/api/ops/warehouse/fees', {
      wws_id: wwsId,
      key: 'ops-fee-3',
      direction: 2,
      amount: '1.00',
      ft_code: 'NOPE',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().msg).toContain('ft_code');
    expect(await verifyLedger(app.db)).toEqual([]);
    // Each posting made is in the operators' audit log, once: the repeat and the refusals are not.
    const audit = await findOperatorAuditEntries(app.db, { targetType: 'warehouse_link', targetId: wwsId });
    const posts = audit.filter((a) => a.action === 'warehouse.fee.post').map((a) => a.after);
    expect(posts).toEqual([
      { id: fee.json().data.id, key: 'ops-fee-1', amount_fen: 1250 },
      { id: credit.json().data.id, key: 'ops-credit-1', amount_fen: 30000 },
    ]);
  });

  it('posts bills and rent by form and by CSV, refusing a file with a bad line as a whole', async () => {
    const bill = await ops('POST', '/api/ops/warehouse/bills', {
      wws_id: wwsId,
      key: 'bill-1',
      warehouse_id: warehouseId,
      ds_code: 'so',
      ft_code: 'SHIPPING',
      order_code: 'SO-B-1',
      amount: '8.80',
      chargeable_time: '2026-03-01 10:00:00',
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const csv = [
      'key,ds_code,ft_code,order_code,amount,status,writeoff,chargeable_time',
      'b-2,asn,INBOUND,ASN-1,20.00,3,y,2026-03-02 09:00:00',
      'b-3,rma,RETURN,RMA-1,-5.00,2,p,2026-03-03',
    ].join('\n');
    const imported = await ops('POST', '/api/ops/warehouse/import', { kind: 'bill', wws_id: wwsId, csv });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ imported: 2, unchanged: 0 });
    expect((await ops('POST', '/api/ops/warehouse/import', { kind: 'bill', wws_id: wwsId, csv })).json().data).toEqual({
      imported: 0,
      unchanged: 2,
    });
    const bad = await ops('POST', '/api/ops/warehouse/import', {
      kind: 'bill',
      wws_id: wwsId,
      csv: `${csv}\nb-4,xyz,OTHER,X,1.00,2,n,2026-03-04`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('line 4');
    const bills = await wms('getCostBillAndOrder', { dateFor: '2026-03-01', dateTo: '2026-03-31' });
    expect(bills.total).toBe(3);
    expect(bills.data.map((b: { bi_amount: string }) => b.bi_amount)).toEqual(['-5.00', '20.00', '8.80']);

    const rents = await ops('POST', '/api/ops/warehouse/import', {
      kind: 'rent',
      wws_id: wwsId,
      csv:
        'key,wis_code,settlement_cycle,finish_flag,volume,total_qty,amount,is_date,warehouse_id\n' +
        `r-1,WIS-1,3,1,12.5,400,420.00,2026-03-31,${warehouseId}`,
    });
    expect(rents.statusCode, rents.body).toBe(200);
    const rent = await wms('getStorageCosts', { dateFor: '2026-03-01', dateTo: '2026-03-31' });
    expect(rent.data[0]).toMatchObject({
      wis_code: 'WIS-1',
      wp_settlement_cycle: 3,
      isdb_volume: '12.500',
      is_amount: '420.00',
      warehouse_name: 'Ops WH',
    });
  });

  it("edits a provider's currencies, which getCurrency then answers", async () => {
    const res = await ops('PUT', `/api/ops/warehouse/providers/${providerId}/settings`, {
      currencies: [{ currency_code: 'eur', currency_name: '欧元', currency_name_en: 'Euro', currency_rate: '7.8' }],
      paymentMethods: [{ pm_code: 'bank', pm_title: '银行转账' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const currency = await wms('getCurrency');
    expect(currency.currencyList.map((c: { currency_code: string }) => c.currency_code)).toEqual(['CNY', 'EUR']);
    const bad = await ops('PUT', `/api/ops/warehouse/providers/${providerId}/settings`, {
      currencies: [{ currency_code: 'USD', currency_name: '美元', currency_name_en: 'Dollar', currency_rate: '0' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await ops('PUT', '/api/ops/warehouse/providers/999999/settings', {})).statusCode).toBe(404);
    const list = await ops('GET', '/api/ops/warehouse/providers');
    expect(list.json().data.find((p: { id: number }) => p.id === providerId)).toMatchObject({ tenants: 1 });
    const links = await ops('GET', `/api/ops/warehouse/links?tenant_id=${tenant.tenantId}`);
    expect(links.json().data).toEqual([expect.objectContaining({ wws_id: wwsId, credit_line: '0.00' })]);
  });

  it('never answers ECCANG credentials, and keeps them when an edit leaves them blank', async () => {
    const eccang = { endpoint: 'https://wms.example.com', appToken: 'token-secret-1', appKey: 'key-secret-1' };
    const saved = await ops('PUT', `/api/ops/warehouse/providers/${providerId}/settings`, { eccang });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('secret-1');
    const listed = await ops('GET', '/api/ops/warehouse/providers');
    expect(listed.body).not.toContain('secret-1');
    const edited = await ops('PUT', `/api/ops/warehouse/providers/${providerId}/settings`, {
      eccang: { endpoint: 'https://wms2.example.com', appToken: '', appKey: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = await app.db
      .selectFrom('wh_providers')
      .select('settings')
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    expect(stored.settings).toMatchObject({
      eccang: { endpoint: 'https://wms2.example.com', appToken: 'token-secret-1', appKey: 'key-secret-1' },
    });
  });
});

describe('operator console: a tenant registered today gets a cloud warehouse account', () => {
  it('creates a provider, links a fresh tenant to it, and the tenant sees it at once at zero', async () => {
    const fresh = await createTenant(app);
    const serverList = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/v1/user/server/list', headers: { authorization: fresh.token } })
      ).json().data;
    expect(await serverList()).toEqual([]);

    const created = await ops('POST', '/api/ops/warehouse/providers', {
      name: 'Fresh Fulfilment',
      adapter: 'local',
      settings: { paymentMethods: [{ pm_code: 'bank', pm_title: '银行转账' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const provider = created.json().data;
    expect(provider).toMatchObject({ name: 'Fresh Fulfilment', adapter: 'local', tenants: 0 });
    const listed = await ops('GET', '/api/ops/warehouse/providers');
    expect(listed.json().data.map((p: { name: string }) => p.name)).toContain('Fresh Fulfilment');

    const warehouse = (await createWarehouses(app, fresh.tenantId, ['Fresh WH']))[0]!;
    const linked = await ops('POST', '/api/ops/warehouse/links', {
      tenant_id: fresh.tenantId,
      provider_id: provider.id,
      warehouse_ids: [warehouse],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const freshWwsId = linked.json().data.wws_id as number;
    expect(linked.json().data).toEqual({ wws_id: freshWwsId, created: true });
    expect(await serverList()).toEqual([{ name: 'Fresh Fulfilment', wws_id: freshWwsId }]);

    const unit = async (service: string, params: Record<string, unknown> = {}) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/common/wmsUnit',
        headers: { authorization: fresh.token },
        payload: { service, wws_id: freshWwsId, params },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await unit('getBalance')).toEqual({
      cb_value: '0.00',
      cb_credit_line: '0.00',
      cb_frozen: '0.00',
      currency_code: 'CNY',
    });
    expect((await unit('getCostWaterAndOrder')).data).toEqual([]);

    // Linking again (a re-sent form) answers the same account; the link is the tenant's only one.
    const again = await ops('POST', '/api/ops/warehouse/links', { tenant_id: fresh.tenantId, provider_id: provider.id });
    expect(again.json().data).toEqual({ wws_id: freshWwsId, created: false });
    const links = await ops('GET', `/api/ops/warehouse/links?tenant_id=${fresh.tenantId}`);
    expect(links.json().data).toEqual([
      expect.objectContaining({ wws_id: freshWwsId, provider_id: provider.id, user_name: fresh.userName }),
    ]);
    const audit = await findOperatorAuditEntries(app.db, { targetType: 'warehouse_link', targetId: freshWwsId });
    expect(audit.map((a) => a.action)).toEqual(['warehouse.link.create']);

    // The operator's posts reach the new account like any other.
    const credit = await ops('POST', '/api/ops/warehouse/fees', {
      wws_id: freshWwsId,
      key: 'fresh-credit',
      direction: 3,
      amount: '50.00',
      ft_code: 'RECHARGE',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect((await unit('getBalance')).cb_value).toBe('50.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('refuses a taken name, an ECCANG provider without its endpoint, and links to nobody', async () => {
    await ops('POST', '/api/ops/warehouse/providers', { name: 'Twice WH', adapter: 'local' });
    const taken = await ops('POST', '/api/ops/warehouse/providers', { name: 'Twice WH', adapter: 'local' });
    expect(taken.statusCode).toBe(409);
    const eccang = await ops('POST', '/api/ops/warehouse/providers', { name: 'Remote WH', adapter: 'eccang' });
    expect(eccang.statusCode).toBe(400);
    expect(eccang.json().msg).toContain('endpoint');
    const adapter = await ops('POST', '/api/ops/warehouse/providers', { name: 'Odd WH', adapter: 'ftp' });
    expect(adapter.statusCode).toBe(400);
    expect(adapter.json().msg).toContain('adapter');
    const remote = await ops('POST', '/api/ops/warehouse/providers', {
      name: 'Remote WH',
      adapter: 'eccang',
      settings: { eccang: { endpoint: 'https://wms.example.com', appToken: 't-secret', appKey: 'k-secret' } },
    });
    expect(remote.statusCode, remote.body).toBe(200);
    expect(remote.body).not.toContain('secret');

    // A tenant's own keys at the remote provider: stored on its link, never answered nor audited.
    const keyed = await createTenant(app);
    const remoteLink = await ops('POST', '/api/ops/warehouse/links', {
      tenant_id: keyed.tenantId,
      provider_id: remote.json().data.id,
      credentials: { appToken: 'own-token-secret', appKey: 'own-key-secret' },
    });
    expect(remoteLink.statusCode, remoteLink.body).toBe(200);
    expect(remoteLink.body).not.toContain('secret');
    const storedKeys = async () =>
      (
        await app.db
          .selectFrom('wh_tenant_providers')
          .select('credentials')
          .where('id', '=', remoteLink.json().data.wws_id)
          .executeTakeFirstOrThrow()
      ).credentials;
    expect(await storedKeys()).toEqual({ appToken: 'own-token-secret', appKey: 'own-key-secret' });
    const rekeyed = await ops('POST', '/api/ops/warehouse/links', {
      tenant_id: keyed.tenantId,
      provider_id: remote.json().data.id,
      credentials: { appToken: 'new-token-secret', appKey: 'new-key-secret' },
    });
    expect(rekeyed.json().data).toEqual({ wws_id: remoteLink.json().data.wws_id, created: false });
    expect(await storedKeys()).toEqual({ appToken: 'new-token-secret', appKey: 'new-key-secret' });
    const remoteAudit = await findOperatorAuditEntries(app.db, {
      targetType: 'warehouse_link',
      targetId: remoteLink.json().data.wws_id,
    });
    expect(remoteAudit).toHaveLength(2);
    expect(JSON.stringify(remoteAudit)).not.toContain('secret');

    const employee = await createSubAccount(app, { id: tenant.tenantId });
    const toEmployee = await ops('POST', '/api/ops/warehouse/links', {
      tenant_id: employee.user.id,
      provider_id: providerId,
    });
    expect(toEmployee.statusCode).toBe(404);
    const toNoProvider = await ops('POST', '/api/ops/warehouse/links', {
      tenant_id: tenant.tenantId,
      provider_id: 999_999,
    });
    expect(toNoProvider.statusCode).toBe(404);
    const other = await createTenant(app);
    const foreignWarehouse = await ops('POST', '/api/ops/warehouse/links', {
      tenant_id: other.tenantId,
      provider_id: providerId,
      warehouse_ids: [warehouseId],
    });
    expect(foreignWarehouse.statusCode).toBe(400);
    expect(foreignWarehouse.json().msg).toContain('warehouse_ids');
    expect((await ops('GET', `/api/ops/warehouse/links?tenant_id=${other.tenantId}`)).json().data).toEqual([]);
    const noTenant = await ops('POST', '/api/ops/warehouse/links', { provider_id: providerId });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().msg).toContain('租户编号');
    expect(
      (
        await ops(
          'POST',
          '/api/ops/warehouse/links',
          { tenant_id: other.tenantId, provider_id: providerId },
          tenant.token,
        )
      ).statusCode,
    ).toBe(401);
  });
});
