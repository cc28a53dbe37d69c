import { afterAll, beforeAll, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount } from '../../test/factories.ts';
let app: TestApp;
beforeAll(async () => { app = await buildTestApp(); });
afterAll(async () => app.close());
it('probe', async () => {
  const { token } = await createMainAccount(app);
  const reqs: [string, string, unknown?, Record<string,string>?][] = [
    ['POST', '/api/v2/user/login/account', { account_name: 'a\u0000b', password: 'x' }],
    ['POST', '/api/v2/user/login/account', { account_name: ['a'], password: 'x' }],
    ['POST', '/api/v2/user/login/account', { account_name: 'a', password: 'x\u0000' }],
    ['GET', '/api/v2/user/login/wechat/qr-code/inquiry?scene_mark=abcdefgh%00ijk'],
    ['GET', '/api/v2/user/login/wechat/qr-code/inquiry?scene_mark=a&scene_mark=b'],
    ['GET', '/api/v1/sms?type=register:&phone_number=1380013800&phone_number=2'],
    ['PUT', '/api/v2/user/info/company', { company_name: 'x\u0000y' }, authHeaders(token)],
    ['POST', '/api/v2/register', { phone_number: '13800138111', sms_code: '123456', checked: true, invite_code: 'a\u0000' }],
    ['POST', '/api/v2/register', { phone_number: '13800138111', sms_code: '123456', checked: true, source: 'a\u0000' }],
    ['POST', '/api/dev/wechat/scan', { scene_mark: 'abcdefghij', open_id: 'a\u0000', nickname: 'n' }],
    ['GET', '/api/v1/user/coupon?status=0&use_type=1.5', undefined, authHeaders(token)],
    ['GET', '/api/v3/user/package?system=1e3', undefined, authHeaders(token)],
    ['GET', '/dev/wechat-scan?scene_mark=a%00b'],
    ['GET', '/api/v1/user/base/info', undefined, { authorization: 'x'.repeat(5000) }],
    ['POST', '/api/v2/user/login/account', 'account_name=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['PUT', '/api/v2/user/wechat/unbind', '{}', { ...authHeaders(token), 'content-type': 'application/json' }],
    ['POST', '/api/v2/user/logout', '', { 'content-type': 'application/json' }],
  ];
  for (const [method, url, payload, headers] of reqs) {
    const res = await app.inject({ method: method as 'GET', url, payload: payload as string, headers });
    console.log(res.statusCode, method, url, JSON.stringify(payload)?.slice(0, 60), res.body.slice(0, 120));
  }
});
