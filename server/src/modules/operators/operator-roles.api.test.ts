import { randomUUID } from 'node:crypto';
import { OPERATOR_PERMISSIONS } from '@seller-centre/contract/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperatorAuditEntries } from '../../platform/audit.ts';
import { createTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { createTestOperator, OPERATOR_PASSWORD, operatorOtp } from '../../test/operator-factories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: object };

function call(token: string, { method, url, payload }: Call) {
  return app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });
}

const FORBIDDEN = { code: 403, data: null, msg: '您的运营角色无权执行此操作' };

// Targets that do not exist: a role that may act gets past the check to the 404 (or the 400 of
// its input), one that may not gets the 403 before anything is read.
const approveWithdrawal: Call = {
  method: 'POST',
  url: '/api/ops/distribution/withdrawals/999999999/approve',
  payload: { voucher_upload_id: '00000000-0000-4000-8000-000000000000' },
};
const decidePaymentNote: Call = {
  method: 'POST',
  url: '/api/ops/warehouse/payment-notes/999999999/decision',
  payload: { action: 'confirm' },
};
const approveProposal: Call = { method: 'POST', url: '/api/ops/proposals/999999999/approve' };
const editPlatform: Call = {
  method: 'PUT',
  url: '/api/ops/catalogue/platforms/999999999',
  payload: { enabled: false },
};
const createProvider: Call = {
  method: 'POST',
  url: '/api/ops/warehouse/providers',
  payload: { name: `Roles ${Date.now()}`, adapter: 'local', settings: {} },
};
const reviewSupplier: Call = { method: 'POST', url: '/api/ops/supplier-applications/999999999/approve' };
const changeRole = (id: number, role: string): Call => ({
  method: 'PATCH',
  url: `/api/ops/operators/${id}/role`,
  payload: { role },
});
const reads: Call[] = [
  { method: 'GET', url: '/api/ops/me' },
  { method: 'GET', url: '/api/ops/catalogue' },
  { method: 'GET', url: '/api/ops/coupons' },
  { method: 'GET', url: '/api/ops/orders' },
  { method: 'GET', url: '/api/ops/distribution/withdrawals' },
  { method: 'GET', url: '/api/ops/warehouse/payment-notes' },
  { method: 'GET', url: '/api/ops/third-party/entries' },
  { method: 'GET', url: '/api/ops/operators' },
  { method: 'GET', url: '/api/ops/proposals' },
];

describe('what each operator role may do', () => {
  it('tells the console the role and its permissions, at sign-in and in me', async () => {
    const support = await createTestOperator(app, { role: 'support' });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/ops/sign-in',
      payload: {
        account_name: support.accountName,
        password: OPERATOR_PASSWORD,
        otp: operatorOtp(support.totpSecret),
      },
    });
    expect(signedIn.json().data).toMatchObject({
      role: 'support',
      permissions: ['read', 'coupons', 'warehouse-links'],
    });
    const me = await call(support.token, { method: 'GET', url: '/api/ops/me' });
    expect(me.json().data).toMatchObject({
      operator_id: support.id,
      role: 'support',
      permissions: ['read', 'coupons', 'warehouse-links'],
    });
    const admin = await createTestOperator(app, { role: 'admin' });
    const adminMe = await call(admin.token, { method: 'GET', url: '/api/ops/me' });
    expect(adminMe.json().data.permissions).toEqual([...OPERATOR_PERMISSIONS]);
  });

  it('support reads everything but moves no money and edits no catalogue', async () => {
    const support = await createTestOperator(app, { role: 'support' });
    for (const read of reads) expect((await call(support.token, read)).statusCode, read.url).toBe(200);
    for (const refused of [
      approveWithdrawal,
      decidePaymentNote,
      approveProposal,
      editPlatform,
      createProvider,
      reviewSupplier,
      changeRole(support.id, 'admin'),
    ]) {
      const res = await call(support.token, refused);
      expect(res.json(), `${refused.method} ${refused.url}`).toEqual(FORBIDDEN);
    }
    // Coupons are support's work: past the role check to the input's own answer.
    const coupon = await call(support.token, { method: 'POST', url: '/api/ops/coupons', payload: {} });
    expect(coupon.statusCode).toBe(400);
  });

  it('finance moves money, but edits no catalogue, issues no coupon and changes no role', async () => {
    const finance = await createTestOperator(app, { role: 'finance' });
    for (const read of reads) expect((await call(finance.token, read)).statusCode, read.url).toBe(200);
    expect((await call(finance.token, decidePaymentNote)).statusCode).toBe(404);
    expect((await call(finance.token, approveProposal)).statusCode).toBe(404);
    const tenant = await createTenant(app);
    const entry = await call(finance.token, {
      method: 'POST',
      url: '/api/ops/third-party/entries',
      payload: {
        tenant_id: tenant.tenantId,
        transaction_type: 'manual_receipts',
        amount: '12.34',
        transaction_remark: 'bank transfer received',
        entry_key: randomUUID(),
      },
    });
    expect(entry.statusCode).toBe(200);
    for (const refused of [
      editPlatform,
      createProvider,
      reviewSupplier,
      changeRole(finance.id, 'admin'),
      { method: 'POST', url: '/api/ops/coupons', payload: {} } as Call,
    ]) {
      expect((await call(finance.token, refused)).json(), `${refused.method} ${refused.url}`).toEqual(FORBIDDEN);
    }
  });

  it('admin does everything', async () => {
    const admin = await createTestOperator(app, { role: 'admin' });
    expect((await call(admin.token, decidePaymentNote)).statusCode).toBe(404);
    expect((await call(admin.token, editPlatform)).statusCode).toBe(404);
    expect((await call(admin.token, reviewSupplier)).statusCode).toBe(404);
    expect((await call(admin.token, createProvider)).statusCode).toBe(200);
  });
});

