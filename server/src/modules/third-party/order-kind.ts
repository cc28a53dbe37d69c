import { fenToYuan } from '../../platform/fen.ts';
import { translate } from '../../platform/i18n.ts';
import type { OrderKind } from '../orders/service.ts';
import { recordThirdPartyTopUp, reverseThirdPartyTopUp, type TopUpItem } from './service.ts';

/**
 * A third-party top-up: when paid, the amount moves from the payment provider's clearing account
 * to the tenant's third-party balance (the ledger key is the order). It is the buyer's own money
 * held for later charges, not a sale.
 */
export const topUpOrderKind: OrderKind<TopUpItem> = {
  deposit: true,
  async deliver(tx, order, item) {
    await recordThirdPartyTopUp(tx, {
      tenantId: order.main_id,
      orderCode: order.order_code,
      amountFen: item.amount_fen,
      provider: order.provider,
      remark: `top-up ${order.order_code}`,
    });
  },
  /** A refund takes the amount back from the balance; refused (409) when it has since been spent. */
  async refund(tx, order, _item, refund) {
    await reverseThirdPartyTopUp(tx, {
      tenantId: order.main_id,
      orderCode: order.order_code,
      refundNo: refund.refundNo,
      amountFen: refund.amountFen,
      provider: order.provider,
    });
  },
  title(lang, item) {
    if (typeof item.amount_fen !== 'number') return undefined;
    return translate(lang, 'topUpTitle', { amount: fenToYuan(item.amount_fen) });
  },
};
