import { z } from 'zod';

/** Platform configuration the login page and the shell read before sign-in (docs/product.md). */

export const systemConfigPaths = {
  systemConfig: '/api/v3/system/config',
  /** Images the server draws itself (SVG): login carousel banners and platform logos. */
  advertisingImage: '/api/v3/system/ads/:file',
  platformLogo: '/api/v3/system/platform-logos/:file',
} as const;

export const ZConfigItem = z.object({ config_code: z.string(), config_value: z.unknown() });
export type TConfigItem = z.infer<typeof ZConfigItem>;
/** GET system config answers the list of items (no sign-in needed: the login page reads it). */
export const ZSystemConfig = z.array(ZConfigItem);
/** config_value of the `login_advertising_map` item. */
export const ZAdvertisingImage = z.object({ img_url: z.string(), jump_url: z.string().optional() });
export type TAdvertisingImage = z.infer<typeof ZAdvertisingImage>;
