import { ErrorCode, type TErrorCode } from '@seller-centre/contract/envelope';
import type { MessageKey, MessageParams } from './i18n.ts';

type Params = MessageParams | undefined;

/**
 * The one error type the server throws for a caller to see, built only through the factories
 * below (one per status of the envelope). `code` is the HTTP status and the envelope code; the
 * message is a key of the server's catalogue (platform/i18n.ts), translated into the caller's
 * language when the envelope is written (platform/envelope.ts), so it never carries internals.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly headers: Record<string, string> | undefined;

  private constructor(
    code: TErrorCode,
    key: MessageKey,
    options: { params?: Params; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(key, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.key = key;
    this.params = options.params ?? {};
    this.headers = options.headers;
  }

  static badRequest(key: MessageKey = 'badRequest', params?: Params) {
    return new AppError(ErrorCode.BadRequest, key, { params });
  }
  /** A 400 naming the field (by the name the caller sent) and what is wrong with it. */
  static invalidField(field: string, detail: string) {
    return new AppError(ErrorCode.BadRequest, 'invalidField', { params: { field, detail } });
  }
  static unauthorized(key: MessageKey = 'unauthorized') {
    return new AppError(ErrorCode.Unauthorized, key);
  }
  static forbidden(key: MessageKey = 'forbidden', params?: Params) {
    return new AppError(ErrorCode.Forbidden, key, { params });
  }
  static notFound(key: MessageKey = 'notFound', params?: Params) {
    return new AppError(ErrorCode.NotFound, key, { params });
  }
  static conflict(key: MessageKey, params?: Params) {
    return new AppError(ErrorCode.Conflict, key, { params });
  }
  /** A 429 with Retry-After; `{seconds}` in the message is the wait. */
  static tooManyRequests(retryAfterSeconds: number, key: MessageKey = 'tooManyRequests', params?: Params) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(ErrorCode.TooManyRequests, key, {
      params: { ...params, seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }
  /** A 503 with Retry-After: the server is too busy for this now, and says when to try again. */
  static busy(retryAfterSeconds: number, key: MessageKey = 'unavailable') {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(ErrorCode.Unavailable, key, {
      params: { seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }
  /** A 503: an outside service or the database could not answer; `cause` goes to the log only. */
  static unavailable(key: MessageKey = 'unavailable', cause?: unknown) {
    return new AppError(ErrorCode.Unavailable, key, { cause });
  }
}
