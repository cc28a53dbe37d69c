import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { authHeaders, createMainAccount, openTestSession, randomIp } from '../test/factories.ts';
import { createTestOperator } from '../test/operator-factories.ts';

/**
 * A fuzz pass over every route of the live OpenAPI document: wrong types in every field, huge
 * strings, deep nesting, odd content types and broken encodings, without a token and with a
 * valid one. Whatever comes in, the answer is never a 5xx: bad input is the caller's error (400,
 * 401, 403, 404, 409, 413, 415, 429). The routes are read from the document, so a route added
 * later is fuzzed the day it is added.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  default?: unknown;
  $ref?: string;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; schema?: Schema };
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Route = { key: string; method: string; path: string; operation: Operation };

const HUGE = 'x'.repeat(100_000);
const WRONG_VALUES: unknown[] = [
  null,
  -1,
  2 ** 63,
  3.5,
  "' OR 1=1 --\u202E",
  true,
  [[1, { a: 2 }]],
  { a: { b: {} } },
  HUGE,
  'nul\u0000char',
];
const WRONG_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  '%00',
  '%ff%fe',
  encodeURIComponent('\u202E'),
  'a'.repeat(20_000),
];
const WRONG_PATH_VALUES = [
  'x',
  '-1',
  '0',
  '99999999999999999999',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%ff',
  'a'.repeat(5_000),
];

function deepJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Whole bodies that are wrong before any field is looked at, with the content type they claim. */
const ODD_BODIES: { type?: string; payload: string }[] = [
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: 'not json' },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '"string"' },
  { type: 'application/json', payload: '12345' },
  { type: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"admin":true}}}' },
  { type: 'application/json', payload: deepJson(20_000) },
  { type: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { type: 'application/json; charset=latin1', payload: '{}' },
  { type: 'application/json', payload: '{"a":"\\ud800"}' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'text/xml', payload: '<xml><a>1</a></xml>' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  {
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--',
  },
  { type: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
  { type: 'invalid content type', payload: '{}' },
  { payload: '{"a":1}' },
];

function routesOf(app: TestApp): { routes: Route[]; document: Document } {
  const document = app.swagger() as unknown as Document;
  const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
  return { routes, document };
}

function resolve(document: Document, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document, document.components?.schemas?.[schema.$ref.split('/').pop()!]);
  return schema;
}

const STRING_CANDIDATES = ['x', '1', '13800138000', 'Abc12345!', 'abc123', '123456', '86', '2026-01-01'];

/** A value the schema probably takes, so that wrong fields are met beside right ones. */
function sample(document: Document, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sample(document, choice, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const patterns = [schema, ...(schema.allOf ?? [])].map((s) => s.pattern).filter(Boolean) as string[];
      const fits = (value: string) =>
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity) &&
        patterns.every((p) => new RegExp(p, 'u').test(value));
      return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(document, schema.items, depth + 1)];
    case 'null':
      return null;
    default: {
      if (!schema.properties) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [name, sample(document, property, depth + 1)]),
      );
    }
  }
}

/** Every fuzzed request of one route, without the token (added by the caller). */
function fuzzRequests(document: Document, route: Route): InjectOptions[] {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const fillPath = (override?: [string, string]) =>
    route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      override && override[0] === name
        ? override[1]
        : String(sample(document, pathParams.find((p) => p.name === name)?.schema)),
    );
  const query = Object.fromEntries(queryParams.map((p) => [p.name, String(sample(document, p.schema) ?? '')]));
  const url = (path: string, q: Record<string, string>, raw = '') => {
    const search = new URLSearchParams(q).toString();
    return `${path}?${search}${raw}`;
  };
  const method = route.method as InjectOptions['method'];
  const requests: InjectOptions[] = [{ method, url: url(fillPath(), query) }];

  for (const param of pathParams) {
    for (const value of WRONG_PATH_VALUES) requests.push({ method, url: url(fillPath([param.name, value]), query) });
  }
  for (const param of queryParams) {
    for (const value of WRONG_QUERY_VALUES) {
      const rest = { ...query };
      delete rest[param.name];
      requests.push({ method, url: url(fillPath(), rest, `&${param.name}=${value}`) });
    }
    // The same parameter twice arrives as an array.
    requests.push({ method, url: url(fillPath(), query, `&${param.name}=1&${param.name}=2`) });
  }

  const jsonSchema = route.operation.requestBody?.content['application/json']?.schema;
  const takesBody =
    route.operation.requestBody !== undefined || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  if (takesBody) {
    const base = jsonSchema ? (sample(document, jsonSchema) as Record<string, unknown>) : {};
    requests.push({ method, url: url(fillPath(), query), payload: base as object });
    const properties = Object.keys(resolve(document, jsonSchema).properties ?? {});
    for (const name of properties) {
      for (const value of WRONG_VALUES) {
        requests.push({ method, url: url(fillPath(), query), payload: { ...base, [name]: value } as object });
      }
      const rest = { ...base };
      delete rest[name];
      requests.push({ method, url: url(fillPath(), query), payload: rest as object });
    }
    for (const body of ODD_BODIES) {
      requests.push({
        method,
        url: url(fillPath(), query),
        headers: body.type ? { 'content-type': body.type } : {},
        payload: body.payload,
      });
    }
  }
  return requests;
}

