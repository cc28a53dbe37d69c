import { randomUUID } from 'node:crypto';
import { opsProposalPaths } from '@seller-centre/contract/proposals';
import { opsThirdPartyPaths } from '@seller-centre/contract/third-party';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperatorAuditEntries } from '../../platform/audit.ts';
import { balanceOf } from '../../platform/ledger/index.ts';
import { verifyLedger } from '../../platform/ledger/verify.ts';
import { createTenant, createWarehouses, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { generateOrder, sandboxAction } from '../../test/order-factories.ts';
import { createWarehouseLink } from '../../test/warehouse-factories.ts';

/**
 * Four eyes on manual money, with the default threshold of 1,000 yuan: below it one operator's
 * move is made at once; at or above it the move is a proposal that moves nothing until a second
 * operator approves it, and then moves exactly what was proposed.
 */
let app: TestApp;
let maker: { id: number; token: string; accountName: string };
let checker: { id: number; token: string; accountName: string };

beforeAll(async () => {
  app = await buildTestApp();
  maker = await createTestOperator(app);
  checker = await createTestOperator(app);
});
afterAll(async () => app.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { authorization: token }, ...(payload === undefined ? {} : { payload }) });
/** One third-party entry form; a form sent again keeps its key. */
const entry = (token: string, tenant: TestTenant, type: string, amount: string, key = randomUUID()) =>
  call(token, 'POST', opsThirdPartyPaths.entries, {
    tenant_id: tenant.tenantId,
    transaction_type: type,
    amount,
    transaction_remark: 'four eyes',
    entry_key: key,
  });
const thirdPartyBalance = async (tenant: TestTenant) =>
  (await balanceOf(app.db, { tenantId: tenant.tenantId, kind: 'third_party' })).balance;
const approve = (token: string, id: number) => call(token, 'POST', opsProposalPaths.approve.replace(':id', String(id)));
const reject = (token: string, id: number, reason = 'not agreed') =>
  call(token, 'POST', opsProposalPaths.reject.replace(':id', String(id)), { reason });

describe('four eyes on a third-party entry', () => {
  it('makes a move below the threshold at once, with one operator', async () => {
    const tenant = await createTenant(app);
    const made = await entry(maker.token, tenant, 'manual_receipts', '999.99');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.account_balance).toBe('999.99');
    expect(await thirdPartyBalance(tenant)).toBe(99_999);
  });

  it('keeps 2,000 yuan as a proposal until a second operator approves it; then the tenant has exactly that', async () => {
    const tenant = await createTenant(app);
    const proposed = await entry(maker.token, tenant, 'manual_receipts', '2000.00');
    expect(proposed.statusCode, proposed.body).toBe(202);
    const proposal = proposed.json().data.proposal;
    expect(proposal).toMatchObject({
      kind: 'third-party.entry',
      tenant_id: tenant.tenantId,
      amount: '2000.00',
      status: 'pending',
      proposed_by: maker.accountName,
      decided_by: null,
    });
    expect(await thirdPartyBalance(tenant)).toBe(0);

    const queue = await call(checker.token, 'GET', `${opsProposalPaths.list}?status=pending`);
    expect(queue.json().data.data.map((p: { id: number }) => p.id)).toContain(proposal.id);

    const own = await approve(maker.token, proposal.id);
    expect(own.statusCode).toBe(403);
    expect(await thirdPartyBalance(tenant)).toBe(0);

    const approved = await approve(checker.token, proposal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decided_by: checker.accountName });
    expect(await thirdPartyBalance(tenant)).toBe(200_000);

    // Approving twice (a double click, a second approver) moves nothing more.
    expect((await approve(checker.token, proposal.id)).statusCode).toBe(409);
    expect(await thirdPartyBalance(tenant)).toBe(200_000);

    // The tenant's bill shows the one receipt, made by the approver.
    const bill = await app.inject({
      method: 'GET',
      url: `${opsThirdPartyPaths.entries}?tenant_id=${tenant.tenantId}`,
      headers: { authorization: checker.token },
    });
    expect(bill.json().data.total).toBe(1);
    const audit = await findOperatorAuditEntries(app.db, { targetType: 'proposal', targetId: proposal.id });
    expect(audit.map((a) => [a.action, a.operator_name])).toEqual(
      expect.arrayContaining([
        ['proposal.propose.third-party.entry', maker.accountName],
        ['proposal.approve.third-party.entry', checker.accountName],
      ]),
    );
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('keeps one proposal when the same form is sent twice at once, and moves its money once', async () => {
    const tenant = await createTenant(app);
    const key = randomUUID();
    const send = () => entry(maker.token, tenant, 'manual_receipts', '3000.00', key);
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode], second.body).toEqual([202, 202]);
    expect(second.json().data.proposal.id).toBe(first.json().data.proposal.id);
    const queue = await call(checker.token, 'GET', `${opsProposalPaths.list}?status=pending&tenant_id=${tenant.tenantId}`);
    expect(queue.json().data.total).toBe(1);

    // Another entry of the same amount (its own key) is a second proposal.
    const other = await entry(maker.token, tenant, 'manual_receipts', '3000.00');
    expect(other.json().data.proposal.id).not.toBe(first.json().data.proposal.id);

    expect((await approve(checker.token, first.json().data.proposal.id)).statusCode).toBe(200);
    expect(await thirdPartyBalance(tenant)).toBe(300_000);
    // Once decided, the same form again is a new proposal: the first one no longer waits.
    const again = await send();
    expect(again.statusCode).toBe(202);
    expect(again.json().data.proposal.id).not.toBe(first.json().data.proposal.id);
  });

  it('moves nothing when rejected, and a rejected proposal can no longer be approved', async () => {
    const tenant = await createTenant(app);
    const proposal = (await entry(maker.token, tenant, 'manual_receipts', '1000.00')).json().data.proposal;
    expect(proposal.status).toBe('pending');
    expect((await reject(maker.token, proposal.id)).statusCode).toBe(403);
    const rejected = await reject(checker.token, proposal.id, 'no bank slip');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'no bank slip' });
    expect((await approve(checker.token, proposal.id)).statusCode).toBe(409);
    expect(await thirdPartyBalance(tenant)).toBe(0);
  });

  it('moves nothing once expired', async () => {
    const tenant = await createTenant(app);
    const proposal = (await entry(maker.token, tenant, 'manual_receipts', '5000.00')).json().data.proposal;
    await app.db
      .updateTable('ops_proposals')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', proposal.id)
      .execute();
    const listed = await call(checker.token, 'GET', `${opsProposalPaths.list}?status=expired`);
    expect(listed.json().data.data.map((p: { id: number; status: string }) => [p.id, p.status])).toContainEqual([
      proposal.id,
      'expired',
    ]);
    expect((await approve(checker.token, proposal.id)).statusCode).toBe(409);
    expect(await thirdPartyBalance(tenant)).toBe(0);
  });

  it('stays pending when its move is refused at approval (an overdraw the balance no longer covers)', async () => {
    const tenant = await createTenant(app);
    const proposal = (await entry(maker.token, tenant, 'manual_user_overdraw', '1500.00')).json().data.proposal;
    const refused = await approve(checker.token, proposal.id);
    expect(refused.statusCode).toBe(409);
    const [row] = (await call(checker.token, 'GET', `${opsProposalPaths.list}?status=pending`)).json().data.data.filter(
      (p: { id: number }) => p.id === proposal.id,
    );
    expect(row).toMatchObject({ status: 'pending', decided_by: null });
    expect(await thirdPartyBalance(tenant)).toBe(0);
  });

  it('answers 404 for a proposal that does not exist, and refuses a seller', async () => {
    expect((await approve(checker.token, 987_654)).statusCode).toBe(404);
    const tenant = await createTenant(app);
    expect((await call(tenant.token, 'GET', opsProposalPaths.list)).statusCode).toBe(401);
  });
});

