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
import { findFlowByKey, findLink, updateCreditLine } from './repository.ts';

/**
 * The local warehouse account's money: every movement is one ledger call and one fee flow row in
 * the same transaction, the row carrying the balance right after it (cbl_current_value), so the
 * flow's running balance always equals what the ledger holds.
 */

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
  /** A credit's source (a payment's clearing account); the provider's revenue account by default. */
  creditFrom?: AccountRef | undefined;
  platform?: string | undefined;
  site?: string | undefined;
  referenceNo?: string | undefined;
  orderCode?: string | undefined;
  referCode?: string | undefined;
  trackingNumber?: string | undefined;
  platformShop?: string | undefined;
  note?: string | undefined;
  operatorId?: number | null | undefined;
  /** When it happened (the seed and imports date rows back); now by default. */
  at?: Date | undefined;
};

export type FlowRow = NonNullable<Awaited<ReturnType<typeof findFlowByKey>>>;

/**
 * Posts one fee flow movement: 0 freeze (ledger freeze), 1 unfreeze (voidPending of the freeze),
 * 2 deduction (post of the freeze it settles, or a transfer to the provider's revenue), 3 credit
 * (a transfer into the account). Idempotent by key: a repeat answers the row already written
 * with `applied: false`. A debit past the floor (minus the credit line) is a 409.
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
    const row = await tx
      .insertInto('wh_fee_flows')
      .values({
        main_id: link.main_id,
        wws_id: input.wwsId,
        key: input.key,
        direction: input.direction,
        amount,
        balance_after: balance.balance - balance.pending,
        settles_key: input.settlesKey ?? null,
        ft_code: input.ftCode,
        platform: input.platform ?? '',
        site: input.site ?? '',
        reference_no: input.referenceNo ?? '',
        order_code: input.orderCode ?? '',
        refer_code: input.referCode ?? '',
        tracking_number: input.trackingNumber ?? '',
        platform_shop: input.platformShop ?? '',
        note: input.note ?? '',
        operator_id: input.operatorId ?? null,
        ...(input.at ? { created_at: input.at } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { applied: true, row };
  });
}

/** How a row moves cb_value (balance - frozen): what the running balance adds up. */
export function effectOf(row: Pick<FlowRow, 'direction' | 'amount' | 'settles_key'>): number {
  switch (row.direction) {
    case 0:
      return -row.amount;
    case 1:
      return row.amount;
    case 2:
      return row.settles_key === null ? -row.amount : 0;
    default:
      return row.amount;
  }
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
