import type { TPlatform, TShopGroup, TWarehouse } from '@seller-centre/contract/reference-data';
import type { Db } from '../../db/client.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import * as repo from './repository.ts';

/**
 * Reference data is readable by every signed-in account of the tenant (it feeds the employee
 * dialogs and the bill filters); shops and warehouses are narrowed by data authority.
 */

export async function findPlatformList(db: Db, ctx: AccessContext): Promise<TPlatform[]> {
  const rows = await repo.findPlatforms(db, ctx.principal.mainId);
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

// For other modules: the employee dialogs offer these as data-authority choices and check ids.
export const { findVisibleShops, findVisibleWarehouses, findTenantShopIds, findTenantWarehouseIds } = repo;

/** Adds reference data for a tenant (seeds): platforms in order, shops, warehouses; ids back. */
export async function addReferenceData(
  db: Db,
  mainId: number,
  input: {
    platforms: readonly { code: string; name: string }[];
    shops: Record<string, readonly string[]>;
    warehouses: readonly string[];
  },
): Promise<{ shops: Map<string, number>; warehouses: Map<string, number> }> {
  for (const [index, p] of input.platforms.entries()) {
    await repo.upsertPlatform(db, mainId, p.code, p.name, (index + 1) * 10);
  }
  const shops = new Map<string, number>();
  for (const [platform, names] of Object.entries(input.shops)) {
    for (const name of names) {
      const id = await repo.insertShopIfMissing(db, mainId, platform, name);
      if (id !== null) shops.set(name, id);
    }
  }
  const warehouses = new Map<string, number>();
  for (const name of input.warehouses) {
    const id = await repo.insertWarehouseIfMissing(db, mainId, name);
    if (id !== null) warehouses.set(name, id);
  }
  return { shops, warehouses };
}
