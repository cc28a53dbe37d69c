import { z } from 'zod';

/** The packages (plans) and added-value quotas an account holds (spec 01, personal centre). */

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
});
export const ZPackageAdded = z.object({
  code_name: z.string(),
  total_num: z.number().int(),
  num_used: z.number().int(),
});
export const ZUserPackage = z.object({
  package_platform: z.array(ZPackagePlatform),
  package_added: z.array(ZPackageAdded),
});
export type TUserPackage = z.infer<typeof ZUserPackage>;
