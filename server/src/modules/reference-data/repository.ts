import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { visibleTo } from '../../platform/data-authority.ts';

/** Platforms, shops and warehouses of a tenant. Shop and warehouse lists obey data authority. */

export async function findPlatforms(db: Db, tenantId: number): Promise<{ code: string; name: string }[]> {
  return db
    .selectFrom('platforms')
    .select(['code', 'name'])
    .where('main_id', '=', tenantId)
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

export type ShopRow = { id: number; platform: string; platform_name: string; shop_name: string };

/** The shops the caller may see, by platform order then name. */
export async function findVisibleShops(db: Db, principal: Principal): Promise<ShopRow[]> {
  return db
    .selectFrom('shops as s')
    .innerJoin('platforms as p', (join) => join.onRef('p.main_id', '=', 's.main_id').onRef('p.code', '=', 's.platform'))
    .select(['s.id', 's.platform', 'p.name as platform_name', 's.shop_name'])
    .where('s.main_id', '=', principal.tenantId)
    .where((eb) => visibleTo(eb, principal, 'shops', 's.id'))
    .orderBy('p.sort')
    .orderBy('p.code')
    .orderBy('s.shop_name')
    .orderBy('s.id')
    .execute();
}

/** The warehouses the caller may see, by name. */
export async function findVisibleWarehouses(db: Db, principal: Principal): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('warehouses as w')
    .select(['w.id', 'w.name'])
    .where('w.main_id', '=', principal.tenantId)
    .where((eb) => visibleTo(eb, principal, 'warehouses', 'w.id'))
    .orderBy('w.name')
    .orderBy('w.id')
    .execute();
}

/** Which of these shop ids exist in the tenant (optionally on one platform). */
export async function findTenantShopIds(
  db: Db,
  tenantId: number,
  ids: readonly number[],
  platform?: string,
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('shops')
    .select('id')
    .where('main_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .$if(platform !== undefined, (q) => q.where('platform', '=', platform!))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function findTenantWarehouseIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('warehouses')
    .select('id')
    .where('main_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

// --- writes: the CSV import, seeds -------------------------------------------------------------

/** Adds a platform or renames it; true when it was new. */
export async function upsertPlatform(db: Db, tenantId: number, code: string, name: string, sort: number) {
  const row = await db
    .insertInto('platforms')
    .values({ main_id: tenantId, code, name, sort })
    .onConflict((oc) => oc.columns(['main_id', 'code']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .returning(sql<boolean>`(xmax::text = '0')`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted;
}

/** The tenant's shop of a platform (code) by name, case and outer spaces ignored, for rows that name a shop. */
export async function findTenantShopByName(
  db: Db,
  tenantId: number,
  platform: string,
  shopName: string,
): Promise<number | undefined> {
  const name = shopName.trim().toLowerCase();
  const code = platform.trim().toLowerCase();
  if (!code || !name) return undefined;
  const row = await db
    .selectFrom('shops')
    .select('id')
    .where('main_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['platform']), '=', code))
    .where((eb) => eb(eb.fn('lower', ['shop_name']), '=', name))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** Adds a shop unless the tenant has it already; its id, or null when it was there. */
export async function insertShopIfMissing(db: Db, tenantId: number, platform: string, shopName: string) {
  const row = await db
    .insertInto('shops')
    .values({ main_id: tenantId, platform, shop_name: shopName })
    .onConflict((oc) => oc.columns(['main_id', 'platform', 'shop_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Adds a warehouse unless the tenant has it already; its id, or null when it was there. */
export async function insertWarehouseIfMissing(db: Db, tenantId: number, name: string) {
  const row = await db
    .insertInto('warehouses')
    .values({ main_id: tenantId, name })
    .onConflict((oc) => oc.columns(['main_id', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function nextPlatformSort(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('platforms')
    .select((eb) => sql<number>`COALESCE(max(${eb.ref('sort')}), 0) + 10`.as('n'))
    .where('main_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.n;
}
