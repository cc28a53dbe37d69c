import { translate } from '../../../platform/i18n.ts';
import { AppError } from '../../../platform/errors.ts';
import { fenToYuan } from '../../../platform/fen.ts';
import { createWarehouseTopUpOrder, findWarehouseTopUpState } from '../../orders/service.ts';
import { languageOf } from '../format.ts';
import type { LocalHandlers } from './types.ts';

/**
 * Online top-up (spec 02 customerRecharge / getPaymentDetail): an order of the orders module,
 * paid by QR code through the payment provider (the sandbox unless Alipay is configured); when
 * it is paid the orders module credits this account once (fulfil -> creditWarehouseTopUp).
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
    const order = await createWarehouseTopUpOrder(
      ctx.orders,
      { principal },
      { wwsId: ctx.provider.wwsId, amountFen: params.amount, title, providerName: ctx.provider.name },
      ctx.publicUrl,
    );
    return { barcodeShowUrlContent: order.qrcode, orderNumber: order.order_code };
  },

  async getPaymentDetail(params, ctx) {
    const state = await findWarehouseTopUpState(ctx.db, {
      mainId: ctx.tenantId,
      wwsId: ctx.provider.wwsId,
      orderCode: params.orderCode,
    });
    if (state === undefined) throw AppError.notFound('warehouseTopUpNotFound');
    const cpd_status = state === 'paid' ? CPD_STATUS.paid : state === 'unpaid' ? CPD_STATUS.waiting : CPD_STATUS.closed;
    return { cpd_status };
  },
};
