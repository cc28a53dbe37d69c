import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { authHeaders, createMainAccount } from '../test/factories.ts';
import { createTestOperator } from '../test/operator-factories.ts';

/**
 * Every route of the OpenAPI document, called as a stranger would. A route outside the public
 * list answers 401 without a token; an operator route refuses a seller's token and a tenant
 * route an operator's. So a route added without protection fails here the day it is added, and
 * adding a public route means adding it to this list on purpose.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /locales/{file}',
  'GET /api/v3/system/config',
  'GET /api/v3/system/ads/{file}',
  'GET /api/v3/system/platform-logos/{file}',
  'GET /api/v1/sms',
  'POST /api/v2/register',
  'POST /api/v1/user/find/pwd',
  'POST /api/v2/user/login/account',
  'POST /api/v2/user/login/mobile',
  'POST /api/v2/user/login/sms',
  'POST /api/v2/user/logout',
  'GET /api/v2/user/login/wechat/qr-code',
  'GET /api/v2/user/login/wechat/qr-code/inquiry',
  'PUT /api/v2/user/login/wechat/qr-code/binding',
  'POST /api/ops/sign-in',
  // the WeChat official account's webhook (WECHAT_PROVIDER=official)
  'GET /api/v1/wechat/events',
  'POST /api/v1/wechat/events',
  // payment notifications, verified by signature (one per provider, only the configured one exists)
  'POST /api/v1/pay/notify/sandbox',
  'POST /api/v1/pay/notify/alipay',
  // a finished export's file: the signed, expiring link is the authorization (a browser download
  // carries no Authorization header); a wrong or missing signature is a 400/404
  'GET /api/v1/export/download/{task_id}',
  // the suite's charges and refunds: server to server, authorized by SUITE_API_KEY (401 without it)
  'POST /api/v1/finance/thirdParty/post',
  // the stand-ins' own routes (never in production unless explicitly allowed)
  'GET /api/dev/sms-outbox',
  'GET /dev/wechat-scan',
  'POST /api/dev/wechat/scan',
  'GET /dev/pay',
  'POST /api/dev/pay',
]);

const alipayKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
type Route = { key: string; method: string; url: string; operation: Operation };

function routesOf(app: TestApp): Route[] {
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      // Any value does for a path parameter: sign-in is checked before the input.
      url: path.replace(/\{[^}]+\}/g, 'x'),
      operation,
    })),
  );
}

const isOperatorRoute = (route: Route) => route.url.startsWith('/api/ops/') && !PUBLIC.has(route.key);

// Both setups, so that the routes of every provider are called: the stand-ins' and the webhook's.
const SETUPS = {
  'stand-in providers': {},
  'real providers': {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: 'sign',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_0',
    WECHAT_PROVIDER: 'official',
    WECHAT_APP_ID: 'wx',
    WECHAT_APP_SECRET: 'secret',
    WECHAT_TOKEN: 'token',
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: alipayKeys.privateKey,
    ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
    PUBLIC_URL: 'https://seller.example.com',
  },
};

describe.each(Object.entries(SETUPS))('the route inventory with %s', (_name, env) => {
  let app: TestApp;
  let routes: Route[];
  let sellerToken: string;
  let operatorToken: string;

  beforeAll(async () => {
    app = await buildTestApp(env);
    routes = routesOf(app);
    sellerToken = (await createMainAccount(app)).token;
    operatorToken = (await createTestOperator(app)).token;
  });
  afterAll(async () => app.close());

  it('documents each route with a unique operationId and its security', () => {
    expect(routes.length).toBeGreaterThan(40);
    const ids = routes.map((r) => r.operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of routes) {
      const schemes = (route.operation.security ?? [undefined]).flatMap((s) => (s ? Object.keys(s) : ['none']));
      if (PUBLIC.has(route.key)) expect.soft(schemes, route.key).not.toContain('operatorToken');
      else if (isOperatorRoute(route)) expect.soft(schemes, route.key).toEqual(['operatorToken']);
      else expect.soft(schemes, route.key).toEqual(['sellerToken']);
      if (!PUBLIC.has(route.key)) expect.soft(route.operation.responses, route.key).toHaveProperty('401');
    }
  });

  it('answers 401 on every route outside the public list when no token is sent', async () => {
    for (const route of routes.filter((r) => !PUBLIC.has(r.key))) {
      const res = await app.inject({ method: route.method as 'GET', url: route.url });
      expect.soft(res.statusCode, route.key).toBe(401);
      expect.soft(res.json(), route.key).toMatchObject({ code: 401, data: null });
    }
  });

  it("refuses a seller's token on every operator route", async () => {
    const operatorRoutes = routes.filter(isOperatorRoute);
    expect(operatorRoutes.length).toBeGreaterThan(0);
    for (const route of operatorRoutes) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: authHeaders(sellerToken),
      });
      expect.soft(res.statusCode, route.key).toBe(401);
    }
  });

  it("refuses an operator's token on every tenant route", async () => {
    const tenantRoutes = routes.filter((r) => !PUBLIC.has(r.key) && !isOperatorRoute(r));
    expect(tenantRoutes.length).toBeGreaterThan(30);
    for (const route of tenantRoutes) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: authHeaders(operatorToken),
      });
      expect.soft(res.statusCode, route.key).toBe(401);
    }
  });
});
