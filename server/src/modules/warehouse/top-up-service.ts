import type { Db } from '../../db/client.ts';
import { FUND_DIRECTIONS } from '@seller-centre/contract/warehouse';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { translate } from '../../platform/i18n.ts';
import { createFixedPriceOrder, findOwnOrder } from '../orders/service.ts';
import { postFee } from './fee-postings.ts';
import { languageOf } from './format.ts';
import type { LocalHandlers } from './local/types.ts';

/**
 * Online top-ups of a warehouse account (docs/api.md customerRecharge / getPaymentDetail): an
 * order of the orders module, paid by QR code through the payment provider (the sandbox unless
 * Alipay is configured). The tenant's side is the local adapter's handlers below; when the order
 * is paid the orders module delivers it through this module's order kind (order-kind.ts), which
 * credits the account once (`creditWarehouseTopUp`), and a refund takes it back
 * (`reverseWarehouseTopUp`).
 */

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

/** cpd_status: 1 waiting for payment, 2 paid, 3 closed unpaid (expired or cancelled). */
export const CPD_STATUS = { waiting: 1, paid: 2, closed: 3 } as const;

/** The tenant's side as local adapter handlers (local/index.ts). */
export const topUpHandlers: LocalHandlers = {
  async customerRecharge(params, ctx) {
    if (!ctx.orders || !ctx.publicUrl) throw AppError.unavailable('paymentUnavailable');
    const principal = ctx.principal;
    if (!principal) throw AppError.unauthorized();
    const title = translate(languageOf(ctx.language), 'warehouseTopUpTitle', {
      amount: fenToYuan(params.amount),
      provider: ctx.provider.name,
    });
    const item: WarehouseTopUpItem = {
      kind: 'warehouseTopUp',
      amount_fen: params.amount,
      wws_id: ctx.provider.wwsId,
      provider_name: ctx.provider.name,
    };
    const order = await createFixedPriceOrder(
      ctx.orders,
      { principal },
      { payType: WAREHOUSE_TOP_UP_PAY_TYPE, item, amountFen: params.amount, title },
      ctx.publicUrl,
    );
    return { barcodeShowUrlContent: order.qrcode, orderNumber: order.order_code };
  },

  async getPaymentDetail(params, ctx) {
    // Another tenant's order, another kind's or another account's is not found, so none can be probed.
    const order = await findOwnOrder(ctx.db, {
      tenantId: ctx.tenantId,
      payType: WAREHOUSE_TOP_UP_PAY_TYPE,
      orderCode: params.orderCode,
    });
    const item = order?.item as Partial<WarehouseTopUpItem> | undefined;
    if (!order || item?.kind !== 'warehouseTopUp' || item.wws_id !== ctx.provider.wwsId) {
      throw AppError.notFound('warehouseTopUpNotFound');
    }
    const state = order.state;
    const cpd_status = state === 'paid' ? CPD_STATUS.paid : state === 'unpaid' ? CPD_STATUS.waiting : CPD_STATUS.closed;
    return { cpd_status };
  },
};
