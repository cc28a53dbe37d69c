import type { TUserPackage } from '@seller-centre/contract/packages';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { findAddedPackages, findPackagePlatforms, findPlanEnds, stackPlan } from './repository.ts';

/** The tenant's plan: shop quotas per e-commerce platform and added-value packages, of one system. */
export async function getUserPackage(db: Db, principal: Principal, system: number): Promise<TUserPackage> {
  const [platforms, added] = await Promise.all([
    findPackagePlatforms(db, principal.mainId, system),
    findAddedPackages(db, principal.mainId, system),
  ]);
  return {
    package_platform: platforms.map((p) => ({ ...p, expire_at: p.expire_at.toISOString() })),
    package_added: added,
  };
}

/** Every plan of the tenant with its end (the system menu's days remaining). */
export async function listPlanEnds(db: Db, mainId: number) {
  return findPlanEnds(db, mainId);
}

/**
 * Fulfils a paid plan inside the caller's transaction: the platform's shops stack onto the
 * tenant's and its months extend the later of now and the current end (the legal text: plans
 * stack platforms and shop counts).
 */
export async function extendPlan(
  db: Db,
  input: { mainId: number; system: number; platform: string; platformImageUrl: string; shops: number; months: number },
) {
  return stackPlan(db, input);
}
