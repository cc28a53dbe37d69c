import { planOffer, topUpOffer, valueAddedOffer } from './modules/catalogue/order-offers.ts';
import { couponsOfOrders } from './modules/coupons/order-coupons.ts';
import { commissionOnPaid, commissionOnRefund } from './modules/distribution/order-paid.ts';
import {
  onOrderPaid,
  onOrderRefunded,
  registerOrderCoupons,
  registerOrderKind,
  registerOrderOffer,
} from './modules/orders/order-kinds.ts';
import { planOrderKind } from './modules/packages/order-kind.ts';
import { valueAddedOrderKind } from './modules/quota/order-kind.ts';
import { topUpOrderKind } from './modules/third-party/order-kind.ts';
import { warehouseTopUpOrderKind } from './modules/warehouse/order-kind.ts';

/**
 * What orders sell and deliver, wired at composition time so the orders module imports none of
 * the modules that own what is bought: each kind's delivery (and title) from its owning module,
 * the pay types' prices from the catalogue, the commission on every paid order (and its take-back
 * on every refund) from distribution, the coupons an order carries from coupons. The item kinds are the stored JSON's
 * `kind`, so existing orders still fulfil. Registering again (every app built in one process)
 * changes nothing.
 */
export function registerOrderKinds(): void {
  registerOrderKind('plan', planOrderKind);
  registerOrderKind('valueAdded', valueAddedOrderKind);
  registerOrderKind('topUp', topUpOrderKind);
  registerOrderKind('warehouseTopUp', warehouseTopUpOrderKind);
  registerOrderOffer(planOffer);
  registerOrderOffer(valueAddedOffer);
  registerOrderOffer(topUpOffer);
  onOrderPaid(commissionOnPaid);
  onOrderRefunded(commissionOnRefund);
  registerOrderCoupons(couponsOfOrders);
}
