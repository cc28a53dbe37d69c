import type { ProposalKind } from '../proposals/service.ts';
import { refundOrder } from './refunds.ts';
import { findOrderByCode } from './repository.ts';

type RefundInput = Parameters<typeof refundOrder>[2];

/**
 * A refund under four eyes (modules/proposals): it moves the amount refunded, of the order's
 * tenant; approved, it is made as the approver's, through the provider the server talks to.
 */
export const ORDER_REFUND: ProposalKind<RefundInput, Awaited<ReturnType<typeof refundOrder>>> = {
  name: 'orders.refund',
  async measure(db, input) {
    const order = await findOrderByCode(db, input.orderCode);
    return { amountFen: input.amountFen, tenantId: order?.main_id ?? null };
  },
  run: (db, actor, input, app) => refundOrder({ ...app.orders, db }, actor, input),
};
