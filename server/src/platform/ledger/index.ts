import { sql } from 'kysely';
import { afterCommit, transaction, type Db } from '../../db/client.ts';
import { countLedgerTransfer } from '../metrics.ts';
import { AppError } from '../errors.ts';

/**
 * The double-entry ledger. Every balance of money in the product moves only through these
 * functions, in integer fen, inside the caller's transaction (the one that changes the business
 * row), so a balance change and its cause commit or roll back together.
 *
 * - `transfer` moves money from one account to another at once.
 * - `freeze` reserves money on the `from` account (a pending transfer); `post` completes it
 *   (the deduction) and `voidPending` releases it (the unfreeze), each exactly once.
 * - Every call carries an idempotency key, unique across the ledger. A key already used answers
 *   `applied: false` and changes nothing; the same key for a different movement is a 409.
 * - An account's floor (0 for a tenant's balances, minus the credit line for a warehouse account,
 *   none for the operator's clearing accounts) is kept by a guarded update: the debit and the
 *   check are one statement, so concurrent debits can never pass it together.
 *
 * Accounts are created on first use. `npm run ledger:verify` recomputes everything from the
 * entries (platform/ledger/verify.ts).
 */

export const TENANT_KINDS = ['third_party', 'distribution', 'warehouse'] as const;
export const OPERATOR_KINDS = ['clearing', 'revenue', 'commissions_payable', 'withdrawals_in_flight'] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];
export type OperatorKind = (typeof OPERATOR_KINDS)[number];

/**
 * A tenant's account (tenantId is its main account's id; warehouse accounts are per warehouse
 * provider) or one of the operator's own (clearing per payment provider).
 */
export type AccountRef =
  { tenantId: number; kind: TenantKind; provider?: string } | { operator: OperatorKind; provider?: string };

export type TransferInput = {
  key: string;
  from: AccountRef;
  to: AccountRef;
  amount: number;
  memo: string;
  /**
   * A transfer only: what `from` must still hold (balance - pending) after it, above its floor
   * too. A refund takes back a warehouse top-up only from money the account holds, never from its
   * credit line (floor below 0), so it passes 0 here; checked in the same guarded update.
   */
  keepAtLeast?: number;
};
export type ResolveInput = { key: string; pendingKey: string };
export type LedgerResult = { applied: boolean; id: string };
export type Balance = { balance: number; pending: number; floor: number | null };

type Owner = { tenantId: number | null; kind: string; provider: string };

function ownerOf(ref: AccountRef): Owner {
  const provider = ref.provider ?? '';
  if ('operator' in ref) {
    if (!OPERATOR_KINDS.includes(ref.operator)) throw new TypeError(`ledger: unknown operator account ${ref.operator}`);
    if (ref.operator === 'clearing' && !provider) throw new TypeError('ledger: a clearing account names its provider');
    return { tenantId: null, kind: ref.operator, provider };
  }
  if (!TENANT_KINDS.includes(ref.kind)) throw new TypeError(`ledger: unknown tenant account ${ref.kind}`);
  if (!Number.isSafeInteger(ref.tenantId) || ref.tenantId <= 0) throw new TypeError('ledger: bad tenantId');
  if (ref.kind === 'warehouse' && !provider) throw new TypeError('ledger: a warehouse account names its provider');
  return { tenantId: ref.tenantId, kind: ref.kind, provider };
}

/** A tenant's balances may not go below 0 until a floor is set (a credit line); the operator's have none. */
function defaultFloor(owner: Owner): number | null {
  return owner.tenantId === null ? null : 0;
}

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`ledger: amount must be a positive integer of fen, got ${amount}`);
}

function checkKey(key: string) {
  if (typeof key !== 'string' || key.length < 1 || key.length > 200)
    throw new RangeError('ledger: key must be 1-200 characters');
}

function findAccount(db: Db, owner: Owner) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'pending', 'floor'])
    .where(sql<boolean>`tenant_id IS NOT DISTINCT FROM ${owner.tenantId}`)
    .where('kind', '=', owner.kind)
    .where('provider', '=', owner.provider)
    .executeTakeFirst();
}

