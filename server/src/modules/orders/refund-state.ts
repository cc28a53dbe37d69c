import type { TOrderRefundState } from '@seller-centre/contract/orders';

/**
 * Whether an order was refunded in part or in full, from what was paid and given back (refunds
 * still pending at the provider count: they are taken back here already).
 */
export function refundStateOf(amountFen: number, refundedFen: number): TOrderRefundState {
  if (refundedFen <= 0) return 'none';
  return refundedFen >= amountFen ? 'refunded' : 'partly_refunded';
}
