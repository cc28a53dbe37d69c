import { fenToYuan } from '../../platform/fen.ts';
import { translate } from '../../platform/i18n.ts';
import type { OrderKind } from '../orders/service.ts';
import { creditWarehouseTopUp, reverseWarehouseTopUp, type WarehouseTopUpItem } from './top-up-service.ts';

/**
 * An online top-up of a warehouse account: when paid, it credits the account (with its fee flow
 * row). It is the buyer's own money held for the warehouse's fees, not a sale: no commission.
 */
export const warehouseTopUpOrderKind: OrderKind<WarehouseTopUpItem> = {
  deposit: true,
  async deliver(tx, order, item) {
    await creditWarehouseTopUp(tx, {
      wwsId: item.wws_id,
      amountFen: item.amount_fen,
      orderCode: order.order_code,
      paymentProvider: order.provider,
    });
  },
  /** A refund takes the amount back from the account's own money; refused (409) when it was spent. */
  async refund(tx, order, item, refund) {
    await reverseWarehouseTopUp(tx, {
      wwsId: item.wws_id,
      amountFen: refund.amountFen,
      orderCode: order.order_code,
      refundNo: refund.refundNo,
      paymentProvider: order.provider,
    });
  },
  title(lang, item) {
    if (typeof item.amount_fen !== 'number' || typeof item.provider_name !== 'string') return undefined;
    return translate(lang, 'warehouseTopUpTitle', { amount: fenToYuan(item.amount_fen), provider: item.provider_name });
  },
};
