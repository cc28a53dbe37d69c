import { translate } from '../../../platform/i18n.ts';
import { AppError } from '../../../platform/errors.ts';
import { fenToYuan } from '../../../platform/fen.ts';
import { createFixedPriceOrder, findOwnOrder } from '../../orders/service.ts';
import { WAREHOUSE_TOP_UP_PAY_TYPE, type WarehouseTopUpItem } from '../top-up-service.ts';
import { languageOf } from '../format.ts';
import type { LocalHandlers } from './types.ts';

/**
 * Online top-up (docs/api.md customerRecharge / getPaymentDetail): an order of the orders module,
 * paid by QR code through the payment provider (the sandbox unless Alipay is configured); when
 * it is paid the orders module delivers it through this module's order kind (order-kind.ts), which
 * credits this account once.
 *
 * cpd_status: 1 waiting for payment, 2 paid, 3 closed unpaid (expired or cancelled).
 */
export const CPD_STATUS = { waiting: 1, paid: 2, closed: 3 } as const;

export const rechargeHandlers: LocalHandlers = {
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
      mainId: ctx.tenantId,
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
