import type { Db } from '../../db/client.ts';
import { earnCommission } from '../distribution/service.ts';
import { extendPlan } from '../packages/service.ts';
import { creditWarehouseTopUp } from '../warehouse/top-up-service.ts';
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
  | {
      kind: 'valueAdded';
      package_pay_id: number;
      quota_type: number;
      quota_amount: number;
      /** The catalogue's service code and package name when bought, so its title can be said in any language. */
      service?: string;
      package_name?: string;
    }
  | { kind: 'topUp'; amount_fen: number }
  | { kind: 'warehouseTopUp'; amount_fen: number; wws_id: number; provider_name?: string };

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
 * tenant's third-party balance, a warehouse top-up credits the warehouse account (with its fee
 * flow row). Each delivery is keyed by the order, so it happens once.
 */
export async function fulfil(tx: Db, order: PaidOrder): Promise<void> {
  const item = order.item as OrderItem;
  await earnCommission(tx, {
    orderCode: order.order_code,
    buyerMainId: order.main_id,
    amountFen: order.amount_fen,
    deposit: item.kind === 'topUp',
  });
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
        orderCode: order.order_code,
      });
      return;
    case 'warehouseTopUp':
      await creditWarehouseTopUp(tx, {
        wwsId: item.wws_id,
        amountFen: item.amount_fen,
        orderCode: order.order_code,
        paymentProvider: order.provider,
      });
      return;
  }
}
