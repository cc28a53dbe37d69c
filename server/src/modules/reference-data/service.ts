import type { TPlatform, TShopGroup, TWarehouse } from '@seller-centre/contract/reference-data';
import type { Queryable } from '../../db/client.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import { findPlatforms, findVisibleShops, findVisibleWarehouses } from './repository.ts';

/**
 * Reference data is readable by every signed-in account of the tenant (it feeds the employee
 * dialogs and the bill filters); shops and warehouses are narrowed by data authority.
 */

export async function findPlatformList(db: Queryable, ctx: AccessContext): Promise<TPlatform[]> {
  const rows = await findPlatforms(db, ctx.principal.mainId);
  return rows.map((r) => ({ platform: r.code, platform_name: r.name }));
}

export async function findShopGroup(db: Queryable, ctx: AccessContext): Promise<TShopGroup> {
  const group: TShopGroup = {};
  for (const row of await findVisibleShops(db, ctx.principal)) {
    (group[row.platform] ??= []).push({ id: Number(row.id), shop_name: row.shop_name });
  }
  return group;
}

export async function findWarehouseList(db: Queryable, ctx: AccessContext): Promise<TWarehouse[]> {
  const rows = await findVisibleWarehouses(db, ctx.principal);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