// Both setups, so that the routes of every provider are met: the stand-ins' and the webhook's.
const SETUPS = {
  'stand-in providers': {},
  'real providers': {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: 'sign',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_0',
    // Nothing listens there: a call that gets through to the service is a 503 we do not count.
    ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9/sms',
    WECHAT_PROVIDER: 'official',
    WECHAT_APP_ID: 'wx',
    WECHAT_APP_SECRET: 'secret',
    WECHAT_TOKEN: 'token',
    WECHAT_API_BASE: 'http://127.0.0.1:9/wx',
  },
};

describe.each(Object.entries(SETUPS))('a fuzz pass over every route with %s', (setup, env) => {
  let app: TestApp;
  let routes: Route[];
  let document: Document;
  let sellerId: number;

  beforeAll(async () => {
    app = await buildTestApp(env);
    ({ routes, document } = routesOf(app));
    sellerId = (await createMainAccount(app)).user.id;
  });
  afterAll(async () => app.close());

  /** A fresh token per route: a route may sign its caller out. */
  async function tokenFor(route: Route): Promise<string> {
    if (route.path.startsWith('/api/ops/')) return (await createTestOperator(app)).token;
    return openTestSession(app, sellerId);
  }

  it('answers every fuzzed request, with and without a valid token, without a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(setup === 'real providers' ? 40 : 50);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // The real providers' setup adds the webhook; the rest was fuzzed with the stand-ins.
      if (setup === 'real providers' && !route.path.startsWith('/api/v1/wechat/')) continue;
      const started = Date.now();
      const token = await tokenFor(route);
      const requests = fuzzRequests(document, route);
      // Without a token a signed-in route stops before reading its input: a few requests show it.
      const isPublic = route.operation.security?.length === 0;
      const anonymous = isPublic ? requests : [...requests.slice(0, 3), ...requests.slice(-ODD_BODIES.length)];
      const calls = [
        ...anonymous.map((request) => ({ request, headers: {} })),
        ...requests.map((request) => ({ request, headers: authHeaders(token) })),
      ];
      for (const { request, headers } of calls) {
        const res = await app.inject({
          ...request,
          remoteAddress: randomIp(),
          headers: { ...request.headers, ...headers },
        });
        sent++;
        if (res.statusCode >= 500) {
          failures.push(
            `${route.key} ${res.statusCode} ${String(request.url).slice(0, 120)} ${res.body.slice(0, 200)}`,
          );
        } else if (res.headers['content-type']?.toString().startsWith('application/json')) {
          // Every answer is the envelope, refusals included.
          const body = res.json() as { code?: unknown };
          if (res.statusCode >= 400 && body.code !== res.statusCode) {
            failures.push(`${route.key} ${res.statusCode} not in the envelope: ${res.body.slice(0, 200)}`);
          }
        }
      }
      if (process.env.FUZZ_TIMING) console.log(`${route.key}: ${calls.length} calls, ${Date.now() - started} ms`);
    }
    expect(sent).toBeGreaterThan(setup === 'real providers' ? 50 : 2_000);
    expect(failures.slice(0, 30)).toEqual([]);
  }, 120_000);
});
