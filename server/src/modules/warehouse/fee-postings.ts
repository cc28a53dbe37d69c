import { sql } from 'kysely';
import type { TFundDirection } from '@seller-centre/contract/warehouse';
import { transaction, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  balanceOf,
  freeze,
  post,
  setFloor,
  transfer,
  voidPending,
  type AccountRef,
  type LedgerResult,
} from '../../platform/ledger/index.ts';
import { clock, threadRow, type BalanceChain } from '../../platform/running-balance.ts';
import { findFlowByKey, findLink, updateCreditLine } from './repository.ts';

/**
 * The local warehouse account's money: every movement is one ledger call and its fee flow rows in
 * the same transaction, each row carrying the spendable balance right after it in the flow's
 * order (cbl_current_value), so the flow's running balance always ends at what the ledger holds.
 */

/** The fee flow's running balance: by time then id, each row adding its signed amount. */
export const FEE_FLOW_CHAIN: BalanceChain = {
  table: 'wh_fee_flows',
  owner: 'wws_id',
  time: 'created_at',
  balance: 'balance_after',
  effect: sql<number>`CASE WHEN direction IN (0, 2) THEN -amount ELSE amount END`,
};

/** The key of the release row a deduction of frozen money writes before itself. */
export const releaseKey = (key: string) => `${key}#release`;

/** The tenant's warehouse account at a provider in the ledger. */
export function warehouseAccount(tenantId: number, providerId: number): AccountRef {
  return { tenantId, kind: 'warehouse', provider: String(providerId) };
}

/** Where deductions go and operator credits (refunds, compensation) come from: the operator's revenue for this provider. */
export function providerRevenue(providerId: number): AccountRef {
  return { operator: 'revenue', provider: `wh:${providerId}` };
}

const ledgerKey = (wwsId: number, key: string) => `wh:${wwsId}:${key}`;

export type PostFeeInput = {
  wwsId: number;
  /** Idempotency key, unique per provider link: the same key posts once. */
  key: string;
  direction: TFundDirection;
  /** Fen, more than 0. For an unfreeze, the frozen amount (taken from the freeze when omitted). */
  amount?: number;
  /** Unfreeze (1) and a deduction of frozen money (2): the key of the freeze it settles. */
  settlesKey?: string | undefined;
  ftCode: string;
  /** The warehouse charged (data authority narrows the flow by it); a settlement takes its freeze's. */
  warehouseId?: number | null | undefined;
  /** A credit's source (a payment's clearing account); the provider's revenue account by default. */
  creditFrom?: AccountRef | undefined;
  /**
   * A deduction that gives money back to a payment (a refunded top-up): to the payment's
   * clearing account, and only from money the account holds (never its credit line).
   */
  refundTo?: AccountRef | undefined;
  platform?: string | undefined;
  site?: string | undefined;
  referenceNo?: string | undefined;
  orderCode?: string | undefined;
  referCode?: string | undefined;
  trackingNumber?: string | undefined;
  platformShop?: string | undefined;
  note?: string | undefined;
  operatorId?: number | null | undefined;
  /**
   * When it happened (imports date rows back); now by default. Not in the future, and a
   * settlement not before its freeze.
   */
  at?: Date | undefined;
};

export type FlowRow = NonNullable<Awaited<ReturnType<typeof findFlowByKey>>>;

/**
 * Posts one fee flow movement: 0 freeze (ledger freeze), 1 unfreeze (voidPending of the freeze),
 * 2 deduction (post of the freeze it settles, or a transfer to the provider's revenue), 3 credit
 * (a transfer into the account). A deduction of frozen money writes two rows, as the money moves
 * on the spendable balance: the freeze released (an unfreeze row, +amount), then the deduction
 * (-amount), so every row's amount is what it adds to the balance. Idempotent by key: a repeat
 * answers the row already written with `applied: false`. A debit past the floor (minus the
 * credit line) is a 409. A row dated before others re-threads their balances (running-balance.ts).
 */
