import { ErrorCode, type TErrorCode } from '@seller-centre/contract/envelope';
import type { MessageKey, MessageParams } from './i18n.ts';

/**
 * The one error type services throw. `code` is the HTTP status and the envelope code; the
 * message is a key of the server's catalogue (platform/i18n.ts), translated into the caller's
 * language when the envelope is written, so it never carries internals.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    key: MessageKey,
    options: { params?: MessageParams; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(key, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.key = key;
    this.params = options.params ?? {};
    this.headers = options.headers;
  }

  static badRequest(key: MessageKey = 'badRequest', params?: MessageParams) {
    return new AppError(ErrorCode.BadRequest, key, { params });
  }
  static invalidField(field: string, detail: string) {
    return new AppError(ErrorCode.BadRequest, 'invalidField', { params: { field, detail } });
  }
  static unauthorized(key: MessageKey = 'unauthorized') {
    return new AppError(ErrorCode.Unauthorized, key);
  }
  static forbidden(key: MessageKey = 'forbidden') {
    return new AppError(ErrorCode.Forbidden, key);
  }
  static notFound(key: MessageKey = 'notFound') {
    return new AppError(ErrorCode.NotFound, key);
  }
  static conflict(key: MessageKey, params?: MessageParams) {
    return new AppError(ErrorCode.Conflict, key, { params });
  }
  static tooManyRequests(retryAfterSeconds: number, key: MessageKey = 'tooManyRequests') {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(ErrorCode.TooManyRequests, key, {
      params: { seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }
}
