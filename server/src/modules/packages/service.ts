import { daysRemaining, type TUserPackage } from '@seller-centre/contract/packages';
import { SELECTION_QUOTA_TYPES } from '@seller-centre/contract/quota';
import type { Db } from '../../db/client.ts';
import { quotaServiceNames } from '../../messages/orders.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import { quotaHoldingsOf } from '../quota/service.ts';
import { extendSelectionPlans, findPackagePlatforms, findPlanEnds, forecastPlan, stackPlan } from './repository.ts';

/**
 * The tenant's plan: shop quotas per e-commerce platform, and the value-added services it holds,
 * of one system. The value-added figures are the quota module's balances (the one source the
 * deduction bill and the spend call use), each service named in the reader's language.
 */
export async function getUserPackage(db: Db, ctx: AccessContext, system: number, now = new Date()): Promise<TUserPackage> {
  const { principal, lang } = ctx;
  const [platforms, holdings] = await Promise.all([
    findPackagePlatforms(db, principal.tenantId, system),
    quotaHoldingsOf(db, principal.tenantId),
  ]);
  return {
    package_platform: platforms.map((p) => ({
      ...p,
      expire_at: p.expire_at.toISOString(),
      days_remaining: daysRemaining(p.expire_at, now),
    })),
    package_added: holdings
      .filter((h) => SELECTION_QUOTA_TYPES.includes(h.type) === (system === 2))
      .map((h) => ({
        type: h.type,
        code_name: quotaServiceNames[h.type as keyof typeof quotaServiceNames]?.[lang] ?? String(h.type),
        total_num: h.added,
        num_used: h.used,
      })),
  };
}

/** Every plan of the tenant with its end (the system menu's days remaining). */
export async function listPlanEnds(db: Db, tenantId: number) {
  return findPlanEnds(db, tenantId);
}

/** A plan order's item as stored: what the plan stacks onto the tenant's package when paid. */
export type PlanItem = {
  kind: 'plan';
  ppi_id: number;
  system: number;
  platform: string;
  platform_image_url: string;
  shops: number;
  months: number;
};

/**
 * Fulfils a paid plan inside the caller's transaction. A platform's plan has one end: while it
 * runs, the bought shops join it and its end moves so that exactly shops x months of shop-time is
 * added (pooled over the new count); a lapsed plan starts again with the bought shops alone.
 */
export async function extendPlan(
  db: Db,
  input: { tenantId: number; system: number; platform: string; platformImageUrl: string; shops: number; months: number },
) {
  return stackPlan(db, input);
}

/** What the platform's plan would be after buying (the price call shows it before paying). */
export async function forecastPlanAfter(
  db: Db,
  input: { tenantId: number; system: number; platform: string; shops: number; months: number },
) {
  return forecastPlan(db, input);
}

/** Gives an invitation's days to the inviter's selection plans (in the registration's transaction); answers the days given. */
export async function giveInvitationDays(db: Db, input: { tenantId: number; days: number }): Promise<number> {
  return extendSelectionPlans(db, input);
}
