import { ErrorCode, type TErrorCode } from '@seller-centre/contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from './errors.ts';
import { describeIssue, fieldLabel, requestLanguage, translate, validationDetail } from './i18n.ts';

/** `{code: 200, data, msg}` for a successful call. */
export function ok<T>(data: T, msg = 'success') {
  return { code: 200 as const, data, msg };
}

function send(reply: FastifyReply, code: TErrorCode, msg: string) {
  return reply.status(code).send({ code, data: null, msg });
}

/** The value the caller sent at a validation path, so the message can say what came in. */
function sentValue(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  const part = parts[context ?? 'body'];
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      part,
    );
}

function fieldName(instancePath: string, prefix: string | undefined) {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || prefix || 'body';
}

/** Turns every failure into the envelope; a 5xx says nothing about why. */
function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);

  if (error instanceof AppError) {
    if (error.headers) void reply.headers(error.headers);
    // A field travels by wire name and is said by its label.
    const params =
      typeof error.params.field === 'string'
        ? {
            ...error.params,
            field: fieldLabel(lang, error.params.field),
            // A contract validation id (contract/validation.ts) is said in words.
            ...(typeof error.params.detail === 'string'
              ? { detail: validationDetail(lang, error.params.detail) ?? error.params.detail }
              : {}),
          }
        : error.params;
    return send(reply, error.code, translate(lang, error.key, params));
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    const issue = {
      input: sentValue(request, error.validationContext, first.instancePath),
      code: first.keyword,
      ...first.params,
      message: first.message,
    };
    return send(
      reply,
      ErrorCode.BadRequest,
      translate(lang, 'invalidField', {
        field: fieldLabel(lang, fieldName(first.instancePath, error.validationContext)),
        detail: validationDetail(lang, first.message) ?? describeIssue(lang, issue),
      }),
    );
  }

  const status = error.statusCode ?? 500;
  if (status < 500) {
    request.log.info({ err: error }, 'client error');
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, ErrorCode.BadRequest, translate(lang, 'malformedJson'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, ErrorCode.BadRequest, translate(lang, 'unsupportedMediaType'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, ErrorCode.BadRequest, translate(lang, 'payloadTooLarge'));
      default:
        if (status === 429)
          return send(reply, ErrorCode.TooManyRequests, translate(lang, 'tooManyRequests', { seconds: 60 }));
        if (status === 404) return send(reply, ErrorCode.NotFound, translate(lang, 'notFound'));
        if (status === 401) return send(reply, ErrorCode.Unauthorized, translate(lang, 'unauthorized'));
        if (status === 403) return send(reply, ErrorCode.Forbidden, translate(lang, 'forbidden'));
        return send(reply, ErrorCode.BadRequest, translate(lang, 'badRequest'));
    }
  }

  // The database ended the connection, restarted or timed the statement out: the request did
  // not happen (its transaction rolled back), and trying again shortly will do.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .header('retry-after', '5')
      .status(ErrorCode.Unavailable)
      .send({ code: ErrorCode.Unavailable, data: null, msg: translate(lang, 'databaseUnavailable') });
  }

  request.log.error({ err: error }, 'request failed');
  if (status === 503) return send(reply, ErrorCode.Unavailable, translate(lang, 'unavailable'));
  return send(reply, ErrorCode.Internal, translate(lang, 'internal'));
}

/**
 * Errors Fastify meets before a request reaches a route, so before the error handler: a path
 * that is not valid percent-encoding, a path parameter over its length limit. Fastify's own
 * answer is not the envelope; this one is (the server's `frameworkErrors` option).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'client error before routing');
  void reply.header('x-content-type-options', 'nosniff');
  return send(reply, ErrorCode.BadRequest, translate(requestLanguage(request), 'badRequest'));
}

export default fp(
  async function envelope(app: FastifyInstance) {
    app.setErrorHandler(handleError);
  },
  { name: 'envelope' },
);
