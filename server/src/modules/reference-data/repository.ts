import type { Queryable } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { dataAuthorityCondition } from '../../platform/data-authority.ts';

/** Platforms, shops and warehouses of a tenant. Shop and warehouse lists obey data authority. */

export async function findPlatforms(db: Queryable, mainId: number): Promise<{ code: string; name: string }[]> {
  return db.query('SELECT code, name FROM platforms WHERE main_id = $1 ORDER BY sort, code', [mainId]);
}

export type ShopRow = { id: string; platform: string; platform_name: string; shop_name: string };

/** The shops the caller may see, by platform order then name. */
export async function findVisibleShops(db: Queryable, principal: Principal): Promise<ShopRow[]> {
  const params: unknown[] = [principal.mainId];
  const scope = dataAuthorityCondition(principal, 'shops', 's.id', params);
  return db.query<ShopRow>(
    `SELECT s.id, s.platform, p.name AS platform_name, s.shop_name
       FROM shops s JOIN platforms p ON p.main_id = s.main_id AND p.code = s.platform
      WHERE s.main_id = $1 AND ${scope}
      ORDER BY p.sort, p.code, s.shop_name, s.id`,
    params,
  );
}

/** The warehouses the caller may see, by name. */
export async function findVisibleWarehouses(
  db: Queryable,
  principal: Principal,
): Promise<{ id: string; name: string }[]> {
  const params: unknown[] = [principal.mainId];
  const scope = dataAuthorityCondition(principal, 'warehouses', 'w.id', params);
  return db.query(
    `SELECT w.id, w.name FROM warehouses w WHERE w.main_id = $1 AND ${scope} ORDER BY w.name, w.id`,
    params,
  );
}

/** Which of these shop ids exist in the tenant (optionally on one platform). */
export async function findTenantShopIds(
  db: Queryable,
  mainId: number,
  ids: readonly number[],
  platform?: string,
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM shops WHERE main_id = $1 AND id = ANY($2::bigint[]) AND ($3::text IS NULL OR platform = $3)`,
    [mainId, [...ids], platform ?? null],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function findTenantWarehouseIds(
  db: Queryable,
  mainId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM warehouses WHERE main_id = $1 AND id = ANY($2::bigint[])',
    [mainId, [...ids]],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

// --- import (scripts/import-reference-data.ts) ------------------------------------------------

export async function upsertPlatform(
  db: Queryable,
  mainId: number,
  code: string,
  name: string,
  sort: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO platforms (main_id, code, name, sort) VALUES ($1, $2, $3, $4)
     ON CONFLICT (main_id, code) DO UPDATE SET name = EXCLUDED.name
     RETURNING (xmax::text = '0') AS inserted`,
    [mainId, code, name, sort],
  );
  return Boolean((rows[0] as { inserted?: boolean } | undefined)?.inserted);
}

export async function insertShopIfMissing(
  db: Queryable,
  mainId: number,
  platform: string,
  shopName: string,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO shops (main_id, platform, shop_name) VALUES ($1, $2, $3)
     ON CONFLICT (main_id, platform, shop_name) DO NOTHING RETURNING id`,
    [mainId, platform, shopName],
  );
  return rows.length > 0;
}

export async function insertWarehouseIfMissing(db: Queryable, mainId: number, name: string): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO warehouses (main_id, name) VALUES ($1, $2) ON CONFLICT (main_id, name) DO NOTHING RETURNING id',
    [mainId, name],
  );
  return rows.length > 0;
}

export async function nextPlatformSort(db: Queryable, mainId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT COALESCE(max(sort), 0) + 10 AS n FROM platforms WHERE main_id = $1',
    [mainId],
  );
  return Number(row!.n);
}
