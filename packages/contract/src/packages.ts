import { z } from 'zod';

/** The packages (plans) and added-value quotas an account holds (docs/product.md, personal centre). */

export const packagePaths = {
  package: '/api/v3/user/package',
} as const;

export const ZPackageQuery = z.object({ system: z.coerce.number().int().min(1).max(2).default(1) });
export const ZPackagePlatform = z.object({
  platform: z.string(),
  platform_image_url: z.string(),
  shop_number: z.number().int(),
  surplus_shop_number: z.number().int(),
  expire_at: z.string(),
  /** Whole days left until expire_at (0 once past), the rule the system menu's days remaining use. */
  days_remaining: z.number().int(),
});
/**
 * One quota service the tenant holds, read from its quota balance (the same figure the deduction
 * bill and the spend call use): `type` the deduction type, `code_name` its name in the reader's
 * language, `total_num` everything bought, `num_used` everything spent.
 */
export const ZPackageAdded = z.object({
  type: z.number().int(),
  code_name: z.string(),
  total_num: z.number().int(),
  num_used: z.number().int(),
});
export const ZUserPackage = z.object({
  package_platform: z.array(ZPackagePlatform),
  package_added: z.array(ZPackageAdded),
});
export type TUserPackage = z.infer<typeof ZUserPackage>;

/**
 * Days left until `end`, seen at `now`: 0 once past, 1 when due today (within the day), otherwise
 * rounded up to whole days.
 */
export function daysRemaining(end: Date, now: Date): number {
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return 0;
  return Math.max(1, Math.ceil(ms / 86_400_000));
}
