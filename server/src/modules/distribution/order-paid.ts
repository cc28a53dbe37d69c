import type { PaidListener } from '../orders/service.ts';
import { earnCommission } from './service.ts';

/**
 * On every paid order, in the transaction that marks it paid: the inviting distributor's
 * commission (none on a deposit such as a top-up), keyed by the order so it is paid once.
 */
export const commissionOnPaid: PaidListener = (tx, paid) => earnCommission(tx, paid);
