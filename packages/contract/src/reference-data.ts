import { z } from 'zod';

/**
 * Reference data owned by each main account: its platforms, shops (grouped by platform) and
 * warehouses (docs/product.md). Shop and warehouse lists are narrowed by the caller's
 * data authority.
 */
export const referenceDataPaths = {
  /** GET ?site=0 : [{platform, platform_name}] */
  platforms: '/api/v1/common/platform',
  /** GET : {platform: [{id, shop_name}]} */
  shopGroup: '/api/v3/shop/group',
  /** GET : [{id, name}] */
  warehouses: '/api/v1/warehouse',
} as const;

export const ZPlatformListQuery = z.object({ site: z.coerce.number().int().min(0).default(0) });
export const ZPlatform = z.object({ platform: z.string(), platform_name: z.string() });
export type TPlatform = z.infer<typeof ZPlatform>;

export const ZShop = z.object({ id: z.number().int(), shop_name: z.string() });
export type TShop = z.infer<typeof ZShop>;
/** Platform code → its shops, in name order. */
export const ZShopGroup = z.record(z.string(), z.array(ZShop));
export type TShopGroup = z.infer<typeof ZShopGroup>;

export const ZWarehouse = z.object({ id: z.number().int(), name: z.string() });
export type TWarehouse = z.infer<typeof ZWarehouse>;
