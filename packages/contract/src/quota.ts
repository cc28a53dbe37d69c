import { z } from 'zod';
import { VALIDATION } from './validation.ts';

/**
 * Quota: counts of value-added services a tenant has bought (listings, translations, matting),
 * added when a value-added order is paid and spent by the suite's systems as they do the work.
 * Every spend writes a deduction row: the deduction bill (docs/product.md, tab DUDUCTION, page 269).
 */
export const quotaPaths = {
  /** POST: the deduction bill. */
  logList: '/api/v1/package/getLogList',
  /** POST: the one spend call of the suite (see docs/api.md: who may call it). */
  spend: '/api/v1/package/quota/spend',
  /** GET: what is left of each quota type. */
  balances: '/api/v1/package/quota',
} as const;

/**
 * Deduction (quota) types, one per service: 1 to 7 are docs/product.md's (1 listing quota, 2 picture
 * translation, 3 matting count, 4 text translation, 5 another text translation, 6 and 7 image and
 * video translation of a third party); 8 to 10 are the monitoring services of the catalogue.
 */
export const QUOTA_TYPES = {
  listing: 1,
  pictureTranslation: 2,
  matting: 3,
  textTranslation: 4,
  textTranslationB: 5,
  thirdPartyImageTranslation: 6,
  thirdPartyVideoTranslation: 7,
  productMonitoring: 8,
  keywordMonitoring: 9,
  followSellMonitoring: 10,
} as const;
export const QUOTA_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** The selection product's services (the personal centre's second system); the rest are the ERP's. */
export const SELECTION_QUOTA_TYPES: readonly number[] = [8, 9, 10];

/**
 * The quota service each value-added service of the catalogue adds to: one service per kind, so a
 * purchase credits exactly what it names (docs/decisions.md, "Ledger and quota").
 */
export const QUOTA_TYPE_OF_SERVICE = {
  listing_quota: QUOTA_TYPES.listing,
  picture_translation: QUOTA_TYPES.pictureTranslation,
  matting: QUOTA_TYPES.matting,
  text_translation: QUOTA_TYPES.textTranslation,
  video_translation: QUOTA_TYPES.thirdPartyVideoTranslation,
  product_monitoring: QUOTA_TYPES.productMonitoring,
  keyword_monitoring: QUOTA_TYPES.keywordMonitoring,
  follow_sell_monitoring: QUOTA_TYPES.followSellMonitoring,
} as const;
export type TQuotaType = (typeof QUOTA_TYPE_IDS)[number];

export const ZQuotaType = z.coerce
  .number()
  .int()
  .pipe(z.union(QUOTA_TYPE_IDS.map((t) => z.literal(t)) as [z.ZodLiteral<1>, ...z.ZodLiteral<TQuotaType>[]]));

/** Page sizes of the software and deduction bills (docs/product.md): 20, 40 or 60, default 20. */
export const ZBillPageSize = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(20), z.literal(40), z.literal(60)]));

/**
 * A point in time of a bill filter: `YYYY-MM-DD HH:mm:ss` (what the web's day ranges send, read
 * in the product's business time zone, UTC+08:00), `YYYY-MM-DD`, or ISO 8601 with an offset.
 * An empty string means no bound.
 */
export const BILL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a bill time names a real moment: the pattern, and each field in its range (a month
 * 1-12, a day of that month, hours below 24, an offset within ±14:00). `Date.parse` alone rolls
 * `2026-02-31` over into March and reads `-1` as a year, so a filter would ask for a day nobody
 * meant or a time the database cannot hold. Years start at 1900: no bill is older.
 */
export function isBillTime(text: string): boolean {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/.exec(
      text.trim(),
    );
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  if (m[8] !== undefined && (Number(m[8]) * 60 + Number(m[9]) > 14 * 60 || Number(m[9]) > 59)) return false;
  return !Number.isNaN(parseBillTime(text, 'from'));
}

/**
 * The one time filter of every list and export (the bills, the cloud-warehouse lists, the
 * third-party and distribution bills): a value it cannot read is refused with the field's name.
 */
export const ZBillTime = z
  .string()
  .trim()
  .max(40)
  .refine((text) => text === '' || isBillTime(text), { message: VALIDATION.billTime });

const BUSINESS_OFFSET = '+08:00';

/**
 * A bill time as epoch milliseconds. `edge` 'to' makes a bound given to the second or the day
 * inclusive (`2026-03-07 23:59:59` covers that whole second; `2026-03-07` the whole day).
 */
export function parseBillTime(text: string, edge: 'from' | 'to'): number {
  const trimmed = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  let iso = dateOnly ? `${trimmed}T00:00:00` : trimmed.replace(' ', 'T');
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(iso)) iso += BUSINESS_OFFSET;
  const at = Date.parse(iso);
  if (Number.isNaN(at) || edge === 'from') return at;
  if (dateOnly) return at + 24 * 60 * 60 * 1000 - 1;
  return /\.\d+/.test(trimmed) ? at : at + 999;
}

export const ZDeductionListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZBillPageSize.default(20),
  /** One deduction type; absent, empty or 0 means all. */
  type: z.preprocess((v) => (v === '' || v === 0 || v === '0' || v === null ? undefined : v), ZQuotaType.optional()),
  /** The business order or task the quota was spent on; an exact match. */
  order_id: z.string().trim().max(64).optional(),
  from_time: ZBillTime.optional(),
  to_time: ZBillTime.optional(),
});
export type TDeductionListRequest = z.infer<typeof ZDeductionListRequest>;

export const ZDeductionRow = z.object({
  order_id: z.string(),
  type: z.number().int(),
  /** Quota spent by this deduction. */
  use_num: z.number().int(),
  /** Quota of this type left right after it. */
  left_num: z.number().int(),
  /** Who spent it (the account's name when it was spent). */
  user_name: z.string(),
  /** ISO 8601 UTC. */
  create_at: z.string(),
});
export type TDeductionRow = z.infer<typeof ZDeductionRow>;

export const ZDeductionList = z.object({
  data: z.array(ZDeductionRow),
  count: z.number().int().nonnegative(),
});
export type TDeductionList = z.infer<typeof ZDeductionList>;

/**
 * The spend call. `key` makes it safe to retry: the same key again spends nothing and answers
 * `applied: false` with what is left. A spend that would take the quota below zero is a 409.
 */
export const ZQuotaSpendRequest = z.object({
  type: ZQuotaType,
  use_num: z.number().int().min(1).max(1_000_000),
  /** The business order or task the quota is spent on, shown in the deduction bill. */
  order_id: z.string().trim().max(64).default(''),
  /** Idempotency key chosen by the caller, unique per tenant (a task id, a UUID). */
  key: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/),
});
export type TQuotaSpendRequest = z.infer<typeof ZQuotaSpendRequest>;

export const ZQuotaSpendResult = z.object({
  /** false when this key was spent before: nothing was spent this time. */
  applied: z.boolean(),
  type: z.number().int(),
  left_num: z.number().int(),
});
export type TQuotaSpendResult = z.infer<typeof ZQuotaSpendResult>;

export const ZQuotaBalances = z.array(z.object({ type: z.number().int(), left_num: z.number().int() }));
export type TQuotaBalances = z.infer<typeof ZQuotaBalances>;