describe('four eyes on the warehouse', () => {
  it('counts an import as the sum of its rows, and posts every row once approved', async () => {
    const tenant = await createTenant(app);
    const warehouseId = (await createWarehouses(app, tenant.tenantId, ['Four Eyes WH']))[0]!;
    const { wwsId } = await createWarehouseLink(app, tenant.tenantId, { warehouseIds: [warehouseId] });
    const csv = [
      'key,direction,amount,ft_code',
      'fe-1,3,600.00,RECHARGE',
      'fe-2,3,600.00,RECHARGE',
    ].join('\n');
    const balance = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/common/wmsUnit',
          headers: { authorization: tenant.token },
          payload: { service: 'getBalance', wws_id: wwsId, params: {} },
        })
      ).json().data.cb_value;

    const proposed = await call(maker.token, 'POST', '/api/ops/warehouse/import', { kind: 'fee', wws_id: wwsId, csv });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().data.proposal).toMatchObject({ kind: 'warehouse.import', amount: '1200.00', tenant_id: tenant.tenantId });
    expect(await balance()).toBe('0.00');

    const approved = await approve(checker.token, proposed.json().data.proposal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balance()).toBe('1200.00');

    // One row of the same size alone is below the threshold: made at once.
    const single = await call(maker.token, 'POST', '/api/ops/warehouse/fees', {
      wws_id: wwsId,
      key: 'fe-3',
      direction: 3,
      amount: '600.00',
      ft_code: 'RECHARGE',
    });
    expect(single.statusCode, single.body).toBe(200);
    expect(await balance()).toBe('1800.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe('four eyes on a refund', () => {
  it('keeps a refund of 1,500 yuan as a proposal; approved, the provider refunds it and the balance goes back', async () => {
    const tenant = await createTenant(app);
    const made = await generateOrder(app, tenant.token, { pay_type: 3, amount: '2000.00' });
    expect(made.statusCode, made.body).toBe(200);
    const code = made.json().data.order_code as string;
    expect((await sandboxAction(app, code, 'pay')).json().data.state).toBe('paid');
    expect(await thirdPartyBalance(tenant)).toBe(200_000);

    const url = `/api/ops/orders/${code}/refund`;
    const body = { amount: '1500.00', reason: 'customer asked', refund_key: `four-eyes-${code}` };
    const proposed = await call(maker.token, 'POST', url, body);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().data.proposal).toMatchObject({ kind: 'orders.refund', amount: '1500.00', tenant_id: tenant.tenantId });
    expect(await thirdPartyBalance(tenant)).toBe(200_000);

    const approved = await approve(checker.token, proposed.json().data.proposal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await thirdPartyBalance(tenant)).toBe(50_000);
    const detail = await call(checker.token, 'GET', `/api/ops/orders/${code}`);
    expect(detail.json().data.refunds).toEqual([expect.objectContaining({ amount: '1500.00', state: 'succeeded' })]);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
