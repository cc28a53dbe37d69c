import { sql } from 'kysely';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signRpcRequest } from '../../providers/sms/aliyun.ts';
import { wechatSignature } from '../../providers/wechat/signature.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, queryRows, randomIp, uniquePhone } from '../../test/factories.ts';

/**
 * The app with its real adapters (Alibaba Cloud SMS, WeChat official account), talking to a
 * local stand-in for both services that checks what they send.
 */

const SMS_SECRET = 'aliyun-secret';
const WECHAT_TOKEN = 'webhook-token';

type Fake = {
  smsRequests: Record<string, string>[];
  smsAnswer: { Code: string; Message?: string };
  wechatRequests: { path: string; body: Record<string, unknown> }[];
};
const fake: Fake = { smsRequests: [], smsAnswer: { Code: 'OK' }, wechatRequests: [] };

let server: Server;
let app: TestApp;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/sms/') {
        const params = Object.fromEntries(new URLSearchParams(body).entries());
        fake.smsRequests.push(params);
        // Like the real service: a bad signature is refused.
        if (params.Signature !== signRpcRequest('POST', params, SMS_SECRET)) {
          res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch' }));
          return;
        }
        res.end(JSON.stringify(fake.smsAnswer));
        return;
      }
      const path = req.url ?? '';
      fake.wechatRequests.push({ path, body: JSON.parse(body || '{}') });
      if (path.startsWith('/wx/cgi-bin/stable_token')) {
        res.end(JSON.stringify({ access_token: 'ACCESS', expires_in: 7200 }));
      } else if (path.startsWith('/wx/cgi-bin/qrcode/create')) {
        res.end(JSON.stringify({ ticket: 'TICKET', expire_seconds: 120, url: 'http://weixin.qq.com/q/fake' }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await buildTestApp({
    PUBLIC_URL: 'https://seller.example.com',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'aliyun-id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: SMS_SECRET,
    ALIYUN_SMS_SIGN_NAME: 'SellerCentre',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_0001',
    ALIYUN_SMS_ENDPOINT: `${base}/sms`,
    WECHAT_PROVIDER: 'official',
    WECHAT_APP_ID: 'wx-app',
    WECHAT_APP_SECRET: 'wx-secret',
    WECHAT_TOKEN,
    WECHAT_API_BASE: `${base}/wx`,
    WECHAT_QR_EXPIRE_SECONDS: '120',
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  fake.smsAnswer = { Code: 'OK' };
});

function signed(extra: Record<string, string> = {}, token = WECHAT_TOKEN, ageSeconds = 0) {
  const timestamp = String(Math.floor(Date.now() / 1000) - ageSeconds);
  const nonce = Math.random().toString(36).slice(2);
  return new URLSearchParams({
    timestamp,
    nonce,
    signature: wechatSignature(token, timestamp, nonce),
    ...extra,
  }).toString();
}

function eventXml(event: string, openId: string, eventKey: string) {
  return `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${eventKey}]]></EventKey></xml>`;
}

const postEvent = (query: string, xml: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/wechat/events?${query}`,
    headers: { 'content-type': 'text/xml' },
    payload: xml,
  });

async function newQr() {
  const res = await app.inject({ method: 'GET', url: '/api/v2/user/login/wechat/qr-code', remoteAddress: randomIp() });
  expect(res.statusCode).toBe(200);
  return res.json().data as { url: string; scene_mark: string; expire_seconds: number; image_url: string };
}

const inquire = (scene: string) =>
  app.inject({ method: 'GET', url: `/api/v2/user/login/wechat/qr-code/inquiry?scene_mark=${scene}` });

describe('Alibaba Cloud SMS adapter', () => {
  it('sends the code through the signed SendSms call; the code then signs in', async () => {
    const { user } = await createMainAccount(app);
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/sms?type=login:&phone_number=${user.phoneNumber}`,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    const sent = fake.smsRequests.at(-1)!;
    expect(sent).toMatchObject({
      Action: 'SendSms',
      AccessKeyId: 'aliyun-id',
      PhoneNumbers: user.phoneNumber,
      SignName: 'SellerCentre',
      TemplateCode: 'SMS_0001',
    });
    const { code } = JSON.parse(sent.TemplateParam!);
    expect(code).toMatch(/^\d{6}$/);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/user/login/sms',
      payload: { phone_number: user.phoneNumber, sms_code: code },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 503 when the service refuses, stores nothing and does not start the 60 s wait', async () => {
    const phone = uniquePhone();
    fake.smsAnswer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' };
    const refused = await app.inject({
      method: 'GET',
      url: `/api/v1/sms?type=register:&phone_number=${phone}`,
      remoteAddress: randomIp(),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 503, data: null });
    expect(refused.json().msg).toMatch(/短信服务/);
    expect(refused.body).not.toMatch(/BUSINESS_LIMIT|isv/);
    expect(await queryRows(app, sql`SELECT 1 FROM sms_codes WHERE phone_number = ${phone}`)).toHaveLength(0);

    fake.smsAnswer = { Code: 'OK' };
    const retry = await app.inject({
      method: 'GET',
      url: `/api/v1/sms?type=register:&phone_number=${phone}`,
      remoteAddress: randomIp(),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('has no outbox: the console route does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('WeChat official account adapter', () => {
  it("answers WeChat's QR content and image for a new scene", async () => {
    const qr = await newQr();
    expect(qr).toMatchObject({
      url: 'http://weixin.qq.com/q/fake',
      image_url: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=TICKET',
      expire_seconds: 120,
    });
    const create = fake.wechatRequests.filter((r) => r.path.startsWith('/wx/cgi-bin/qrcode/create')).at(-1)!;
    expect(create.path).toContain('access_token=ACCESS');
    expect(create.body).toEqual({
      expire_seconds: 120,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: qr.scene_mark } },
    });
  });

  it('echoes the server URL check only when signed with the token', async () => {
    const ok = await app.inject({ method: 'GET', url: `/api/v1/wechat/events?${signed({ echostr: 'echo-123' })}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('echo-123');
    const forged = await app.inject({
      method: 'GET',
      url: `/api/v1/wechat/events?${signed({ echostr: 'x' }, 'wrong-token')}`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).not.toContain('x"');
    expect((await app.inject({ method: 'GET', url: '/api/v1/wechat/events?echostr=x' })).statusCode).toBe(403);
  });

  it('records a signed SCAN event against the scene; an unbound WeChat then binds by phone and password', async () => {
    const qr = await newQr();
    expect((await inquire(qr.scene_mark)).json().data.scan_status).toBe(false);
    const res = await postEvent(signed(), eventXml('SCAN', 'oOfficial1', qr.scene_mark));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect((await inquire(qr.scene_mark)).json().data).toEqual({ scan_status: true, is_binding: false });

    const { user } = await createMainAccount(app);
    const bind = await app.inject({
      method: 'PUT',
      url: '/api/v2/user/login/wechat/qr-code/binding',
      remoteAddress: randomIp(),
      payload: { scene_mark: qr.scene_mark, phone_number: user.phoneNumber, area: '86', password: 'Passw0rd1' },
    });
    expect(bind.statusCode).toBe(200);
    const info = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/user/base/info',
        headers: authHeaders(bind.json().data.authorization),
      })
    ).json().data;
    expect(info).toMatchObject({ we_chat_open_id: 'oOfficial1', we_chat_nickname: 'WeChat-icial1' });
  });

  it('records a subscribe-by-scan event (qrscene_ prefix) and signs a bound WeChat in', async () => {
    const { user } = await createMainAccount(app, { weChatOpenId: 'oFollower2' });
    const qr = await newQr();
    await postEvent(signed(), eventXml('subscribe', 'oFollower2', `qrscene_${qr.scene_mark}`));
    expect((await inquire(qr.scene_mark)).json().data).toMatchObject({
      scan_status: true,
      is_binding: true,
      user_id: user.id,
    });
  });

  it('refuses an unsigned or forged event and records nothing', async () => {
    const qr = await newQr();
    const forged = await postEvent(signed({}, 'wrong-token'), eventXml('SCAN', 'oAttacker', qr.scene_mark));
    expect(forged.statusCode).toBe(403);
    const unsigned = await postEvent('', eventXml('SCAN', 'oAttacker', qr.scene_mark));
    expect(unsigned.statusCode).toBe(403);
    expect((await inquire(qr.scene_mark)).json().data.scan_status).toBe(false);
  });

  it('takes a signed delivery once: replaying its signature, even with another body, records nothing', async () => {
    const [mine, theirs] = [await newQr(), await newQr()];
    const query = signed();
    expect((await postEvent(query, eventXml('SCAN', 'oVictim', mine.scene_mark))).statusCode).toBe(200);
    expect((await inquire(mine.scene_mark)).json().data.scan_status).toBe(true);

    // The signature covers timestamp and nonce only: whoever saw it could post any scan with it.
    const replay = await postEvent(query, eventXml('SCAN', 'oVictim', theirs.scene_mark));
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ code: 403, data: null });
    expect((await inquire(theirs.scene_mark)).json().data.scan_status).toBe(false);
  });

  it('refuses a signed delivery whose timestamp is outside five minutes of now', async () => {
    const qr = await newQr();
    for (const age of [10 * 60, -10 * 60]) {
      const res = await postEvent(signed({}, WECHAT_TOKEN, age), eventXml('SCAN', 'oLate', qr.scene_mark));
      expect(res.statusCode, `${age}`).toBe(403);
    }
    expect((await inquire(qr.scene_mark)).json().data.scan_status).toBe(false);
    // A little clock skew is fine.
    expect((await postEvent(signed({}, WECHAT_TOKEN, 60), eventXml('SCAN', 'oLate', qr.scene_mark))).statusCode).toBe(
      200,
    );
    expect((await inquire(qr.scene_mark)).json().data.scan_status).toBe(true);
  });

  it('answers success to events it has no use for (unknown scene, other messages, bad XML)', async () => {
    for (const xml of [eventXml('SCAN', 'o1', 'no-such-scene-000000'), eventXml('CLICK', 'o1', 'menu'), '<not-xml']) {
      const res = await postEvent(signed(), xml);
      expect(res.statusCode, xml).toBe(200);
      expect(res.body).toBe('success');
    }
  });

  it('never takes an open id from the browser: the simulator routes do not exist', async () => {
    const qr = await newQr();
    const scan = await app.inject({
      method: 'POST',
      url: '/api/dev/wechat/scan',
      payload: { scene_mark: qr.scene_mark, open_id: 'oBrowser', nickname: 'x' },
    });
    expect(scan.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/dev/wechat-scan?scene_mark=${qr.scene_mark}` })).statusCode).toBe(
      404,
    );
    expect((await inquire(qr.scene_mark)).json().data.scan_status).toBe(false);
  });
});