export async function postFee(db: Db, input: PostFeeInput): Promise<{ applied: boolean; row: FlowRow }> {
  return transaction(db, async (tx) => {
    // One warehouse account's postings take turns: a credit and a deduction lock the ledger's two
    // accounts in opposite order and would deadlock, and the running balance is read after each.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`warehouse:${input.wwsId}`}, 0))`.execute(tx);
    const link = await findLink(tx, input.wwsId);
    if (!link) throw AppError.notFound('warehouseProviderNotFound');
    const account = warehouseAccount(link.main_id, link.provider_id);
    const revenue = providerRevenue(link.provider_id);
    const key = ledgerKey(input.wwsId, input.key);
    let amount = input.amount;
    let settled: FlowRow | undefined;
    if (input.settlesKey !== undefined) {
      settled = await findFlowByKey(tx, input.wwsId, input.settlesKey);
      if (!settled || settled.direction !== 0) throw AppError.notFound('warehouseFreezeNotFound');
      amount ??= settled.amount;
      if (amount !== settled.amount) throw AppError.invalidField('amount', `must equal the frozen ${settled.amount}`);
    } else if (input.direction === 1) {
      throw AppError.invalidField('settlesKey', 'an unfreeze names the freeze it releases');
    }
    if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0)
      throw AppError.invalidField('amount', 'must be a positive amount');
    // A movement is posted after it happens; money cannot leave a freeze before it was frozen.
    if (input.at && input.at.getTime() > Date.now()) throw AppError.invalidField('at', 'must not be in the future');
    if (settled && (input.at ?? new Date()).getTime() < settled.created_at.getTime())
      throw AppError.invalidField('at', 'must not be before the freeze it settles');
    const memo = `warehouse ${input.direction} ${input.ftCode}`;
    let result: LedgerResult;
    switch (input.direction) {
      case 0:
        result = await freeze(tx, { key, from: account, to: revenue, amount, memo });
        break;
      case 1:
        result = await voidPending(tx, { key, pendingKey: ledgerKey(input.wwsId, settled!.key) });
        break;
      case 2:
        result = settled
          ? await post(tx, { key, pendingKey: ledgerKey(input.wwsId, settled.key) })
          : input.refundTo
            ? await transfer(tx, { key, from: account, to: input.refundTo, amount, memo, keepAtLeast: 0 })
            : await transfer(tx, { key, from: account, to: revenue, amount, memo });
        break;
      case 3:
        result = await transfer(tx, { key, from: input.creditFrom ?? revenue, to: account, amount, memo });
        break;
    }
    if (!result.applied) {
      const existing = await findFlowByKey(tx, input.wwsId, input.key);
      if (!existing || existing.direction !== input.direction || existing.amount !== amount)
        throw AppError.conflict('warehouseFeeKeyReused');
      return { applied: false, row: existing };
    }
    const balance = await balanceOf(tx, account);
    const spendable = balance.balance - balance.pending;
    const values = {
      main_id: link.main_id,
      wws_id: input.wwsId,
      amount,
      settles_key: input.settlesKey ?? null,
      ft_code: input.ftCode,
      platform: input.platform ?? '',
      site: input.site ?? '',
      reference_no: input.referenceNo ?? '',
      order_code: input.orderCode ?? '',
      refer_code: input.referCode ?? '',
      tracking_number: input.trackingNumber ?? '',
      platform_shop: input.platformShop ?? '',
      operator_id: input.operatorId ?? null,
      warehouse_id: input.warehouseId ?? settled?.warehouse_id ?? null,
    };
    // One time for both rows of a settled freeze.
    const at = input.at ?? (await clock(tx));
    const write = (key: string, direction: TFundDirection, note: string, ledgerBalance: number) =>
      threadRow(
        tx,
        FEE_FLOW_CHAIN,
        { ownerId: input.wwsId, at, effect: effectOf({ direction, amount }), ledgerBalance },
        (balanceAfter) =>
          tx
            .insertInto('wh_fee_flows')
            .values({ ...values, key, direction, note, balance_after: balanceAfter, created_at: at })
            .returningAll()
            .executeTakeFirstOrThrow(),
      );
    // The release comes first: right after it the frozen amount is spendable again.
    if (input.direction === 2 && settled) await write(releaseKey(input.key), 1, '', spendable + amount);
    const row = await write(input.key, input.direction, input.note ?? '', spendable);
    return { applied: true, row };
  });
}

/**
 * How a row moves cb_value (balance - frozen), its signed amount (cbl_transaction_value): a
 * freeze and a deduction take the amount out, an unfreeze and a credit put it back.
 */
export function effectOf(row: Pick<FlowRow, 'direction' | 'amount'>): number {
  return row.direction === 0 || row.direction === 2 ? -row.amount : row.amount;
}

/**
 * Puts a credit line in force (approval: the line; expiry or none: 0): the link keeps the line,
 * the ledger's floor becomes minus it. Lowering it below what the account already spent is a 409.
 */
export async function setCreditLine(db: Db, wwsId: number, fen: number): Promise<void> {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('credit line must be 0 or more fen');
  await transaction(db, async (tx) => {
    const link = await findLink(tx, wwsId);
    if (!link) throw AppError.notFound('warehouseProviderNotFound');
    await updateCreditLine(tx, wwsId, fen);
    await setFloor(tx, warehouseAccount(link.main_id, link.provider_id), fen === 0 ? 0 : -fen);
  });
}
