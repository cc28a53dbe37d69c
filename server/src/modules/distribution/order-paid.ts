import type { PaidListener, RefundListener } from '../orders/service.ts';
import { earnCommission, takeBackCommission } from './service.ts';

/**
 * On every paid order, in the transaction that marks it paid: the inviting distributor's
 * commission (none on a deposit such as a top-up), keyed by the order so it is paid once.
 */
export const commissionOnPaid: PaidListener = (tx, paid) => earnCommission(tx, paid);

/**
 * On every refund, in the transaction that records it: the commission the order earned, taken
 * back in proportion to the money given back, keyed by the refund so it is taken once; what was
 * taken is said in the order's history.
 */
export const commissionOnRefund: RefundListener = (tx, refunded) => takeBackCommission(tx, refunded);
