import { z } from 'zod';

/**
 * Every API response is `{code, data, msg}`. `code` 200 is success; for an error it equals
 * the HTTP status (docs/api.md, GUIDE convention 1).
 */
export const ErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  Internal: 500,
  Unavailable: 503,
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const Z_OK = 200 as const;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(Z_OK), data, msg: z.string() });
}

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  data: z.null(),
  msg: z.string(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export type TEnvelope<T> = { code: number; data: T; msg: string };

/** A list page as the contract's tables receive it: `{total, data}`. */
export function page<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int().nonnegative(), data: z.array(row) });
}
