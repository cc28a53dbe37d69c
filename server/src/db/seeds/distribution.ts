import { DISTRIBUTION_CHAIN } from '../../modules/distribution/service.ts';
import { balanceOf, freeze, post, transfer, voidPending } from '../../platform/ledger/index.ts';
import { rethread } from '../../platform/running-balance.ts';
import type { Db } from '../client.ts';

const DAY = 86_400_000;

/** A small deterministic generator, so every fresh demo looks the same. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/**
 * The demo tenant as a distributor (docs/product.md: populated on first start): an approved supplier
 * application, six months of commissions from its invitees, withdrawals in every status, the
 * bank info, and an available balance. The rows go in with a few bulk inserts; the money goes
 * through the ledger (one transfer for the commissions, each withdrawal's freeze and its post
 * or release), so `ledger:verify` stays clean; the bill's running balances are then threaded
 * from the ledger's balance by the bill's own rule (running-balance.ts).
 */
export async function seedDistributionDemo(tx: Db, tenantId: number): Promise<void> {
  const now = Date.now();
  const random = prng(20_260_301);
  await tx
    .insertInto('supplier_applications')
    .values({
      main_id: tenantId,
      username: 'Demo Zhang',
      bank_name: '招商银行',
      bank_number: '6225880012345678',
      retailer_name: 'Demo Trading Co.',
      status: 2,
      submitted_at: new Date(now - 200 * DAY),
      reviewed_at: new Date(now - 199 * DAY),
    })
    .execute();
  await tx
    .insertInto('distribution_bank_accounts')
    .values(
      (['withdrawal', 'base'] as const).map((kind) => ({
        main_id: tenantId,
        kind,
        user_name: 'Demo Zhang',
        bank_name: '招商银行',
        bank_number: '6225880012345678',
      })),
    )
    .execute();

  const invitees = (
    await tx.selectFrom('invitations').select('invitee_id').where('inviter_id', '=', tenantId).execute()
  ).map((r) => r.invitee_id);
  const parents = invitees.length > 0 ? invitees : [tenantId];

  type Event =
    | { at: number; kind: 'into'; fen: number; parent: number; n: number }
    | { at: number; reviewAt: number; kind: 'out'; fen: number; status: 0 | 1 | 2; n: number };
  const events: Event[] = [];
  for (let i = 0; i < 150; i++) {
    const at = now - Math.floor((180 - (i * 180) / 150) * DAY) + Math.floor(random() * 6 * 3_600_000);
    events.push({
      at,
      kind: 'into',
      fen: 500 + Math.floor(random() * 30_000),
      parent: parents[i % parents.length]!,
      n: i,
    });
  }
  // Approved withdrawals along the way, two failed, two waiting.
  const withdrawals: { days: number; fen: number; status: 0 | 1 | 2 }[] = [
    { days: 150, fen: 50_000, status: 1 },
    { days: 120, fen: 80_000, status: 1 },
    { days: 100, fen: 30_000, status: 2 },
    { days: 75, fen: 120_000, status: 1 },
    { days: 45, fen: 90_000, status: 1 },
    { days: 30, fen: 20_000, status: 2 },
    { days: 3, fen: 15_000, status: 0 },
    { days: 1, fen: 8_800, status: 0 },
  ];
  withdrawals.forEach((w, i) =>
    events.push({
      at: now - w.days * DAY,
      reviewAt: now - w.days * DAY + DAY,
      kind: 'out',
      fen: w.fen,
      status: w.status,
      n: i,
    }),
  );
  events.sort((a, b) => a.at - b.at);

  const entries: {
    main_id: number;
    transaction_id: string;
    parent_user_id: number;
    number: string;
    capital_flows: 'INTO' | 'OUT';
    kind: 'commission' | 'withdrawal';
    amount_fen: number;
    balance_after_fen: number;
    created_at: Date;
    updated_at: Date;
  }[] = [];
  let earned = 0;
  const stamp = (at: number) => new Date(at + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  for (const e of events) {
    if (e.kind === 'into') {
      earned += e.fen;
      const orderCode = `SCDEMOD${String(e.n + 1).padStart(5, '0')}`;
      entries.push({
        main_id: tenantId,
        transaction_id: `DC${orderCode}`,
        parent_user_id: e.parent,
        number: orderCode,
        capital_flows: 'INTO',
        kind: 'commission',
        amount_fen: e.fen,
        balance_after_fen: 0,
        created_at: new Date(e.at),
        updated_at: new Date(e.at),
      });
    }
  }
  // The commissions reach the balance in one ledger transfer; the withdrawals below take theirs.
  await transfer(tx, {
    key: `seed:demo-commissions:${tenantId}`,
    from: { operator: 'commissions_payable' },
    to: { tenantId: tenantId, kind: 'distribution' },
    amount: earned,
    memo: 'demo commissions',
  });

  // Withdrawals; the OUT rows of approved ones join the bill.
  const rows = [];
  for (const e of events) {
    if (e.kind !== 'out') continue;
    const transactionId = `W${stamp(e.at)}${String(e.n).padStart(6, '0')}`;
    const key = `withdrawal:${transactionId}`;
    await freeze(tx, {
      key,
      from: { tenantId: tenantId, kind: 'distribution' },
      to: { operator: 'withdrawals_in_flight' },
      amount: e.fen,
      memo: `withdrawal ${transactionId}`,
    });
    if (e.status === 1) await post(tx, { key: `${key}:post`, pendingKey: key });
    if (e.status === 2) await voidPending(tx, { key: `${key}:void`, pendingKey: key });
    rows.push({
      main_id: tenantId,
      transaction_id: transactionId,
      amount_fen: e.fen,
      bank_name: '招商银行',
      bank_number: '6225880012345678',
      user_name: 'Demo Zhang',
      status: e.status,
      image_url: '',
      remark: e.status === 1 ? '已打款' : e.status === 2 ? '银行卡信息有误，请核对后重新申请' : '',
      created_at: new Date(e.at),
      reviewed_at: e.status === 0 ? null : new Date(e.reviewAt),
    });
    if (e.status === 1) {
      entries.push({
        main_id: tenantId,
        transaction_id: transactionId,
        parent_user_id: tenantId,
        number: transactionId,
        capital_flows: 'OUT',
        kind: 'withdrawal',
        amount_fen: e.fen,
        balance_after_fen: 0,
        created_at: new Date(e.reviewAt),
        updated_at: new Date(e.reviewAt),
      });
    }
  }
  entries.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  await tx.insertInto('distribution_withdrawals').values(rows).execute();
  await tx.insertInto('distribution_entries').values(entries).execute();
  const held = await balanceOf(tx, { tenantId: tenantId, kind: 'distribution' });
  await rethread(tx, DISTRIBUTION_CHAIN, { ownerId: tenantId, ledgerBalance: held.balance });
}
