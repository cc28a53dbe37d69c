import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Where paid value-added packages and top-ups go: the quota module (addQuota) and the ledger
 * (transfer from the provider's clearing account to the tenant's third-party balance). Until
 * those land these refuse, so such a payment is not acknowledged (the provider retries) rather
 * than acknowledged and lost.
 */
export async function addPaidQuota(
  _tx: Db,
  _input: { tenantId: number; type: number; amount: number; key: string; orderId: number; userName: string },
): Promise<void> {
  throw AppError.unavailable('paymentUnavailable');
}

export async function creditThirdPartyTopUp(
  _tx: Db,
  _input: { tenantId: number; amountFen: number; provider: string; key: string; memo: string },
): Promise<void> {
  throw AppError.unavailable('paymentUnavailable');
}
