import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createMainAccount } from '../../test/factories.ts';
import { AppError } from '../errors.ts';
import { balanceOf, freeze, post, setFloor, transfer, voidPending, type AccountRef } from './index.ts';

let app: TestApp;
let tenantId: number;
const clearing: AccountRef = { operator: 'clearing', provider: 'sandbox' };
let thirdParty: AccountRef;
let warehouse: AccountRef;

beforeAll(async () => {
  app = await buildTestApp();
  tenantId = (await createMainAccount(app)).user.id;
  thirdParty = { tenantId, kind: 'third_party' };
  warehouse = { tenantId, kind: 'warehouse', provider: 'wh-a' };
});
afterAll(() => app.close());

const conflictKey = (error: unknown) => (error instanceof AppError ? `${error.code} ${error.key}` : String(error));

describe('ledger', () => {
  it('moves money between two accounts once per key', async () => {
    const first = await transfer(app.db, {
      key: 'topup-1',
      from: clearing,
      to: thirdParty,
      amount: 5000,
      memo: 'top-up',
    });
    expect(first.applied).toBe(true);
    const again = await transfer(app.db, {
      key: 'topup-1',
      from: clearing,
      to: thirdParty,
      amount: 5000,
      memo: 'top-up',
    });
    expect(again).toEqual({ applied: false, id: first.id });
    expect(await balanceOf(app.db, thirdParty)).toEqual({ balance: 5000, pending: 0, floor: 0 });
    expect(await balanceOf(app.db, clearing)).toEqual({ balance: -5000, pending: 0, floor: null });
  });

  it('refuses a key reused for another movement', async () => {
    await expect(
      transfer(app.db, { key: 'topup-1', from: clearing, to: thirdParty, amount: 1, memo: 'other' }),
    ).rejects.toSatisfy((e) => conflictKey(e) === '409 ledgerKeyReused');
  });

  it('never takes a tenant balance below its floor', async () => {
    await expect(
      transfer(app.db, {
        key: 'spend-too-much',
        from: thirdParty,
        to: { operator: 'revenue' },
        amount: 5001,
        memo: '',
      }),
    ).rejects.toSatisfy((e) => conflictKey(e) === '409 ledgerInsufficientFunds');
    expect((await balanceOf(app.db, thirdParty)).balance).toBe(5000);
    // The refused key is free again: nothing of the refused transfer stayed.
    const ok = await transfer(app.db, {
      key: 'spend-too-much',
      from: thirdParty,
      to: { operator: 'revenue' },
      amount: 5000,
      memo: '',
    });
    expect(ok.applied).toBe(true);
    expect((await balanceOf(app.db, thirdParty)).balance).toBe(0);
  });

  it('lets a warehouse account go down to minus its credit line', async () => {
    await setFloor(app.db, warehouse, -10_000);
    await transfer(app.db, { key: 'fee-1', from: warehouse, to: { operator: 'revenue' }, amount: 10_000, memo: 'fee' });
    expect(await balanceOf(app.db, warehouse)).toEqual({ balance: -10_000, pending: 0, floor: -10_000 });
    await expect(
      transfer(app.db, { key: 'fee-2', from: warehouse, to: { operator: 'revenue' }, amount: 1, memo: 'fee' }),
    ).rejects.toSatisfy((e) => conflictKey(e) === '409 ledgerInsufficientFunds');
    // A credit line cannot be cut below what is already used.
    await expect(setFloor(app.db, warehouse, -5_000)).rejects.toSatisfy(
      (e) => conflictKey(e) === '409 ledgerInsufficientFunds',
    );
  });

  it('freezes, then posts or voids exactly once', async () => {
    const tp: AccountRef = { tenantId, kind: 'distribution' };
    await transfer(app.db, {
      key: 'dist-in',
      from: { operator: 'commissions_payable' },
      to: tp,
      amount: 300,
      memo: '',
    });
    const out: AccountRef = { operator: 'withdrawals_in_flight' };
    expect((await freeze(app.db, { key: 'w1', from: tp, to: out, amount: 200, memo: 'withdrawal' })).applied).toBe(
      true,
    );
    expect(await balanceOf(app.db, tp)).toEqual({ balance: 300, pending: 200, floor: 0 });
    // Only 100 is spendable while 200 is frozen.
    await expect(freeze(app.db, { key: 'w2', from: tp, to: out, amount: 101, memo: '' })).rejects.toSatisfy(
      (e) => conflictKey(e) === '409 ledgerInsufficientFunds',
    );
    expect((await post(app.db, { key: 'w1-paid', pendingKey: 'w1' })).applied).toBe(true);
    expect((await post(app.db, { key: 'w1-paid', pendingKey: 'w1' })).applied).toBe(false);
    await expect(voidPending(app.db, { key: 'w1-undo', pendingKey: 'w1' })).rejects.toSatisfy(
      (e) => conflictKey(e) === '409 ledgerPendingResolved',
    );
    expect(await balanceOf(app.db, tp)).toEqual({ balance: 100, pending: 0, floor: 0 });
    expect((await balanceOf(app.db, out)).balance).toBe(200);

    await freeze(app.db, { key: 'w3', from: tp, to: out, amount: 100, memo: '' });
    expect((await voidPending(app.db, { key: 'w3-undo', pendingKey: 'w3' })).applied).toBe(true);
    await expect(post(app.db, { key: 'w3-paid', pendingKey: 'w3' })).rejects.toSatisfy(
      (e) => conflictKey(e) === '409 ledgerPendingResolved',
    );
    expect(await balanceOf(app.db, tp)).toEqual({ balance: 100, pending: 0, floor: 0 });
  });

  it('rolls back with the caller’s transaction', async () => {
    const before = await balanceOf(app.db, thirdParty);
    await expect(
      transaction(app.db, async (tx) => {
        await transfer(tx, { key: 'rolled-back', from: clearing, to: thirdParty, amount: 700, memo: '' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await balanceOf(app.db, thirdParty)).toEqual(before);
    const retry = await transfer(app.db, { key: 'rolled-back', from: clearing, to: thirdParty, amount: 700, memo: '' });
    expect(retry.applied).toBe(true);
  });
});
