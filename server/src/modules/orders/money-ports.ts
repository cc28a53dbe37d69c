import type { TQuotaType } from '@seller-centre/contract/quota';
import type { Db } from '../../db/client.ts';
import { addQuota } from '../quota/service.ts';
import { recordThirdPartyTopUp } from '../third-party/service.ts';

/**
 * Where paid value-added packages and top-ups go, keyed by the order so a delivery happens once
 * whatever retries: quota through the quota module, money through the ledger (from the payment
 * provider's clearing account to the tenant's third-party balance).
 */
export async function addPaidQuota(
  tx: Db,
  input: { tenantId: number; type: number; amount: number; key: string; orderCode: string; userName: string },
): Promise<void> {
  await addQuota(tx, {
    tenantId: input.tenantId,
    type: input.type as TQuotaType,
    amount: input.amount,
    key: input.key,
    orderId: input.orderCode,
    userName: input.userName,
  });
}

export async function creditThirdPartyTopUp(
  tx: Db,
  input: { tenantId: number; amountFen: number; provider: string; key: string; memo: string; orderCode: string },
): Promise<void> {
  // The third-party module moves the money (same ledger key as ever: the order) and writes the
  // bill's `pay` row with the balance after it, in this transaction.
  await recordThirdPartyTopUp(tx, {
    tenantId: input.tenantId,
    orderCode: input.orderCode,
    amountFen: input.amountFen,
    provider: input.provider,
    remark: input.memo,
  });
}
