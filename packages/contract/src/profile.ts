import { z } from 'zod';
import { ZName } from './names.ts';
import { NAME_PATTERN, VALIDATION } from './validation.ts';
import { ZPassword, ZSmsCode } from './auth.ts';

/** The personal centre's profile: who is signed in, and the edits of its own account (docs/product.md). */

export const profilePaths = {
  baseInfo: '/api/v1/user/base/info',
  company: '/api/v2/user/info/company',
  password: '/api/v2/user/info/pwd',
  account: '/api/v2/user/info/account',
  wechatBind: '/api/v2/user/wechat/bind',
  wechatUnbind: '/api/v2/user/wechat/unbind',
  /** A QR code for binding a WeChat, issued only with a re-authentication proof. */
  wechatBindQrCode: '/api/v2/user/wechat/qr-code',
  /** Sends a re-authentication code to the signed-in account's own phone (no password yet). */
  reauthSms: '/api/v2/user/reauth/sms',
  regChat: '/api/v1/user/reg-chat',
  /** The contract's 'older base': distribution info, served from this server under its own prefix. */
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

/** Letters and digits only (docs/product.md). */
export const ZUserName = ZName().min(1).max(32).regex(NAME_PATTERN, VALIDATION.lettersOrDigits);
export const ZCompanyRequest = z.object({ company_name: ZName().min(1).max(64) });
export const ZAccountRequest = z.object({ user_name: ZUserName });
/**
 * Proof that the signed-in person is the account's owner, not someone holding a stolen session:
 * the current password, or, for an account without one (has_password false), an SMS code sent
 * to its own phone by the reauthSms call. Asked before changing the password and before a QR
 * code for binding a WeChat is issued; a wrong or missing proof is refused (400), and wrong
 * passwords count towards the same lock as failed sign-ins.
 */
export const ZReauthProof = z.object({
  current_password: z.string().min(1).max(128).optional(),
  sms_code: ZSmsCode.optional(),
});
export type TReauthProof = z.infer<typeof ZReauthProof>;
export const ZChangePasswordRequest = ZReauthProof.extend({ password: ZPassword });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
/** The bind QR call answers a QR code like the sign-in one; only its scene can be bound. */
export const ZWechatBindQrRequest = ZReauthProof;
/**
 * scene_mark must come from the bind QR call of this same account (a sign-in QR scene, or
 * another account's, is refused with 403).
 */
export const ZWechatBindRequest = z.object({ scene_mark: z.string().min(8).max(128) });
/**
 * The personal-centre bind is polled every 4 s with the scene of a QR code from the bind QR
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
