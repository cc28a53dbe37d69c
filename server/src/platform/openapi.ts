import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorCode, type TErrorCode } from '@seller-centre/contract/envelope';
import { apiPaths } from '@seller-centre/contract/paths';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document at /api/docs/json (UI at /api/docs), generated from the routes' zod
 * schemas. The API scopes (platform/api-scopes.ts) stamp each route with its security
 * requirement and the errors every route of the scope can give, so a client generator gets the
 * whole truth without each route repeating it.
 */

/** The security schemes: a seller's session token and an operator's, both in `Authorization`. */
export const SECURITY = {
  public: [] as Record<string, string[]>[],
  seller: [{ sellerToken: [] }] as Record<string, string[]>[],
  operator: [{ operatorToken: [] }] as Record<string, string[]>[],
};

const ERROR_DESCRIPTIONS: Record<TErrorCode, string> = {
  [ErrorCode.BadRequest]: 'Invalid input; `msg` names the field and what is wrong with it',
  [ErrorCode.Unauthorized]: 'No live session: sign in again',
  [ErrorCode.Forbidden]: 'Signed in, but not allowed to do this',
  [ErrorCode.NotFound]: 'No such item in the caller’s tenant',
  [ErrorCode.Conflict]: 'The change conflicts with the current state',
  [ErrorCode.TooManyRequests]: 'Too many attempts; `Retry-After` says how many seconds to wait',
  [ErrorCode.Internal]: 'Server error; `msg` carries no details',
  [ErrorCode.Unavailable]: 'An outside service or the database did not answer; try again later',
};

/** The envelope of an error with this status: `{code: <status>, data: null, msg}`. */
function errorEnvelope(code: TErrorCode) {
  return z.object({ code: z.literal(code), data: z.null(), msg: z.string() }).describe(ERROR_DESCRIPTIONS[code]);
}

/** Response schemas for the errors a route can give beyond its scope's own, e.g. `...errors(404, 409)`. */
export function errors(...codes: TErrorCode[]): Record<number, z.ZodType> {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelope(code)]));
}


/**
 * Completes a route's documentation in its scope's onRoute hook: the security requirement, and
 * the error responses (400 for every route, plus the scope's) unless the route declared them.
 * A route without an operationId does not start: a client generator names its calls by them.
 * Only a public route may state its own security (a token it reads when there is one).
 */
export function documentRoute(
  route: RouteOptions,
  scope: { security: Record<string, string[]>[]; errors: TErrorCode[] },
): void {
  const schema = (route.schema ?? {}) as FastifySchema & {
    operationId?: string;
    security?: unknown;
    response?: Record<string, unknown>;
  };
  if (!schema.operationId) {
    throw new Error(`${String(route.method)} ${route.url}: every API route needs schema.operationId`);
  }
  // Any request can be a 400, whether the route reads input or not: a malformed JSON body, a NUL
  // in the query or an oversized body is refused before the route runs (input-guard, envelope).
  const codes = [ErrorCode.BadRequest, ...scope.errors];
  route.schema = {
    ...schema,
    security: scope.security.length === 0 && schema.security ? schema.security : scope.security,
    response: { ...errors(...codes), ...schema.response },
  };
}

/**
 * The zod transform, plus what a route's schema cannot say without changing what the server
 * validates: a multipart upload's body (read from the stream by the handler, so it has no body
 * schema) is documented as the files it takes.
 */
const documentTransform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown>;
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (consumes.includes('multipart/form-data') && schema.body === undefined) {
    result.schema = {
      ...schema,
      body: {
        type: 'object',
        description: 'One or more image files (JPEG or PNG), each in a part of its own, any field name',
        properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
        required: ['file'],
      },
    };
  }
  return result;
};

type OpenApiOperation = {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { nullable?: boolean } }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

/**
 * What @fastify/swagger gets wrong about our routes, put right on the finished document:
 * - every error is the JSON envelope, whatever the route's success is: a route that produces a
 *   file (CSV, XLSX, an image) documents its errors as application/json, not as its file's type;
 * - a body the route takes as null or absent (its schema nullish, e.g. an id that may come in
 *   the query instead) is not required (the generator marks every body required).
 */
function finishDocument(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const bodies = Object.values(operation.requestBody?.content ?? {});
      if (bodies.length > 0 && bodies.every((media) => media.schema?.nullable === true)) {
        operation.requestBody!.required = false;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400 || !response.content || 'application/json' in response.content) continue;
        const first = Object.values(response.content)[0];
        response.content = { 'application/json': first };
      }
    }
  }
  return document;
}

const TAGS = [
  { name: 'system', description: 'Health, translations and platform configuration' },
  { name: 'sign-in', description: 'Sign-in, registration, password reset, SMS codes and WeChat QR sign-in' },
  { name: 'personal centre', description: "The signed-in account's own profile and settings" },
  { name: 'roles', description: 'Roles and their permissions' },
  { name: 'employees', description: 'Employee (sub-account) administration and data authority' },
  { name: 'reference data', description: 'Platforms, shops and warehouses, narrowed by data authority' },
  { name: 'access', description: 'Audit log of access-control changes' },
  { name: 'legacy', description: "Calls the contract's older base still makes" },
  { name: 'operators', description: 'The operator console: the product staff’s own accounts and sessions' },
  { name: 'quota', description: 'Value-added quota: balances, the one spend call and the deduction bill' },
  { name: 'uploads', description: 'Images uploaded by a tenant (proofs), read back by it and by operators only' },
  { name: 'third-party bill', description: "The tenant's third-party balance: its bill, exports, and the suite's posting call" },
  { name: 'exports', description: 'Downloads of finished exports by signed, expiring links' },
  { name: 'development stand-ins', description: 'Local stand-ins for outside services; never on in production' },
];

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Seller Centre API',
          version: '0.1.0',
          description:
            'Every answer is the envelope `{code, data, msg}`; on an error `code` equals the HTTP status and `msg` is in the language of `Accept-Language` (zh, kr, th).',
        },
        // Relative unless the public address is configured: the document is right wherever it is read.
        servers: [{ url: app.config.PUBLIC_URL ?? '/', description: 'this instance' }],
        tags: TAGS,
        components: {
          securitySchemes: {
            sellerToken: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: 'The `authorization` of a seller sign-in result (`Bearer <token>` also works)',
            },
            operatorToken: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: 'The `authorization` of an operator sign-in result (POST /api/ops/sign-in)',
            },
          },
        },
      },
      transform: documentTransform,
      transformObject: (documents) => {
        if (!('openapiObject' in documents)) return documents.swaggerObject;
        finishDocument(documents.openapiObject as OpenApiDocument);
        return documents.openapiObject;
      },
    });
    await app.register(swaggerUi, { routePrefix: apiPaths.docs });
  },
  { name: 'openapi', dependencies: ['config'] },
);
