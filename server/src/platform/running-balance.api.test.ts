import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Db } from '../db/client.ts';
import { seedWarehouseDemo } from '../db/seeds/warehouse.ts';
import { seedThirdPartyDemo } from '../db/seeds/third-party.ts';
import { seedDistributionDemo } from '../db/seeds/distribution.ts';
import { reviewWithdrawal } from '../modules/distribution/ops-service.ts';
import { earnCommission } from '../modules/distribution/service.ts';
import { setDistributorFlag } from '../modules/profile/service.ts';
import { postThirdParty, SOURCE } from '../modules/third-party/service.ts';
import { postFee } from '../modules/warehouse/service.ts';
import { createTenant, createWarehouses, type TestTenant } from '../test/access-factories.ts';
import { buildTestApp, onPostgres, type TestApp } from '../test/build-app.ts';
import { createTestOperator } from '../test/operator-factories.ts';
import { createWarehouseLink } from '../test/warehouse-factories.ts';
import { balanceOf } from './ledger/index.ts';
import { verifyLedger } from './ledger/verify.ts';
import { saveUpload } from './uploads/service.ts';

/**
 * The running balance of the three money bills, read as a seller reads them: the list, newest
 * first. Each row's balance is the row below's plus its signed amount, the oldest row's is its
 * amount (an account opens at zero), and the newest row's is the ledger account's balance, also
 * after rows dated before others and postings that commit out of their time order.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * Rows newest first as [signed amount, balance after] in fen: the chain they must form. A first
 * page (`whole` false) has older rows below it, so its oldest row is not checked against zero.
 */
function expectChain(rows: [number, number][], ledger: number, whole = true) {
  expect(rows.length).toBeGreaterThan(0);
  const oldestFirst = [...rows].reverse();
  const broken = oldestFirst
    .map(([amount, balance], i) => ({ i, amount, balance, before: i === 0 ? 0 : oldestFirst[i - 1]![1] }))
    .filter((r) => (r.i > 0 || whole) && r.balance !== r.before + r.amount);
  expect(broken).toEqual([]);
  expect(rows[0]![1]).toBe(ledger);
}

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: token }, payload });

/** Runs `early` in a transaction begun before `late` runs and commits: a row written late, dated early. */
async function commitOutOfOrder(early: (tx: Db) => Promise<unknown>, late: () => Promise<unknown>) {
  let began!: () => void;
  let go!: () => void;
  const hasBegun = new Promise<void>((resolve) => (began = resolve));
  const gate = new Promise<void>((resolve) => (go = resolve));
  const first = transaction(app.db, async (tx) => {
    await sql`SELECT now()`.execute(tx);
    began();
    await gate;
    await early(tx);
  });
  await hasBegun;
  await late();
  go();
  await first;
}

