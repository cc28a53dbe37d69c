import type { Db } from '../../db/client.ts';
import { FUND_DIRECTIONS } from '@seller-centre/contract/warehouse';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { postFee } from './fees.ts';

/** pay_type of an online top-up of a warehouse account (docs/api.md customerRecharge). */
export const WAREHOUSE_TOP_UP_PAY_TYPE = 5;

/** A warehouse top-up order's item as stored: the account it credits when paid. */
export type WarehouseTopUpItem = { kind: 'warehouseTopUp'; amount_fen: number; wws_id: number; provider_name?: string };

/** The fee type of money paid into a warehouse account. */
export const RECHARGE_FEE_TYPE = 'RECHARGE';

/**
 * Credits a paid online top-up to the warehouse account behind `wwsId`: one ledger transfer
 * from the payment provider's clearing account and one fee flow row (fund direction 3), both
 * keyed by the order, inside the transaction that marks the order paid. A second delivery of the
 * same order (a replayed notification, a late query) finds the key and credits nothing.
 */
export async function creditWarehouseTopUp(
  tx: Db,
  input: { wwsId: number; amountFen: number; orderCode: string; paymentProvider: string },
): Promise<void> {
  await postFee(tx, {
    wwsId: input.wwsId,
    key: `order:${input.orderCode}`,
    direction: FUND_DIRECTIONS.credit,
    amount: input.amountFen,
    ftCode: RECHARGE_FEE_TYPE,
    creditFrom: { operator: 'clearing', provider: input.paymentProvider },
    orderCode: input.orderCode,
    referenceNo: input.orderCode,
    note: 'online top-up',
  });
}

/**
 * Takes a refunded online top-up back from the warehouse account: a deduction row to the payment's
 * clearing account, keyed by the refund. Only money the account holds goes back, never its credit
 * line: 409 (`refundBalanceSpent`) when it has since been spent below the amount.
 */
export async function reverseWarehouseTopUp(
  tx: Db,
  input: { wwsId: number; amountFen: number; orderCode: string; refundNo: string; paymentProvider: string },
): Promise<void> {
  try {
    await postFee(tx, {
      wwsId: input.wwsId,
      key: `refund:${input.refundNo}`,
      direction: FUND_DIRECTIONS.deduction,
      amount: input.amountFen,
      ftCode: RECHARGE_FEE_TYPE,
      refundTo: { operator: 'clearing', provider: input.paymentProvider },
      orderCode: input.orderCode,
      referenceNo: input.refundNo,
      note: 'online top-up refunded',
    });
  } catch (error) {
    if (error instanceof AppError && error.key === 'ledgerInsufficientFunds') {
      throw AppError.conflict('refundBalanceSpent', { amount: fenToYuan(input.amountFen) });
    }
    throw error;
  }
}
