import type { Queryable } from '../../db/client.ts';

export async function findPackagePlatforms(db: Queryable, mainId: number, system: number) {
  return db.query<{
    platform: string;
    platform_image_url: string;
    shop_number: number;
    surplus_shop_number: number;
    expire_at: Date;
  }>(
    `SELECT platform, platform_image_url, shop_number, surplus_shop_number, expire_at
       FROM package_platforms WHERE main_id = $1 AND system = $2 ORDER BY id`,
    [mainId, system],
  );
}

export async function findAddedPackages(db: Queryable, mainId: number, system: number) {
  return db.query<{ code_name: string; total_num: number; num_used: number }>(
    'SELECT code_name, total_num, num_used FROM package_added WHERE main_id = $1 AND system = $2 ORDER BY id',
    [mainId, system],
  );
}
