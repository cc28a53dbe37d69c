import { translate } from '../../platform/i18n.ts';
import type { OrderKind } from '../orders/service.ts';
import { extendPlan, type PlanItem } from './service.ts';

/** A plan: when paid, it stacks onto the tenant's package of its platform. */
export const planOrderKind: OrderKind<PlanItem> = {
  async deliver(tx, order, item) {
    await extendPlan(tx, {
      tenantId: order.main_id,
      system: item.system,
      platform: item.platform,
      platformImageUrl: item.platform_image_url,
      shops: item.shops,
      months: item.months,
    });
  },
  // Plan time is pooled with the platform's other purchases (stackPlan): what one order added
  // cannot be told apart afterwards, so a plan's refund is refused (docs/decisions.md, "Refunds").
  notRefundable: 'refundPlanNotSupported',
  title(lang, item) {
    if (typeof item.platform !== 'string' || typeof item.shops !== 'number' || typeof item.months !== 'number') {
      return undefined;
    }
    return translate(lang, 'planTitle', { platform: item.platform, shops: item.shops, months: item.months });
  },
};
