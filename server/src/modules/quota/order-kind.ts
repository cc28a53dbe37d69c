import { QUOTA_TYPE_OF_SERVICE, type TQuotaType } from '@seller-centre/contract/quota';
import { valueAddedServiceNames } from '../../messages/orders.ts';
import { translate } from '../../platform/i18n.ts';
import { unitsToTakeBack, type OrderKind } from '../orders/service.ts';
import { addQuota, takeBackQuota, type ValueAddedItem } from './service.ts';

/**
 * The quota service a value-added item credits: its catalogue service's own (so an order made
 * before the services were split still credits what it names), else the type fixed on the order.
 */
export function quotaTypeOf(item: { service?: string; quota_type: number }): number {
  const byService = item.service
    ? QUOTA_TYPE_OF_SERVICE[item.service as keyof typeof QUOTA_TYPE_OF_SERVICE]
    : undefined;
  return byService ?? item.quota_type;
}

/** A value-added package: when paid, it adds its quota, keyed by the order so it is added once. */
export const valueAddedOrderKind: OrderKind<ValueAddedItem> = {
  async deliver(tx, order, item) {
    await addQuota(tx, {
      tenantId: order.main_id,
      type: quotaTypeOf(item) as TQuotaType,
      amount: item.quota_amount,
      key: `order:${order.order_code}`,
      orderId: order.order_code,
      userName: order.user_name,
    });
  },
  /**
   * A refund takes back the unspent quota in proportion to the money given back (rounded down,
   * the full refund all of it); refused when the tenant has since used it.
   */
  async refund(tx, order, item, refund) {
    const units = unitsToTakeBack(item.quota_amount, order.amount_fen, refund);
    if (units <= 0) return;
    await takeBackQuota(tx, {
      tenantId: order.main_id,
      type: quotaTypeOf(item) as TQuotaType,
      amount: units,
      key: `refund:${refund.refundNo}`,
      orderId: order.order_code,
      userName: order.user_name,
    });
  },
  title(lang, item) {
    if (typeof item.service !== 'string') return undefined;
    const names = valueAddedServiceNames[item.service as keyof typeof valueAddedServiceNames];
    const name = names?.[lang] ?? item.service;
    const packageName = typeof item.package_name === 'string' ? item.package_name : String(item.quota_amount ?? '');
    return translate(lang, 'valueAddedTitle', { name: `${name} ${packageName}`.trim() });
  },
};
