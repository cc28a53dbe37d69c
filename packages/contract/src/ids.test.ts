import { describe, expect, it } from 'vitest';
import { ZPriceQuery } from './catalogue.ts';
import { ZOpsCouponQuery, ZOpsOrderQuery, ZTenantRef } from './ops.ts';
import { ZGenerateOrderRequest, ZOrderListQuery } from './orders.ts';
import { ZOpsThirdPartyQuery } from './third-party.ts';
import { ZFeeBillFilters, ZOpsLinkQuery } from './warehouse.ts';

// Every route schema with an optional id: what a form sends when nothing is picked ('') is none.
const routes = [
  ['generateOrder coupon_id', ZGenerateOrderRequest, { pay_type: 3, amount: '100' }, 'coupon_id'],
  ['price coupon_id', ZPriceQuery, { ppi_id: 1, shop_number: 1, cycle: 1 }, 'coupon_id'],
  ['order list main_id', ZOrderListQuery, {}, 'main_id'],
  ['ops tenant ref tenant_id', ZTenantRef, { phone_number: '13800000000' }, 'tenant_id'],
  ['ops coupons tenant_id', ZOpsCouponQuery, {}, 'tenant_id'],
  ['ops orders tenant_id', ZOpsOrderQuery, {}, 'tenant_id'],
  ['ops third-party tenant_id', ZOpsThirdPartyQuery, {}, 'tenant_id'],
  ['ops warehouse links tenant_id', ZOpsLinkQuery, {}, 'tenant_id'],
  ['fee bill warehouse_id', ZFeeBillFilters, {}, 'warehouse_id'],
] as const;

describe('optional ids', () => {
  it.each(routes)("%s: '' and null mean none, 0 is still refused", (_name, schema, base, field) => {
    for (const blank of ['', '  ', null]) {
      const parsed = schema.safeParse({ ...base, [field]: blank });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect((parsed.data as Record<string, unknown>)[field]).toBeUndefined();
    }
    expect(schema.safeParse({ ...base, [field]: '7' }).data).toMatchObject({ [field]: 7 });
    expect(schema.safeParse({ ...base, [field]: 0 }).success).toBe(false);
  });
});
