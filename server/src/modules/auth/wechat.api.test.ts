import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  authHeaders,
  createMainAccount,
  createSubAccount,
  DEFAULT_PASSWORD,
  latestSmsCode,
  queryRows,
  randomIp,
} from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const openId = () => `o_test_${randomBytes(6).toString('hex')}`;

async function newQr(): Promise<{ url: string; scene_mark: string; expire_seconds: number }> {
  const res = await app.inject({ method: 'GET', url: '/api/v2/user/login/wechat/qr-code', remoteAddress: randomIp() });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

function scan(scene_mark: string, open_id: string, nickname = 'Tester') {
  return app.inject({ method: 'POST', url: '/api/dev/wechat/scan', payload: { scene_mark, open_id, nickname } });
}

function inquire(scene_mark: string, extra = '') {
  return app.inject({
    method: 'GET',
    url: `/api/v2/user/login/wechat/qr-code/inquiry?long_time=0&system=1&scene_mark=${encodeURIComponent(scene_mark)}${extra}`,
    remoteAddress: '192.0.2.10',
  });
}

function bindMobile(payload: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: '/api/v2/user/login/wechat/qr-code/binding',
    payload: { long_time: 0, area: '86', system: 1, ...payload },
    remoteAddress: randomIp(),
  });
}

const userInfo = (token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(token) });

describe('GET /api/v2/user/login/wechat/qr-code', () => {
  it('answers a random single-use scene, its simulator URL and lifetime', async () => {
    const a = await newQr();
    const b = await newQr();
    expect(a.scene_mark).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.scene_mark).not.toBe(b.scene_mark);
    expect(a.expire_seconds).toBe(300);
    // No PUBLIC_URL in this file: the link is built from the request's own origin.
    expect(a.url).toBe(`http://localhost:80/dev/wechat-scan?scene_mark=${a.scene_mark}`);
  });

  it('limits QR codes per client IP', async () => {
    const ip = randomIp();
    await queryRows(
      app,
      sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`qr:ip:${ip}`}, 120, now() + interval '10 minutes')`,
    );
    const res = await app.inject({ method: 'GET', url: '/api/v2/user/login/wechat/qr-code', remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('QR sign-in', () => {
  it('is not scanned until the WeChat user scans', async () => {
    const qr = await newQr();
    const res = await inquire(qr.scene_mark);
    expect(res.json()).toEqual({ code: 200, data: { scan_status: false, is_binding: false }, msg: 'success' });
  });

  it('signs a bound WeChat user in, once: the scene is then used up', async () => {
    const wx = openId();
    const { user } = await createMainAccount(app, { weChatOpenId: wx, weChatNickname: 'Bound' });
    const qr = await newQr();
    expect((await scan(qr.scene_mark, wx)).json()).toEqual({
      code: 200,
      data: { scene_mark: qr.scene_mark, scan_status: true },
      msg: 'success',
    });
    const res = await inquire(qr.scene_mark);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      scan_status: true,
      is_binding: true,
      user_id: user.id,
      parent_id: 0,
      expires_in: 86400,
    });
    expect((await userInfo(data.authorization)).statusCode).toBe(200);
    const [session] = await queryRows(
      app,
      sql<{
        method: string;
        ip: string;
      }>`SELECT method, ip FROM sessions WHERE user_id = ${user.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(session).toEqual({ method: 'wechat', ip: '192.0.2.10' });

    const again = await inquire(qr.scene_mark);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/已使用/);
    expect((await scan(qr.scene_mark, wx)).statusCode).toBe(400);
  });

  it('keeps a 7-day session with long_time 1', async () => {
    const wx = openId();
    await createMainAccount(app, { weChatOpenId: wx });
    const qr = await newQr();
    await scan(qr.scene_mark, wx);
    const res = await app.inject({
      method: 'GET',
      url: `/api/v2/user/login/wechat/qr-code/inquiry?long_time=1&system=2&scene_mark=${qr.scene_mark}`,
    });
    expect(res.json().data.expires_in).toBe(604800);
  });

  it('refuses an unknown scene, an expired one, and a malformed one naming the field', async () => {
    const unknown = await inquire('x'.repeat(24));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/无效/);

    const qr = await newQr();
    await queryRows(
      app,
      sql`UPDATE wechat_scenes SET expires_at = now() - interval '1 second' WHERE scene_mark = ${qr.scene_mark}`,
    );
    const expired = await inquire(qr.scene_mark);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toMatch(/过期/);
    expect((await scan(qr.scene_mark, openId())).statusCode).toBe(400);

    const short = await inquire('abc');
    expect(short.statusCode).toBe(400);
    expectNamesField(short.json().msg, 'scene_mark');
    const noScene = await app.inject({ method: 'GET', url: '/api/v2/user/login/wechat/qr-code/inquiry' });
    expect(noScene.statusCode).toBe(400);
    expectNamesField(noScene.json().msg, 'scene_mark');
  });

  it('expires after expire_seconds: a scene created 301 s ago is refused', async () => {
    const qr = await newQr();
    await queryRows(
      app,
      sql`UPDATE wechat_scenes SET created_at = created_at - interval '301 seconds', expires_at = expires_at - interval '301 seconds'
        WHERE scene_mark = ${qr.scene_mark}`,
    );
    expect((await inquire(qr.scene_mark)).statusCode).toBe(400);
  });

  it('refuses a disabled account that scans', async () => {
    const wx = openId();
    await createMainAccount(app, { weChatOpenId: wx, status: 0 });
    const qr = await newQr();
    await scan(qr.scene_mark, wx);
    const res = await inquire(qr.scene_mark);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/禁用/);
  });

  it('validates the simulated scan', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/wechat/scan',
      payload: { scene_mark: 'x'.repeat(24), nickname: 'n' },
    });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'open_id');
  });
});

