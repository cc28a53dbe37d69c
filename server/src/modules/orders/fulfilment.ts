import type { Db } from '../../db/client.ts';
import { extendPlan } from '../packages/service.ts';
import { addPaidQuota, creditThirdPartyTopUp } from './money-ports.ts';

/** What an order delivers when paid, fixed by the server when the order was made. */
export type OrderItem =
  | {
      kind: 'plan';
      ppi_id: number;
      system: number;
      platform: string;
      platform_image_url: string;
      shops: number;
      months: number;
    }
  | { kind: 'valueAdded'; package_pay_id: number; quota_type: number; quota_amount: number }
  | { kind: 'topUp'; amount_fen: number };

export type PaidOrder = {
  id: number;
  order_code: string;
  main_id: number;
  user_name: string;
  provider: string;
  amount_fen: number;
  item: unknown;
};

/**
 * Delivers a paid order inside the transaction that marks it paid, so an order is paid and
 * delivered together or not at all: a plan stacks onto the tenant's package, a value-added
 * package adds quota, a top-up moves the amount from the provider's clearing account to the
 * tenant's third-party balance. Each delivery is keyed by the order, so it happens once.
 */
export async function fulfil(tx: Db, order: PaidOrder): Promise<void> {
  const item = order.item as OrderItem;
  switch (item.kind) {
    case 'plan':
      await extendPlan(tx, {
        mainId: order.main_id,
        system: item.system,
        platform: item.platform,
        platformImageUrl: item.platform_image_url,
        shops: item.shops,
        months: item.months,
      });
      return;
    case 'valueAdded':
      await addPaidQuota(tx, {
        tenantId: order.main_id,
        type: item.quota_type,
        amount: item.quota_amount,
        key: `order:${order.order_code}`,
        orderCode: order.order_code,
        userName: order.user_name,
      });
      return;
    case 'topUp':
      await creditThirdPartyTopUp(tx, {
        tenantId: order.main_id,
        amountFen: item.amount_fen,
        provider: order.provider,
        key: `order:${order.order_code}`,
        memo: `top-up ${order.order_code}`,
      });
      return;
  }
}
