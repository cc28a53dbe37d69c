import type { TUserPackage } from '@seller-centre/contract/packages';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { findAddedPackages, findPackagePlatforms } from './repository.ts';

/** The tenant's plan: shop quotas per e-commerce platform and added-value packages, of one system. */
export async function getUserPackage(db: Db, principal: Principal, system: number): Promise<TUserPackage> {
  const [platforms, added] = await Promise.all([
    findPackagePlatforms(db, principal.mainId, system),
    findAddedPackages(db, principal.mainId, system),
  ]);
  return {
    package_platform: platforms.map((p) => ({
      platform: p.platform,
      platform_image_url: p.platform_image_url,
      shop_number: Number(p.shop_number),
      surplus_shop_number: Number(p.surplus_shop_number),
      expire_at: new Date(p.expire_at).toISOString(),
    })),
    package_added: added.map((a) => ({
      code_name: a.code_name,
      total_num: Number(a.total_num),
      num_used: Number(a.num_used),
    })),
  };
}
