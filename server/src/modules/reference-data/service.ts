import type { TPlatform, TShopGroup, TWarehouse } from '@seller-centre/contract/reference-data';
import type { Db } from '../../db/client.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import * as repo from './repository.ts';

/**
 * Reference data is readable by every signed-in account of the tenant (it feeds the employee
 * dialogs and the bill filters); shops and warehouses are narrowed by data authority.
 */

export async function findPlatformList(db: Db, ctx: AccessContext): Promise<TPlatform[]> {
  const rows = await repo.findPlatforms(db, ctx.principal.tenantId);
  return rows.map((r) => ({ platform: r.code, platform_name: r.name }));
}

export async function findShopGroup(db: Db, ctx: AccessContext): Promise<TShopGroup> {
  const group: TShopGroup = {};
  for (const row of await repo.findVisibleShops(db, ctx.principal)) {
    (group[row.platform] ??= []).push({ id: row.id, shop_name: row.shop_name });
  }
  return group;
}

export async function findWarehouseList(db: Db, ctx: AccessContext): Promise<TWarehouse[]> {
  const rows = await repo.findVisibleWarehouses(db, ctx.principal);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

// For other modules: the employee dialogs offer these as data-authority choices and check ids;
// the third-party bill files a row under the tenant's shop it names.
export const {
  findVisibleShops,
  findVisibleWarehouses,
  findTenantShopIds,
  findTenantWarehouseIds,
  findTenantShopByName,
} = repo;
