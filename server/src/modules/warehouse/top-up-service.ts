import type { Db } from '../../db/client.ts';
import { FUND_DIRECTIONS } from '@seller-centre/contract/warehouse';
import { postFee } from './fees.ts';

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
