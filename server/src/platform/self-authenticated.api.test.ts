import { authPaths } from '@seller-centre/contract/auth';
import { thirdPartyPaths } from '@seller-centre/contract/third-party';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';

/**
 * Routes outside the tenant and operator scopes that authorize the caller themselves (a signed
 * link, an API key, a provider's signature) check it before they validate the input, as the
 * scopes do: a caller without it gets 401/403, never a 400 that describes what the route takes.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    SUITE_API_KEY: 'suite-key-for-this-test-0123456789abcdef',
    WECHAT_PROVIDER: 'official',
    WECHAT_APP_ID: 'wx-app',
    WECHAT_APP_SECRET: 'wx-secret',
    WECHAT_TOKEN: 'wx-token',
  });
});
afterAll(async () => app.close());

describe('routes that authorize the caller themselves', () => {
  it('refuses an export download without a valid link (403) before it looks at the link’s parts', async () => {
    for (const url of [
      '/api/v1/export/download/not-a-number?expires=soon&signature=short',
      '/api/v1/export/download/1',
      `/api/v1/export/download/1?expires=${Math.floor(Date.now() / 1000) + 60}&signature=${'A'.repeat(43)}`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, data: null, msg: '下载链接无效，请在导出下载列表中重新下载' });
    }
  });

  it('refuses the suite’s posting call without its key (401) whatever the body', async () => {
    for (const headers of [{}, { 'x-api-key': 'wrong' }]) {
      const res = await app.inject({
        method: 'POST',
        url: thirdPartyPaths.post,
        headers,
        payload: { tenant_id: 'nobody', amount: 'lots' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, data: null });
    }
    const keyed = await app.inject({
      method: 'POST',
      url: thirdPartyPaths.post,
      headers: { 'x-api-key': 'suite-key-for-this-test-0123456789abcdef' },
      payload: { tenant_id: 'nobody', amount: 'lots' },
    });
    expect(keyed.statusCode).toBe(400);
  });

  it('refuses an unsigned WeChat call (403) even when its query is malformed', async () => {
    const long = 'x'.repeat(300);
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: `${authPaths.wechatEvents}?signature=${long}&timestamp=${long}&nonce=1&echostr=${'e'.repeat(400)}`,
        headers: { 'content-type': 'text/xml' },
        payload: '<xml></xml>',
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, data: null });
    }
  });
});
