import { z } from 'zod';
import { ZPassword } from './auth.ts';

/** The personal centre: profile, packages, coupons, invitations, platform config (spec 01). */

export const userPaths = {
  baseInfo: '/api/v1/user/base/info',
  systemConfig: '/api/v3/system/config',
  package: '/api/v3/user/package',
  coupon: '/api/v1/user/coupon',
  company: '/api/v2/user/info/company',
  password: '/api/v2/user/info/pwd',
  account: '/api/v2/user/info/account',
  wechatBind: '/api/v2/user/wechat/bind',
  wechatUnbind: '/api/v2/user/wechat/unbind',
  regChat: '/api/v1/user/reg-chat',
  inviteLog: '/api/v2/user/invite/log',
  inviteCode: '/api/v2/user/invite/code',
  inviteStatistics: '/api/v2/user/invite/statistics',
  /** The spec's 'older base': distribution info, served from this server under its own prefix. */
  distributionInfo: '/api/legacy/product/edit/show-sync-button',
  /** Images the server draws itself (SVG): login carousel banners and platform logos. */
  advertisingImage: '/api/v3/system/ads/:file',
  platformLogo: '/api/v3/system/platform-logos/:file',
} as const;

export const USER_TYPES = { main: 1, sub: 2 } as const;

export const ZUserInfo = z.object({
  user_id: z.number().int(),
  /** The main account's id for a sub-account; 0 for a main account (so also in the login result). */
  parent_id: z.number().int(),
  /** '' until the account sets one (registration gives none); so also in the login result. */
  user_name: z.string(),
  account_type: z.number().int(),
  agent_id: z.number().int(),
  area: z.string(),
  co_chat_status: z.number().int(),
  email: z.string(),
  /**
   * The previous sign-in's IP and time (the left panel's 'last login'); on the very first
   * sign-in, the current one's. login_time is ISO 8601 UTC, like every time the API answers.
   */
  ip: z.string(),
  login_time: z.string(),
  phone_number: z.string(),
  /** The tenant's company name (a sub-account shows its main account's). */
  user_company_name: z.string(),
  user_type: z.union([z.literal(1), z.literal(2)]),
  /** '' when no WeChat is bound: decide bound or not by we_chat_open_id. */
  we_chat_nickname: z.string(),
  we_chat_open_id: z.string(),
  /** Whether the account has set a password yet (new registrations sign in by SMS until then). */
  has_password: z.boolean(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZDistributionInfo = z.object({
  is_show_distributor: z.boolean(),
  is_sync_m2b: z.boolean(),
});
export type TDistributionInfo = z.infer<typeof ZDistributionInfo>;

export const ZConfigItem = z.object({ config_code: z.string(), config_value: z.unknown() });
export type TConfigItem = z.infer<typeof ZConfigItem>;
/** GET system config answers the list of items (no sign-in needed: the login page reads it). */
export const ZSystemConfig = z.array(ZConfigItem);
/** config_value of the `login_advertising_map` item. */
export const ZAdvertisingImage = z.object({ img_url: z.string(), jump_url: z.string().optional() });
export type TAdvertisingImage = z.infer<typeof ZAdvertisingImage>;

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

/**
 * Coupon tabs: not used (0), used (1), expired (2). The list of one tab comes whole (no paging),
 * not used by soonest expiry, used by latest use, expired by latest expiry.
 */
export const COUPON_STATUSES = [0, 1, 2] as const;
export const ZCouponQuery = z.object({
  status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])).default(0),
  use_type: z.coerce.number().int().min(1).max(3).optional(),
});
export const ZCoupon = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 1 package purchase, 2 software top-up, 3 cloud-warehouse top-up */
  use_type: z.number().int(),
  /** shown when use_type is 2: 1 text translation A, 2 text translation B, 3 image cutout, 4 image translation, 6 listing usage, 7 image translation (other provider) */
  use_type_value: z.number().int().nullable(),
  /** 1 fixed amount, 2 threshold reduction, 3 fixed discount */
  discount_type: z.number().int(),
  /**
   * Types 1 and 2: yuan as a decimal string ("50.00"; money is never a float). Type 3: the rate
   * in tenths of the price paid, Chinese style ("8.50" = 8.5折 = pay 85 %, i.e. 15 % off).
   */
  discount_value: z.string(),
  /** Yuan, decimal string; the threshold of type 2 ("0.00" otherwise). */
  min_basket_price: z.string(),
  expiration_time: z.string(),
  /** 1 ERP, 2 selection */
  system_type: z.number().int(),
});
export type TCoupon = z.infer<typeof ZCoupon>;
export const ZCouponList = z.array(ZCoupon);

/** Letters and digits only (spec 01 section 5). */
export const ZUserName = z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9]+$/, 'letters or digits only');
export const ZCompanyRequest = z.object({ company_name: z.string().trim().min(1).max(64) });
export const ZAccountRequest = z.object({ user_name: ZUserName });
export const ZChangePasswordRequest = z.object({ password: ZPassword });
export const ZWechatBindRequest = z.object({ scene_mark: z.string().min(8).max(128) });
/**
 * The personal-centre bind is polled every 4 s with the scene of a QR code from the login QR
 * call: scan_status false until the code is scanned; then the scanning WeChat is bound to the
 * signed-in account (is_binding true) and the scene is used up. A WeChat bound to another
 * account answers 409.
 */
export const ZWechatBindResult = z.object({
  scan_status: z.boolean(),
  is_binding: z.boolean(),
  we_chat_nickname: z.string(),
});
export type TWechatBindResult = z.infer<typeof ZWechatBindResult>;
/** reg-chat opts the account into customer-service chat (co_chat_status 1); calling it again is harmless. */
export const ZRegChatResult = z.object({ co_chat_status: z.literal(1) });

/** An invitee registered with the tenant's invite code; the log is newest first. */
export const ZInviteLogItem = z.object({
  invitee_uid: z.number().int(),
  created_at: z.string(),
  inviter_given_days: z.number().int(),
});
export const ZInviteLog = z.array(ZInviteLogItem);
export const ZInviteCode = z.object({ invite_code: z.string(), invite_url: z.string() });
export const ZInviteStatistics = z.object({ invite_number: z.number().int(), given_days: z.number().int() });
export type TInviteLogItem = z.infer<typeof ZInviteLogItem>;
export type TInviteCode = z.infer<typeof ZInviteCode>;
export type TInviteStatistics = z.infer<typeof ZInviteStatistics>;