/** The account's id, creating it on first use (concurrent first uses agree on one row). */
async function accountIdOf(tx: Db, ref: AccountRef): Promise<number> {
  const owner = ownerOf(ref);
  const found = await findAccount(tx, owner);
  if (found) return found.id;
  const created = await tx
    .insertInto('ledger_accounts')
    .values({ tenant_id: owner.tenantId, kind: owner.kind, provider: owner.provider, floor: defaultFloor(owner) })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return created.id;
  const raced = await findAccount(tx, owner);
  if (!raced) throw new Error('ledger: account vanished after a concurrent create');
  return raced.id;
}

/**
 * Both accounts' ids. First uses create accounts, and a create holds its key until commit, so
 * they are made in one fixed order: two transactions creating the same two accounts never wait
 * for each other crosswise.
 */
async function accountIdsOf(tx: Db, from: AccountRef, to: AccountRef): Promise<[number, number]> {
  const order = (ref: AccountRef) => {
    const o = ownerOf(ref);
    return `${o.tenantId ?? 0}\u0000${o.kind}\u0000${o.provider}`;
  };
  if (order(from) <= order(to)) {
    const fromId = await accountIdOf(tx, from);
    return [fromId, await accountIdOf(tx, to)];
  }
  const toId = await accountIdOf(tx, to);
  return [await accountIdOf(tx, from), toId];
}

/**
 * Reserves `amount` on the account (a freeze) as long as balance - pending - amount stays at or
 * above its floor: one guarded update, so the check and the change cannot be split by a
 * concurrent debit.
 */