describe('an admin changes roles from the console', () => {
  it('changes a role, audited, and the next request of that operator is held to it', async () => {
    const admin = await createTestOperator(app, { role: 'admin' });
    const clerk = await createTestOperator(app, { role: 'support' });
    expect((await call(clerk.token, decidePaymentNote)).statusCode).toBe(403);

    const changed = await call(admin.token, changeRole(clerk.id, 'finance'));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ operator_id: clerk.id, role: 'finance', status: 1 });
    expect((await call(clerk.token, decidePaymentNote)).statusCode).toBe(404);
    const me = await call(clerk.token, { method: 'GET', url: '/api/ops/me' });
    expect(me.json().data).toMatchObject({ role: 'finance', permissions: ['read', 'money'] });

    const listed = await call(admin.token, { method: 'GET', url: '/api/ops/operators?page=1&page_size=50' });
    expect(listed.json().data.data).toContainEqual(
      expect.objectContaining({ operator_id: clerk.id, account_name: clerk.accountName, role: 'finance' }),
    );

    const [audit] = await findOperatorAuditEntries(app.db, { targetType: 'operator', targetId: clerk.id });
    expect(audit).toMatchObject({
      operator_id: admin.id,
      action: 'operator.role',
      before: { role: 'support' },
      after: { role: 'finance' },
    });
  });

  it('answers 404 for an unknown operator and 400 for an unknown role', async () => {
    const admin = await createTestOperator(app, { role: 'admin' });
    expect((await call(admin.token, changeRole(999999999, 'finance'))).statusCode).toBe(404);
    expect((await call(admin.token, changeRole(admin.id, 'owner'))).statusCode).toBe(400);
  });

  it('refuses to take the role of the last enabled admin away, even from themself', async () => {
    const admin = await createTestOperator(app, { role: 'admin' });
    const other = await createTestOperator(app, { role: 'admin' });
    // Every other admin of this database disabled: these two are the only ones left.
    const disabled = await app.db
      .updateTable('operators')
      .set({ status: 0 })
      .where('role', '=', 'admin')
      .where('status', '=', 1)
      .where('id', 'not in', [admin.id, other.id])
      .returning('id')
      .execute();
    try {
      expect((await call(admin.token, changeRole(other.id, 'support'))).statusCode).toBe(200);
      const last = await call(admin.token, changeRole(admin.id, 'finance'));
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({ code: 409, data: null, msg: '至少要保留一名启用的管理员' });
      const me = await call(admin.token, { method: 'GET', url: '/api/ops/me' });
      expect(me.json().data.role).toBe('admin');
      // Setting the role it already has is no removal.
      expect((await call(admin.token, changeRole(admin.id, 'admin'))).statusCode).toBe(200);
    } finally {
      if (disabled.length > 0) {
        await app.db
          .updateTable('operators')
          .set({ status: 1 })
          .where(
            'id',
            'in',
            disabled.map((r) => r.id),
          )
          .execute();
      }
    }
  });
});
