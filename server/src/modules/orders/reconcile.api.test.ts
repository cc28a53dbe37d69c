import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf, type SandboxBook } from '../../providers/payments/sandbox.ts';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders } from '../../test/factories.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { generateOrder, notify, sandboxAction, sandboxNotification } from '../../test/order-factories.ts';
import { previousBusinessDay, reconcilePayments } from './reconcile.ts';

let app: TestApp;
let operatorToken: string;
let tenant: TestTenant;

beforeAll(async () => {
  app = await buildTestApp();
  operatorToken = (await createTestOperator(app)).token;
  tenant = await createTenant(app);
});
afterAll(async () => app.close());

const book = () => (app.providers.payments as unknown as { book: SandboxBook }).book;
const order = async (amount: string) =>
  (await generateOrder(app, tenant.token, { pay_type: 3, amount })).json().data.order_code as string;

describe('payment reconciliation', () => {
  it('finds nothing when both sides booked the same payments and refunds', async () => {
    const code = await order('50.00');
    await sandboxAction(app, code, 'pay');
    const refund = await app.inject({
      method: 'POST',
      url: `/api/ops/orders/${code}/refund`,
      headers: authHeaders(operatorToken),
      payload: { amount: '5.00', reason: 'test', refund_key: 'reconcile-clean-1' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const run = await reconcilePayments(app.orders, businessDayOf(new Date()), 'console');
    expect(run).toMatchObject({ payments: 1, refunds: 1, difference_count: 0, differences: [] });
  });

  it('lists each kind of difference: paid there not here, here not there, amounts that differ', async () => {
    // Paid at the provider, its notification never arrived.
    const lost = await order('51.00');
    app.providers.payments.simulatePayment!(lost, 5100);
    // Paid here by a notification the provider's statement does not list.
    const unbooked = await order('52.00');
    await notify(app, sandboxNotification(unbooked, '52.00'));
    // Paid on both sides, but the statement says another amount.
    const differs = await order('53.00');
    await sandboxAction(app, differs, 'pay');
    const line = book().lines.find((l) => l.orderCode === differs)!;
    line.amountFen = 5300 - 1;
    // A refund the provider booked that we did not.
    book().lines.push({ kind: 'refund', orderCode: differs, reference: 'RFNOTOURS', amountFen: 100, at: new Date() });

    const run = await reconcilePayments(app.orders, businessDayOf(new Date()), 'console');
    expect(run.differences).toEqual(
      expect.arrayContaining([
        {
          kind: 'missing_here',
          line: 'payment',
          order_code: lost,
          reference: `SANDBOX${lost}`,
          ours: null,
          theirs: '51.00',
        },
        {
          kind: 'missing_at_provider',
          line: 'payment',
          order_code: unbooked,
          reference: `T${unbooked}`,
          ours: '52.00',
          theirs: null,
        },
        {
          kind: 'amount_differs',
          line: 'payment',
          order_code: differs,
          reference: `SANDBOX${differs}`,
          ours: '53.00',
          theirs: '52.99',
        },
        {
          kind: 'missing_here',
          line: 'refund',
          order_code: differs,
          reference: 'RFNOTOURS',
          ours: null,
          theirs: '1.00',
        },
      ]),
    );
    expect(run.difference_count).toBe(4);

    // Another day has none of these.
    expect((await reconcilePayments(app.orders, '2001-01-01', 'console')).difference_count).toBe(0);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/ops/payments/reconciliations?limit=5',
      headers: authHeaders(operatorToken),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const runs = listed.json().data.data;
    expect(runs.map((r: { business_date: string }) => r.business_date)).toEqual([
      '2001-01-01',
      businessDayOf(new Date()),
      businessDayOf(new Date()),
    ]);
    expect(runs[1]).toMatchObject({ difference_count: 4, trigger: 'console', provider: 'sandbox' });
    expect(runs[1].differences).toHaveLength(4);
    const anonymous = await app.inject({ method: 'GET', url: '/api/ops/payments/reconciliations' });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/ops/payments/reconciliations',
          headers: authHeaders(tenant.token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('cuts days in business time (UTC+08:00)', () => {
    expect(businessDayOf(new Date('2026-11-28T15:59:59Z'))).toBe('2026-11-28');
    expect(businessDayOf(new Date('2026-11-28T16:00:00Z'))).toBe('2026-11-29');
    expect(previousBusinessDay(new Date('2026-11-28T16:00:00Z'))).toBe('2026-11-28');
  });
});

describe('npm run payments:reconcile', () => {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const run = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/payments-reconcile.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PAYMENT_PROVIDER: 'sandbox', NODE_ENV: 'test' },
    });

  it('runs against a database, exits 0 without differences and 2 for a bad date', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reconcile-script-'));
    try {
      const ok = run(['--date', '2026-11-28'], dataDir);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('payments:reconcile: no differences; 2026-11-28 at sandbox');
      const bad = run(['--date', '2026-02-30'], dataDir);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('--date must be a day');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
