import { z } from 'zod';
import { ZName } from './names.ts';
import { NAME_PATTERN, VALIDATION } from './validation.ts';
import { ZPassword } from './auth.ts';

/** The personal centre's profile: who is signed in, and the edits of its own account (spec 01). */

export const profilePaths = {
  baseInfo: '/api/v1/user/base/info',
  company: '/api/v2/user/info/company',
  password: '/api/v2/user/info/pwd',
  account: '/api/v2/user/info/account',
  wechatBind: '/api/v2/user/wechat/bind',
  wechatUnbind: '/api/v2/user/wechat/unbind',
  regChat: '/api/v1/user/reg-chat',
  /** The spec's 'older base': distribution info, served from this server under its own prefix. */
  distributionInfo: '/api/legacy/product/edit/show-sync-button',
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

/** Letters and digits only (spec 01 section 5). */
export const ZUserName = ZName().min(1).max(32).regex(NAME_PATTERN, VALIDATION.lettersOrDigits);
export const ZCompanyRequest = z.object({ company_name: ZName().min(1).max(64) });
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
