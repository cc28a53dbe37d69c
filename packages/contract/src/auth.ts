import { z } from 'zod';
import { ZName } from './names.ts';
import { AREA_CODES, DEFAULT_AREA, withNormalisedPhone, ZPhoneNumber } from './phone.ts';
import { VALIDATION } from './validation.ts';

/**
 * Sign-in, registration, password reset and WeChat QR login (docs/product.md).
 * Paths, field names and values are the contract's, exactly.
 */

export const authPaths = {
  sms: '/api/v1/sms',
  register: '/api/v2/register',
  findPassword: '/api/v1/user/find/pwd',
  loginAccount: '/api/v2/user/login/account',
  loginMobile: '/api/v2/user/login/mobile',
  loginSms: '/api/v2/user/login/sms',
  wechatQrCode: '/api/v2/user/login/wechat/qr-code',
  wechatInquiry: '/api/v2/user/login/wechat/qr-code/inquiry',
  wechatBinding: '/api/v2/user/login/wechat/qr-code/binding',
  logout: '/api/v2/user/logout',
  /** Local stand-ins, present only while the console SMS / simulator WeChat providers are on. */
  devSmsOutbox: '/api/dev/sms-outbox',
  devWechatScan: '/api/dev/wechat/scan',
  /** The simulator's scan page (server-rendered HTML, not part of the web app). */
  devWechatScanPage: '/dev/wechat-scan',
  /** The official account's server URL (event webhook), present only with the official provider. */
  wechatEvents: '/api/v1/wechat/events',
} as const;

export { AREA_CODES, DEFAULT_AREA, normalisePhone, ZPhoneNumber } from './phone.ts';
export const ZArea = z.enum(AREA_CODES);
export const ZSmsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, VALIDATION.smsCodeDigits);

/** ERP (1) or the selection product (2), sent at sign-in as `system`. */
export const SYSTEMS = { erp: 1, selection: 2 } as const;
export const ZSystem = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));

/** The 'automatic login 7 days' checkbox: 1 keeps the session 7 days, 0 for 24 hours. */
export const ZLongTime = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1)]));

/** docs/product.md: SMS agent id 3. */
export const SMS_AGENT_ID = 3;
export const SMS_TYPES = ['register:', 'find_pwd:', 'login:'] as const;
export const ZSmsType = z.enum(SMS_TYPES);
export type TSmsType = z.infer<typeof ZSmsType>;
/**
 * The purpose of a code sent to the signed-in account's own phone to prove it is the owner
 * before a sensitive change (accounts without a password). Not a type of the public SMS call.
 */
export const REAUTH_SMS_TYPE = 'reauth:' as const;
/** Every purpose an SMS code is sent for. */
export type TSmsPurpose = TSmsType | typeof REAUTH_SMS_TYPE;

/** The password rule of the reset form's hint (8-16 letters and numbers), enforced by the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(/[A-Za-z]/, VALIDATION.needsLetter)
  .regex(/\d/, VALIDATION.needsDigit);

export const ZSendSmsQuery = withNormalisedPhone(
  z.object({
    agent_id: z.coerce.number().int().default(SMS_AGENT_ID),
    type: ZSmsType,
    area: ZArea.default(DEFAULT_AREA),
    phone_number: ZPhoneNumber,
  }),
);
export type TSendSmsQuery = z.infer<typeof ZSendSmsQuery>;
/** The SMS call answers how long until another code may be sent. */
export const ZSendSmsResult = z.object({ resend_after_seconds: z.number().int() });
export type TSendSmsResult = z.infer<typeof ZSendSmsResult>;

const ZTrackingFields = {
  source: z.string().max(64).optional(),
  system: ZSystem.optional(),
  referrer: z.string().max(512).optional(),
  secondary_source: z.string().max(64).optional(),
};

export const ZRegisterRequest = withNormalisedPhone(
  z.object({
    phone_number: ZPhoneNumber,
    area: ZArea.default(DEFAULT_AREA),
    sms_code: ZSmsCode,
    invite_code: z.string().trim().max(32).optional(),
    invite_code_type: z.string().trim().max(32).optional(),
    checked: z.literal(true, VALIDATION.privacyRequired),
    ...ZTrackingFields,
  }),
);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
/** Registration does not sign in (the page goes to /login after 1 s); it answers the new id. */
export const ZRegisterResult = z.object({ user_id: z.number().int() });
export type TRegisterResult = z.infer<typeof ZRegisterResult>;