describe('QR sign-in of an unbound WeChat: bind mobile', () => {
  it('asks to bind, then links the WeChat to the account of phone + password and signs in', async () => {
    const { user } = await createMainAccount(app);
    const wx = openId();
    const qr = await newQr();
    await scan(qr.scene_mark, wx, 'New Friend');
    expect((await inquire(qr.scene_mark)).json().data).toEqual({ scan_status: true, is_binding: false });

    const res = await bindMobile({
      scene_mark: qr.scene_mark,
      phone_number: user.phoneNumber,
      password: DEFAULT_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: user.id, authorization: expect.any(String) });
    const info = (await userInfo(res.json().data.authorization)).json().data;
    expect(info).toMatchObject({ we_chat_open_id: wx, we_chat_nickname: 'New Friend' });

    // The scene is used up; a new code scanned by the same WeChat now signs in directly.
    expect(
      (await bindMobile({ scene_mark: qr.scene_mark, phone_number: user.phoneNumber, password: DEFAULT_PASSWORD }))
        .statusCode,
    ).toBe(400);
    const next = await newQr();
    await scan(next.scene_mark, wx);
    expect((await inquire(next.scene_mark)).json().data).toMatchObject({ is_binding: true, user_id: user.id });
  });

  it('refuses a wrong password like any sign-in, and an unscanned scene', async () => {
    const { user } = await createMainAccount(app);
    const qr = await newQr();
    const early = await bindMobile({
      scene_mark: qr.scene_mark,
      phone_number: user.phoneNumber,
      password: DEFAULT_PASSWORD,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toMatch(/扫描/);
    await scan(qr.scene_mark, openId());
    const wrong = await bindMobile({
      scene_mark: qr.scene_mark,
      phone_number: user.phoneNumber,
      password: 'Wrong1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/密码错误/);
    const [row] = await queryRows(
      app,
      sql<{ we_chat_open_id: string | null }>`SELECT we_chat_open_id FROM users WHERE id = ${user.id}`,
    );
    expect(row!.we_chat_open_id).toBeNull();
  });

  it('refuses an account that has another WeChat (409)', async () => {
    const { user } = await createMainAccount(app, { weChatOpenId: openId() });
    const qr = await newQr();
    await scan(qr.scene_mark, openId());
    const res = await bindMobile({
      scene_mark: qr.scene_mark,
      phone_number: user.phoneNumber,
      password: DEFAULT_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });

  it('names the field of a bad request', async () => {
    const res = await bindMobile({ scene_mark: 'x'.repeat(24), phone_number: 'abc', password: 'x' });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'phone_number');
  });
});

/** The personal centre's bind QR code, after re-authentication with `proof`. */
function bindQr(token: string, proof: Record<string, unknown>, lang = 'zh') {
  return app.inject({
    method: 'POST',
    url: '/api/v2/user/wechat/qr-code',
    headers: authHeaders(token, { 'accept-language': lang }),
    payload: proof,
    remoteAddress: randomIp(),
  });
}

async function newBindQr(token: string): Promise<{ scene_mark: string }> {
  const res = await bindQr(token, { current_password: DEFAULT_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

function bindWith(token: string, scene_mark: string, lang = 'zh') {
  return app.inject({
    method: 'PUT',
    url: '/api/v2/user/wechat/bind',
    headers: authHeaders(token, { 'accept-language': lang }),
    payload: { scene_mark },
  });
}

describe('personal centre: re-authentication before a WeChat bind QR code', () => {
  it('issues no QR code without the current password, or with a wrong one (400, localized)', async () => {
    const { token } = await createMainAccount(app);
    const none = await bindQr(token, {}, 'kr');
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('본인 확인을 위해 현재 비밀번호를 입력하세요');
    const wrong = await bindQr(token, { current_password: 'Wrong1234' }, 'th');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('รหัสผ่านปัจจุบันไม่ถูกต้อง');
    const right = await bindQr(token, { current_password: DEFAULT_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ scene_mark: expect.any(String), expire_seconds: 300 });
  });

  it('a stolen session cannot bind its own WeChat with a sign-in QR code (403), so none survives a reset', async () => {
    const { user, token: stolen } = await createMainAccount(app);
    const qr = await newQr();
    await scan(qr.scene_mark, openId(), 'thief');
    const res = await bindWith(stolen, qr.scene_mark);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('请先验证身份，再获取绑定微信的二维码');
    const [row] = await queryRows(
      app,
      sql<{ we_chat_open_id: string | null }>`SELECT we_chat_open_id FROM users WHERE id = ${user.id}`,
    );
    expect(row!.we_chat_open_id).toBeNull();
  });

  it("binds with nobody else's scene, and a bind scene signs nobody in", async () => {
    const { token: mine } = await createMainAccount(app);
    const { token: theirs } = await createMainAccount(app);
    const qr = await newBindQr(mine);
    const wx = openId();
    await scan(qr.scene_mark, wx);
    expect((await bindWith(theirs, qr.scene_mark)).statusCode).toBe(403);
    expect((await inquire(qr.scene_mark)).statusCode).toBe(400);
    expect((await bindWith(mine, qr.scene_mark)).json().data).toMatchObject({ is_binding: true });
  });

  it('an account without a password proves itself with an SMS code to its own phone', async () => {
    const { user, token } = await createMainAccount(app, { password: null });
    const none = await bindQr(token, { current_password: 'Anything1' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('请输入发送到您手机的验证码以确认是您本人操作');
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v2/user/reauth/sms',
      headers: authHeaders(token),
      remoteAddress: randomIp(),
    });
    expect(sent.statusCode).toBe(200);
    const code = (await latestSmsCode(app, user.phoneNumber, 'reauth:'))!;
    expect((await bindQr(token, { sms_code: code === '000000' ? '111111' : '000000' })).statusCode).toBe(400);
    const qr = await bindQr(token, { sms_code: code });
    expect(qr.statusCode).toBe(200);
    const wx = openId();
    await scan(qr.json().data.scene_mark, wx, 'Mine');
    expect((await bindWith(token, qr.json().data.scene_mark)).json().data).toMatchObject({ is_binding: true });
    expect((await userInfo(token)).json().data).toMatchObject({ we_chat_open_id: wx });
  });
});

describe('personal centre: PUT /api/v2/user/wechat/bind and unbind', () => {
  it('polls until scanned, then binds the scanning WeChat to the signed-in account', async () => {
    const { token } = await createMainAccount(app);
    const qr = await newBindQr(token);
    const bind = () => bindWith(token, qr.scene_mark);
    expect((await bind()).json().data).toEqual({ scan_status: false, is_binding: false, we_chat_nickname: '' });
    const wx = openId();
    await scan(qr.scene_mark, wx, 'Mine');
    expect((await bind()).json().data).toEqual({ scan_status: true, is_binding: true, we_chat_nickname: 'Mine' });
    expect((await userInfo(token)).json().data).toMatchObject({ we_chat_open_id: wx, we_chat_nickname: 'Mine' });
    // used up
    expect((await bind()).statusCode).toBe(400);
  });

  it('refuses a WeChat already bound to another account (409) and binds nothing', async () => {
    const wx = openId();
    await createMainAccount(app, { weChatOpenId: wx });
    const { user: main } = await createMainAccount(app);
    const { user, token } = await createSubAccount(app, main);
    const qr = await newBindQr(token);
    await scan(qr.scene_mark, wx);
    const res = await bindWith(token, qr.scene_mark, 'th');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/ผูกกับบัญชีอื่น/);
    const [row] = await queryRows(
      app,
      sql<{ we_chat_open_id: string | null }>`SELECT we_chat_open_id FROM users WHERE id = ${user.id}`,
    );
    expect(row!.we_chat_open_id).toBeNull();
  });

  it('is idempotent for the WeChat already bound to this account', async () => {
    const wx = openId();
    const { token } = await createMainAccount(app, { weChatOpenId: wx, weChatNickname: 'Same' });
    const qr = await newBindQr(token);
    await scan(qr.scene_mark, wx, 'Same');
    expect((await bindWith(token, qr.scene_mark)).json().data).toMatchObject({ is_binding: true });
  });

  it('unbinds, after which the WeChat signs nobody in', async () => {
    const wx = openId();
    const { token } = await createMainAccount(app, { weChatOpenId: wx, weChatNickname: 'Gone' });
    const res = await app.inject({ method: 'PUT', url: '/api/v2/user/wechat/unbind', headers: authHeaders(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ we_chat_open_id: '', we_chat_nickname: '' });
    const qr = await newQr();
    await scan(qr.scene_mark, wx);
    expect((await inquire(qr.scene_mark)).json().data).toEqual({ scan_status: true, is_binding: false });
  });

  it('needs a signed-in user', async () => {
    const qr = await newQr();
    expect(
      (await app.inject({ method: 'PUT', url: '/api/v2/user/wechat/bind', payload: { scene_mark: qr.scene_mark } }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/v2/user/wechat/unbind' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/v2/user/wechat/qr-code', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('names a bad scene_mark', async () => {
    const { token } = await createMainAccount(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v2/user/wechat/bind',
      headers: authHeaders(token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'scene_mark');
  });
});

describe('the simulator scan page', () => {
  it('is a self-contained form in the language asked for', async () => {
    const qr = await newQr();
    const res = await app.inject({ method: 'GET', url: `/dev/wechat-scan?scene_mark=${qr.scene_mark}&lang=kr` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="ko">');
    expect(res.body).toContain('WeChat 스캔 시뮬레이터');
    expect(res.body).toContain(`value="${qr.scene_mark}"`);
    expect(res.body).toContain('/api/dev/wechat/scan');
    expect(res.body).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  });

  it('follows Accept-Language without ?lang, and says so when the scene is missing', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dev/wechat-scan',
      headers: { 'accept-language': 'th-TH,th;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('เครื่องจำลองการสแกน WeChat');
    expect(res.body).toContain('scene_mark');
    expect(res.body).not.toContain('<form');
  });

  it('escapes what it echoes', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/dev/wechat-scan?scene_mark=${encodeURIComponent('"><script>alert(1)</script>')}`,
    });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});