async function guardedReserve(tx: Db, accountId: number, amount: number): Promise<boolean> {
  const row = await tx
    .updateTable('ledger_accounts')
    .set({ pending: sql`pending + ${amount}`, updated_at: sql`now()` })
    .where('id', '=', accountId)
    .where(sql<boolean>`(floor IS NULL OR balance - pending - ${amount} >= floor)`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One posted movement in one statement: both rows locked in id order, then the debit (guarded by
 * the floor unless it posts a reservation, which already passed it), then the credit and the two
 * entries, only if the debit went through. The rows are held for this one statement and the
 * commit: the shortest window a hot account (revenue, a busy balance) can be held. Locking in id
 * order first is what lets a movement and one the other way (a top-up and a refund) run at once:
 * locked debit-first, each would hold one row and wait for the other's (a deadlock, and one of
 * them refused by the database). The lock is the one an update of a balance takes (NO KEY
 * UPDATE): a plain FOR UPDATE would also wait for the key-share locks that each transfer row's
 * foreign keys hold, and deadlock on those instead.
 */
async function move(
  tx: Db,
  m: { transferId: number; fromId: number; toId: number; amount: number; postsPending: boolean; keepAtLeast?: number },
): Promise<boolean> {
  const release = m.postsPending ? m.amount : 0;
  const keepAtLeast = m.keepAtLeast ?? null;
  const { rows } = await sql<{ moved: number }>`
    WITH locked AS (
      SELECT id FROM ledger_accounts WHERE id IN (${m.fromId}, ${m.toId}) ORDER BY id FOR NO KEY UPDATE
    ), debit AS (
      UPDATE ledger_accounts
         SET balance = balance - ${m.amount}, pending = pending - ${release}, updated_at = now()
       WHERE id = ${m.fromId}
         -- Evaluated before this row is locked for the update, so the locks are taken in id order.
         AND (SELECT count(*) FROM locked) = 2
         AND (${m.postsPending}::boolean OR floor IS NULL OR balance - pending - ${m.amount} >= floor)
         AND (${keepAtLeast}::bigint IS NULL OR balance - pending - ${m.amount} >= ${keepAtLeast}::bigint)
      RETURNING id
    ), credit AS (
      UPDATE ledger_accounts SET balance = balance + ${m.amount}, updated_at = now()
       WHERE id = ${m.toId} AND EXISTS (SELECT 1 FROM debit)
      RETURNING id
    ), entries AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount)
      SELECT ${m.transferId}::bigint, id, -${m.amount}::bigint FROM debit
      UNION ALL
      SELECT ${m.transferId}::bigint, id, ${m.amount}::bigint FROM credit
    )
    SELECT count(*)::int AS moved FROM debit`.execute(tx);
  return rows[0]?.moved === 1;
}

type Claim = {
  key: string;
  kind: 'transfer' | 'pending' | 'post' | 'void';
  debit: number;
  credit: number;
  amount: number;
  pendingId?: number;
  memo: string;
};

/**
 * Inserts the transfer's row, which claims its key (and, for a post or void, its pending
 * transfer: the unique index on pending_id lets only one resolution in). Returns its id, or
 * undefined when a key or resolution already exists (concurrent claims wait for each other).
 */
async function claim(tx: Db, c: Claim): Promise<number | undefined> {
  const row = await tx
    .insertInto('ledger_transfers')
    .values({
      key: c.key,
      kind: c.kind,
      debit_account_id: c.debit,
      credit_account_id: c.credit,
      amount: c.amount,
      pending_id: c.pendingId ?? null,
      state: c.kind === 'pending' ? 'pending' : null,
      memo: c.memo.slice(0, 500),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // Counted once committed: a claim taken back or rolled back moved nothing.
  if (row) await afterCommit(tx, async () => countLedgerTransfer(c.kind));
  return row?.id;
}

/** A key met again: the same movement is a replay (nothing changes); another one is a 409. */
async function replayOf(tx: Db, c: Claim): Promise<LedgerResult> {
  const existing = await tx
    .selectFrom('ledger_transfers')
    .select(['id', 'kind', 'debit_account_id', 'credit_account_id', 'amount', 'pending_id'])
    .where('key', '=', c.key)
    .executeTakeFirst();
  if (!existing) {
    // Not our key: the pending transfer was resolved under another key.
    throw AppError.conflict('ledgerPendingResolved');
  }
  const same =
    existing.kind === c.kind &&
    existing.debit_account_id === c.debit &&
    existing.credit_account_id === c.credit &&
    existing.amount === c.amount &&
    (existing.pending_id ?? undefined) === c.pendingId;
  if (!same) throw AppError.conflict('ledgerKeyReused');
  return { applied: false, id: String(existing.id) };
}

/** Takes back a claim whose movement was refused, so a caller that goes on keeps no trace of it. */
async function unclaim(tx: Db, id: number) {
  await tx.deleteFrom('ledger_transfers').where('id', '=', id).execute();
}

/**
 * Moves `amount` fen from `from` to `to` at once. 409 (`ledgerInsufficientFunds`) when `from`
 * would go below its floor.
 */
export function transfer(trx: Db, t: TransferInput): Promise<LedgerResult> {
  checkKey(t.key);
  checkAmount(t.amount);
  return transaction(trx, async (tx) => {
    const [fromId, toId] = await accountIdsOf(tx, t.from, t.to);
    if (fromId === toId) throw new TypeError('ledger: a transfer needs two different accounts');
    const c: Claim = { key: t.key, kind: 'transfer', debit: fromId, credit: toId, amount: t.amount, memo: t.memo };
    const id = await claim(tx, c);
    if (id === undefined) return replayOf(tx, c);
    const moved = await move(tx, {
      transferId: id,
      fromId,
      toId,
      amount: t.amount,
      postsPending: false,
      ...(t.keepAtLeast !== undefined ? { keepAtLeast: t.keepAtLeast } : {}),
    });
    if (!moved) {
      await unclaim(tx, id);
      throw AppError.conflict('ledgerInsufficientFunds');
    }
    return { applied: true, id: String(id) };
  });
}

/**
 * Reserves `amount` fen on `from` for `to` (a pending transfer): it no longer counts as
 * spendable, but moves only when posted. 409 when `from` would go below its floor.
 */
export function freeze(trx: Db, t: TransferInput): Promise<LedgerResult> {
  checkKey(t.key);
  checkAmount(t.amount);
  return transaction(trx, async (tx) => {
    const [fromId, toId] = await accountIdsOf(tx, t.from, t.to);
    if (fromId === toId) throw new TypeError('ledger: a transfer needs two different accounts');
    const c: Claim = { key: t.key, kind: 'pending', debit: fromId, credit: toId, amount: t.amount, memo: t.memo };
    const id = await claim(tx, c);
    if (id === undefined) return replayOf(tx, c);
    if (!(await guardedReserve(tx, fromId, t.amount))) {
      await unclaim(tx, id);
      throw AppError.conflict('ledgerInsufficientFunds');
    }
    return { applied: true, id: String(id) };
  });
}

async function resolve(trx: Db, input: ResolveInput, outcome: 'post' | 'void'): Promise<LedgerResult> {
  checkKey(input.key);
  checkKey(input.pendingKey);
  return transaction(trx, async (tx) => {
    const pending = await tx
      .selectFrom('ledger_transfers')
      .select(['id', 'debit_account_id', 'credit_account_id', 'amount', 'memo'])
      .where('key', '=', input.pendingKey)
      .where('kind', '=', 'pending')
      .executeTakeFirst();
    if (!pending) throw AppError.notFound('ledgerPendingNotFound');
    const { debit_account_id: fromId, credit_account_id: toId, amount } = pending;
    const c: Claim = {
      key: input.key,
      kind: outcome,
      debit: fromId,
      credit: toId,
      amount,
      pendingId: pending.id,
      memo: pending.memo,
    };
    const id = await claim(tx, c);
    if (id === undefined) return replayOf(tx, c);
    const moved = await tx
      .updateTable('ledger_transfers')
      .set({ state: outcome === 'post' ? 'posted' : 'voided' })
      .where('id', '=', pending.id)
      .where('state', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw new Error(`ledger: pending transfer ${pending.id} is not pending, yet had no resolution`);

    if (outcome === 'void') {
      await tx
        .updateTable('ledger_accounts')
        .set({ pending: sql`pending - ${amount}`, updated_at: sql`now()` })
        .where('id', '=', fromId)
        .execute();
      return { applied: true, id: String(id) };
    }
    // Posting turns the reservation into the debit: balance - pending is unchanged, so the
    // floor checked at the freeze still holds.
    if (!(await move(tx, { transferId: id, fromId, toId, amount, postsPending: true }))) {
      throw new Error(`ledger: posting pending transfer ${pending.id} moved nothing`);
    }
    return { applied: true, id: String(id) };
  });
}

/** Completes a pending transfer (the deduction): exactly once, whatever key asks a second time. */
export function post(trx: Db, input: ResolveInput): Promise<LedgerResult> {
  return resolve(trx, input, 'post');
}

/** Releases a pending transfer (the unfreeze): exactly once; a posted one cannot be voided. */
export function voidPending(trx: Db, input: ResolveInput): Promise<LedgerResult> {
  return resolve(trx, input, 'void');
}

/** An account's balance, what is frozen on it, and its floor (an unused account: zeros). */
export async function balanceOf(db: Db, ref: AccountRef): Promise<Balance> {
  const owner = ownerOf(ref);
  const row = await findAccount(db, owner);
  if (!row) return { balance: 0, pending: 0, floor: defaultFloor(owner) };
  return { balance: row.balance, pending: row.pending, floor: row.floor };
}

/**
 * Sets an account's floor (null: none). A warehouse account's floor is minus its approved credit
 * line. A floor above what the account holds now (balance - pending) is refused with a 409, so
 * no account ever sits below its floor.
 */
export function setFloor(trx: Db, ref: AccountRef, floor: number | null): Promise<void> {
  if (floor !== null && !Number.isSafeInteger(floor)) throw new RangeError('ledger: floor must be an integer of fen');
  return transaction(trx, async (tx) => {
    const id = await accountIdOf(tx, ref);
    const row = await tx
      .updateTable('ledger_accounts')
      .set({ floor, updated_at: sql`now()` })
      .where('id', '=', id)
      .$if(floor !== null, (q) => q.where(sql<boolean>`balance - pending >= ${floor}`))
      .returning('id')
      .executeTakeFirst();
    if (!row) throw AppError.conflict('ledgerInsufficientFunds');
  });
}
