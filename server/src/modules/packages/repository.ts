import type { Db } from '../../db/client.ts';

export async function findPackagePlatforms(db: Db, mainId: number, system: number) {
  return db
    .selectFrom('package_platforms')
    .select(['platform', 'platform_image_url', 'shop_number', 'surplus_shop_number', 'expire_at'])
    .where('main_id', '=', mainId)
    .where('system', '=', system)
    .orderBy('id')
    .execute();
}

export async function findAddedPackages(db: Db, mainId: number, system: number) {
  return db
    .selectFrom('package_added')
    .select(['code_name', 'total_num', 'num_used'])
    .where('main_id', '=', mainId)
    .where('system', '=', system)
    .orderBy('id')
    .execute();
}

export async function findPlanEnds(db: Db, mainId: number) {
  return db
    .selectFrom('package_platforms')
    .select(['platform', 'system', 'shop_number', 'expire_at'])
    .where('main_id', '=', mainId)
    .orderBy('system')
    .orderBy('id')
    .execute();
}