export const ZFindPasswordRequest = withNormalisedPhone(
  z
    .object({
      phone_number: ZPhoneNumber,
      area: ZArea.default(DEFAULT_AREA),
      sms_code: ZSmsCode,
      password: ZPassword,
      confirmPassword: z.string(),
      checked: z.literal(true, VALIDATION.privacyRequired),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: VALIDATION.passwordMismatch,
    }),
);
export type TFindPasswordRequest = z.infer<typeof ZFindPasswordRequest>;
/** A reset answers no data; it signs the account out everywhere. */
export const ZFindPasswordResult = z.null();
/** Logout answers no data, also when the token was already invalid (so a 401 cannot loop). */
export const ZLogoutResult = z.null();

export const ZLoginAccountRequest = z.object({
  long_time: ZLongTime.default(0),
  account_name: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  system: ZSystem.default(1),
});
export const ZLoginMobileRequest = withNormalisedPhone(
  z.object({
    long_time: ZLongTime.default(0),
    phone_number: ZPhoneNumber,
    password: z.string().min(1).max(128),
    area: ZArea.default(DEFAULT_AREA),
    system: ZSystem.default(1),
  }),
);
export const ZLoginSmsRequest = withNormalisedPhone(
  z.object({
    long_time: ZLongTime.default(0),
    phone_number: ZPhoneNumber,
    sms_code: ZSmsCode,
    area: ZArea.default(DEFAULT_AREA),
    system: ZSystem.default(1),
  }),
);
export type TLoginAccountRequest = z.infer<typeof ZLoginAccountRequest>;
export type TLoginMobileRequest = z.infer<typeof ZLoginMobileRequest>;
export type TLoginSmsRequest = z.infer<typeof ZLoginSmsRequest>;

/** What every successful sign-in answers (docs/product.md). */
export const ZLoginResult = z.object({
  authorization: z.string(),
  user_id: z.number().int(),
  parent_id: z.number().int(),
  user_name: z.string(),
  account_type: z.number().int(),
  /** Seconds until the token expires: 7 days with long_time 1, 24 hours otherwise. */
  expires_in: z.number().int(),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

/**
 * `url` is the text to draw as a QR code (the simulator's scan page, or WeChat's own QR
 * content). With the official account, `image_url` is WeChat's ready image of the same code.
 */
export const ZQrCode = z.object({
  url: z.string(),
  scene_mark: z.string(),
  expire_seconds: z.number().int(),
  image_url: z.string().optional(),
});
export type TQrCode = z.infer<typeof ZQrCode>;

export const ZQrInquiryQuery = z.object({
  long_time: ZLongTime.default(0),
  scene_mark: z.string().min(8).max(128),
  system: ZSystem.default(1),
});

/**
 * Polling answer. Not scanned: scan_status false. Scanned by a bound WeChat account: signed
 * in, with the login result fields. Scanned by an unbound one: is_binding false, and the
 * browser shows the bind-mobile form for the same scene_mark.
 */
export const ZQrInquiryResult = z.object({
  scan_status: z.boolean(),
  is_binding: z.boolean(),
  authorization: z.string().optional(),
  user_id: z.number().int().optional(),
  parent_id: z.number().int().optional(),
  user_name: z.string().optional(),
  account_type: z.number().int().optional(),
  expires_in: z.number().int().optional(),
});
export type TQrInquiryResult = z.infer<typeof ZQrInquiryResult>;

export const ZQrBindingRequest = withNormalisedPhone(
  z.object({
    long_time: ZLongTime.default(0),
    scene_mark: z.string().min(8).max(128),
    phone_number: ZPhoneNumber,
    area: ZArea.default(DEFAULT_AREA),
    password: z.string().min(1).max(128),
    system: ZSystem.default(1),
  }),
);
export type TQrBindingRequest = z.infer<typeof ZQrBindingRequest>;

/** The outbox answers for one phone at a time: nobody may list every code sent. */
export const ZSmsOutboxQuery = withNormalisedPhone(
  z.object({ area: ZArea.default(DEFAULT_AREA), phone_number: ZPhoneNumber }),
);
/** Newest first, at most 50. */
export const ZSmsOutboxItem = z.object({
  phone_number: z.string(),
  area: z.string(),
  type: z.string(),
  code: z.string(),
  sent_at: z.string(),
});
export type TSmsOutboxItem = z.infer<typeof ZSmsOutboxItem>;

export const ZWechatScanRequest = z.object({
  scene_mark: z.string().min(8).max(128),
  open_id: z.string().trim().min(1).max(64),
  nickname: ZName().min(1).max(64),
});
export const ZSmsOutbox = z.array(ZSmsOutboxItem);
export const ZWechatScanResult = z.object({ scene_mark: z.string(), scan_status: z.literal(true) });