describe('the fee flow', () => {
  let tenant: TestTenant;
  let wwsId: number;
  const flow = async () => {
    const res = await post('/api/v1/common/wmsUnit', tenant.token, {
      service: 'getCostWaterAndOrder',
      wws_id: wwsId,
      params: { pageSize: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; data: { cbl_transaction_value: string; cbl_current_value: string }[] };
  };
  const spendable = async () => {
    const res = await post('/api/v1/common/wmsUnit', tenant.token, {
      service: 'getBalance',
      wws_id: wwsId,
      params: {},
    });
    return fen(res.json().data.cb_value);
  };

  beforeAll(async () => {
    tenant = await createTenant(app);
    ({ wwsId } = await createWarehouseLink(app, tenant.tenantId));
  });

  it('adds up in list order after top-ups, fees, settled and released freezes and back-dated rows', async () => {
    const fee = { wwsId, ftCode: 'SHIPPING' };
    await postFee(app.db, { ...fee, key: 'c1', direction: 3, amount: 50_000, ftCode: 'RECHARGE', at: ago(5) });
    await postFee(app.db, { ...fee, key: 'd1', direction: 2, amount: 1_234, at: ago(4.8) });
    await postFee(app.db, { ...fee, key: 'f1', direction: 0, amount: 5_000, at: ago(4.5) });
    await postFee(app.db, { ...fee, key: 'f2', direction: 0, amount: 700, at: ago(4.4) });
    await postFee(app.db, { ...fee, key: 'd2', direction: 2, amount: 300, at: ago(4) });
    // Settled later the same way an operator does, the first one back-dated before d2.
    await postFee(app.db, { ...fee, key: 'p1', direction: 2, settlesKey: 'f1', at: ago(4.2) });
    await postFee(app.db, { ...fee, key: 'u2', direction: 1, settlesKey: 'f2' });
    // An operator's entries dated before everything and between the rows.
    await postFee(app.db, { ...fee, key: 'c0', direction: 3, amount: 10_000, ftCode: 'RECHARGE', at: ago(6) });
    await postFee(app.db, { ...fee, key: 'd0', direction: 2, amount: 999, at: ago(4.3) });
    await postFee(app.db, { ...fee, key: 'f3', direction: 0, amount: 400, at: ago(4.9) });

    const list = await flow();
    expect(list.total).toBe(11);
    expectChain(
      list.data.map((r) => [fen(r.cbl_transaction_value), fen(r.cbl_current_value)]),
      await spendable(),
    );
    expect(await spendable()).toBe(50_000 + 10_000 - 1_234 - 5_000 - 300 - 999 - 400);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('refuses a movement dated in the future, and a settlement dated before its freeze', async () => {
    const fee = { wwsId, ftCode: 'SHIPPING' };
    await expect(
      postFee(app.db, { ...fee, key: 'later', direction: 2, amount: 100, at: new Date(Date.now() + DAY) }),
    ).rejects.toMatchObject({ code: 400, params: { field: 'at' } });
    await postFee(app.db, { ...fee, key: 'f9', direction: 0, amount: 100, at: ago(1) });
    await expect(
      postFee(app.db, { ...fee, key: 'p9', direction: 2, settlesKey: 'f9', at: ago(2) }),
    ).rejects.toMatchObject({ code: 400, params: { field: 'at' } });
    const list = await flow();
    expectChain(
      list.data.map((r) => [fen(r.cbl_transaction_value), fen(r.cbl_current_value)]),
      await spendable(),
    );
  });

  it('holds for the demo history too', async () => {
    const demo = await createTenant(app);
    await createWarehouses(app, demo.tenantId, ['Shenzhen Warehouse', 'Yiwu Warehouse']);
    await transaction(app.db, (tx) => seedWarehouseDemo(tx, demo.tenantId));
    const links = await app.db
      .selectFrom('wh_tenant_providers')
      .select(['id', 'provider_id'])
      .where('main_id', '=', demo.tenantId)
      .execute();
    for (const link of links) {
      // Every row, as the list pages them: newest first by time, then id.
      const rows = await app.db
        .selectFrom('wh_fee_flows')
        .select(['direction', 'amount', 'balance_after'])
        .where('wws_id', '=', link.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(rows.length).toBeGreaterThan(500);
      const held = await balanceOf(app.db, {
        tenantId: demo.tenantId,
        kind: 'warehouse',
        provider: String(link.provider_id),
      });
      expectChain(
        rows.map((r) => [r.direction === 0 || r.direction === 2 ? -r.amount : r.amount, r.balance_after]),
        held.balance - held.pending,
      );
    }
  });
});

describe('the third-party bill', () => {
  const list = async (t: TestTenant) => {
    const res = await post('/api/v1/finance/list', t.token, { page: 1, page_size: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as {
      balance: string;
      data: { capital_flows: string; transaction_money: string; account_balance: string }[];
    };
    return {
      balance: fen(body.balance),
      rows: body.data.map((r): [number, number] => [
        (r.capital_flows === 'into' ? 1 : -1) * fen(r.transaction_money),
        fen(r.account_balance),
      ]),
    };
  };
  let n = 0;
  const entry = (t: TestTenant, flow: 'into' | 'out', amountFen: number, addedDate?: Date) =>
    postThirdParty(app.db, {
      tenantId: t.tenantId,
      transactionId: `RB-${process.pid}-${++n}`,
      type: flow === 'into' ? 'manual_receipts' : 'cod_withholding',
      flow,
      amountFen,
      source: SOURCE.suite,
      ...(addedDate ? { addedDate } : {}),
    });

  it('adds up in list order after receipts, charges and a row added before others', async () => {
    const t = await createTenant(app);
    await entry(t, 'into', 20_000, ago(3));
    await entry(t, 'out', 1_500, ago(2));
    await entry(t, 'into', 700, ago(1));
    await entry(t, 'out', 2_000, ago(2.5));
    await entry(t, 'into', 300);
    const { balance, rows } = await list(t);
    expect(balance).toBe(20_000 - 1_500 + 700 - 2_000 + 300);
    expectChain(rows, balance);
  });

  it.skipIf(!onPostgres)('adds up when a posting commits after one begun later', async () => {
    const t = await createTenant(app);
    await entry(t, 'into', 10_000);
    await commitOutOfOrder(
      (tx) =>
        postThirdParty(tx, {
          tenantId: t.tenantId,
          transactionId: `RB-${process.pid}-${++n}`,
          type: 'cod_withholding',
          flow: 'out',
          amountFen: 2_500,
          source: SOURCE.suite,
        }),
      () => entry(t, 'out', 400),
    );
    const { balance, rows } = await list(t);
    expect(balance).toBe(10_000 - 2_500 - 400);
    expectChain(rows, balance);
  });

  it('holds for the demo history too', async () => {
    const demo = await createTenant(app);
    await transaction(app.db, (tx) => seedThirdPartyDemo(tx, demo.tenantId));
    const { balance, rows } = await list(demo);
    expect(rows.length).toBe(30);
    // The first page ends at the ledger; the whole history adds up from zero.
    expectChain(rows, balance, false);
    const all = await app.db
      .selectFrom('third_party_transactions')
      .select(['capital_flows', 'amount_fen', 'balance_after_fen'])
      .where('main_id', '=', demo.tenantId)
      .orderBy('added_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expectChain(
      all.map((r) => [(r.capital_flows === 'into' ? 1 : -1) * r.amount_fen, r.balance_after_fen]),
      (await balanceOf(app.db, { tenantId: demo.tenantId, kind: 'third_party' })).balance,
    );
  });
});

describe('the distribution bill', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
  let operator: { id: number; accountName: string; displayName: string; sessionId: number };
  beforeAll(async () => {
    operator = await createTestOperator(app);
  });
  const actor = () => ({
    operatorId: operator.id,
    accountName: operator.accountName,
    displayName: operator.displayName,
    role: 'admin' as const,
    sessionId: operator.sessionId,
    ip: '127.0.0.1',
  });

  const list = async (t: TestTenant) => {
    const res = await post('/api/v1/finance/distributorFinance/list', t.token, { page: 1, page_size: 30 });
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json().data.data as {
        capital_flows: string;
        transaction_money: string;
        current_distribution_balance: string;
      }[]
    ).map((r): [number, number] => [
      (r.capital_flows === 'INTO' ? 1 : -1) * fen(r.transaction_money),
      fen(r.current_distribution_balance),
    ]);
  };
  const posted = async (t: TestTenant) =>
    (await balanceOf(app.db, { tenantId: t.tenantId, kind: 'distribution' })).balance;

  async function distributorWithInvitee() {
    const inviter = await createTenant(app);
    await setDistributorFlag(app.db, inviter.tenantId, true);
    const buyer = await createTenant(app);
    await app.db
      .insertInto('invitations')
      .values({ inviter_id: inviter.tenantId, invitee_id: buyer.tenantId, inviter_given_days: 0 })
      .execute();
    return { inviter, buyer };
  }
  let orders = 0;
  const commission = (tx: Db, buyer: TestTenant, amountFen: number) =>
    earnCommission(tx, {
      orderCode: `RB${process.pid}X${++orders}`,
      buyerTenantId: buyer.tenantId,
      amountFen,
      deposit: false,
    });

  it('adds up in list order after commissions and a withdrawal frozen then paid out', async () => {
    const { inviter, buyer } = await distributorWithInvitee();
    await transaction(app.db, (tx) => commission(tx, buyer, 100_000));
    await transaction(app.db, (tx) => commission(tx, buyer, 25_000));
    const applied = await post('/api/v1/distributorFlow/applyDistributionFinance', inviter.token, {
      transaction_money: '30.50',
      bank_name: '中国银行',
      bank_number: '6217000011112222',
      user_name: 'Li Si',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await transaction(app.db, (tx) => commission(tx, buyer, 5_000));
    const voucher = await saveUpload(
      app.db,
      app.files.uploads,
      { tenantId: inviter.tenantId, operatorId: operator.id },
      { bytes: PNG, name: 'voucher.png' },
    );
    await reviewWithdrawal(app.db, actor(), applied.json().data.transaction_id, {
      approve: true,
      voucherUploadId: voucher.id,
      remark: 'paid',
    });
    const rows = await list(inviter);
    expect(rows).toHaveLength(4);
    expectChain(rows, await posted(inviter));
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)('adds up when a commission commits after one begun later', async () => {
    const { inviter, buyer } = await distributorWithInvitee();
    await transaction(app.db, (tx) => commission(tx, buyer, 100_000));
    await commitOutOfOrder(
      (tx) => commission(tx, buyer, 40_000),
      () => transaction(app.db, (tx) => commission(tx, buyer, 7_000)),
    );
    const rows = await list(inviter);
    expect(rows).toHaveLength(3);
    expectChain(rows, await posted(inviter));
  });

  it('holds for the demo history too', async () => {
    const demo = await createTenant(app);
    await setDistributorFlag(app.db, demo.tenantId, true);
    await transaction(app.db, (tx) => seedDistributionDemo(tx, demo.tenantId));
    const all = await app.db
      .selectFrom('distribution_entries')
      .select(['capital_flows', 'amount_fen', 'balance_after_fen'])
      .where('main_id', '=', demo.tenantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expectChain(
      all.map((r) => [(r.capital_flows === 'INTO' ? 1 : -1) * r.amount_fen, r.balance_after_fen]),
      await posted(demo),
    );
    expect((await list(demo))[0]![1]).toBe(await posted(demo));
  });
});

describe('migration 0720 on a database written before the rule', () => {
  it('gives old deductions of frozen money their release and re-threads every stored balance', async () => {
    // A database of its own: the demo seeds' ids are fixed, and the other tests seeded them.
    const fresh = await buildTestApp();
    try {
      const demo = await createTenant(fresh);
      await setDistributorFlag(fresh.db, demo.tenantId, true);
      await createWarehouses(fresh, demo.tenantId, ['Shenzhen Warehouse', 'Yiwu Warehouse']);
      await transaction(fresh.db, async (tx) => {
        await seedWarehouseDemo(tx, demo.tenantId);
        await seedThirdPartyDemo(tx, demo.tenantId);
        await seedDistributionDemo(tx, demo.tenantId);
      });
      // Rows of the third-party bill posted out of time order, as well as the demo's.
      for (const [i, flow, amountFen, days] of [
        [1, 'into', 9_000, 3],
        [2, 'out', 1_000, 1],
        [3, 'out', 2_000, 2],
      ] as const)
        await postThirdParty(fresh.db, {
          tenantId: demo.tenantId,
          transactionId: `RBM-${process.pid}-${i}`,
          type: flow === 'into' ? 'manual_receipts' : 'cod_withholding',
          flow,
          amountFen,
          source: SOURCE.suite,
          addedDate: ago(days),
        });
      const links = await fresh.db
        .selectFrom('wh_tenant_providers')
        .select(['id', 'provider_id'])
        .where('main_id', '=', demo.tenantId)
        .execute();
      const wwsIds = links.map((l) => l.id);
      // What the old writers left: one row per settled freeze, balances as written.
      await fresh.db
        .deleteFrom('wh_fee_flows')
        .where('wws_id', 'in', wwsIds)
        .where('key', 'like', '%#release')
        .execute();
      await fresh.db.updateTable('wh_fee_flows').set({ balance_after: 1 }).where('wws_id', 'in', wwsIds).execute();
      await fresh.db
        .updateTable('third_party_transactions')
        .set({ balance_after_fen: 1 })
        .where('main_id', '=', demo.tenantId)
        .execute();
      await fresh.db
        .updateTable('distribution_entries')
        .set({ balance_after_fen: 1 })
        .where('main_id', '=', demo.tenantId)
        .execute();

      const script = readFileSync(new URL('../db/migrations/0720_running_balances.sql', import.meta.url), 'utf8');
      for (const statement of script.split(/;\s*$/m).filter((s) => /\S/.test(s.replace(/--.*$/gm, ''))))
        await sql.raw(statement).execute(fresh.db);

      for (const link of links) {
        const rows = await fresh.db
          .selectFrom('wh_fee_flows')
          .select(['direction', 'amount', 'balance_after', 'settles_key'])
          .where('wws_id', '=', link.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const settled = rows.filter((r) => r.direction === 2 && r.settles_key !== null).length;
        expect(settled).toBeGreaterThan(10);
        expect(rows.filter((r) => r.direction === 1 && r.settles_key !== null).length).toBeGreaterThan(settled);
        const held = await balanceOf(fresh.db, {
          tenantId: demo.tenantId,
          kind: 'warehouse',
          provider: String(link.provider_id),
        });
        expectChain(
          rows.map((r) => [r.direction === 0 || r.direction === 2 ? -r.amount : r.amount, r.balance_after]),
          held.balance - held.pending,
        );
      }
      const thirdParty = await fresh.db
        .selectFrom('third_party_transactions')
        .select(['capital_flows', 'amount_fen', 'balance_after_fen'])
        .where('main_id', '=', demo.tenantId)
        .orderBy('added_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expectChain(
        thirdParty.map((r) => [(r.capital_flows === 'into' ? 1 : -1) * r.amount_fen, r.balance_after_fen]),
        (await balanceOf(fresh.db, { tenantId: demo.tenantId, kind: 'third_party' })).balance,
      );
      const distribution = await fresh.db
        .selectFrom('distribution_entries')
        .select(['capital_flows', 'amount_fen', 'balance_after_fen'])
        .where('main_id', '=', demo.tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expectChain(
        distribution.map((r) => [(r.capital_flows === 'INTO' ? 1 : -1) * r.amount_fen, r.balance_after_fen]),
        (await balanceOf(fresh.db, { tenantId: demo.tenantId, kind: 'distribution' })).balance,
      );
      expect(await verifyLedger(fresh.db)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
