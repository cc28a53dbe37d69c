import type * as Passwords from '../../platform/passwords.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  authHeaders,
  createMainAccount,
  openTestSession,
  randomIp,
  requestSmsCode,
  uniquePhone,
} from '../../test/factories.ts';

// Counts the hashes the server computes, to see what an anonymous guess costs it.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../platform/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());
beforeEach(() => {
  hashes.count = 0;
});

function reset(phone: string, code: string, ip = randomIp(), lang = 'zh') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/user/find/pwd',
    payload: {
      phone_number: phone,
      area: '86',
      sms_code: code,
      password: 'NewPass99',
      confirmPassword: 'NewPass99',
      checked: true,
    },
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });
}

describe('forgot password', () => {
  it('checks the SMS code before hashing the new password: a wrong code costs no hash', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    hashes.count = 0;
    for (let i = 0; i < 3; i++) expect((await reset(user.phoneNumber, '000000')).statusCode).toBe(400);
    // No code sent at all, or no such account: no hash either.
    expect((await reset(uniquePhone(), '123456')).statusCode).toBe(400);
    expect(hashes.count).toBe(0);

    expect((await reset(user.phoneNumber, code)).json()).toEqual({ code: 200, data: null, msg: 'success' });
    expect(hashes.count).toBe(1);
  });

  it('limits attempts per phone, whatever address they come from', async () => {
    const { user } = await createMainAccount(app);
    for (let i = 0; i < 10; i++) expect((await reset(user.phoneNumber, '000000')).statusCode).toBe(400);
    const refused = await reset(user.phoneNumber, '000000', randomIp(), 'kr');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^비밀번호 찾기 시도 횟수가 너무 많습니다\. \d+분 후에 다시 시도하세요$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone is not affected.
    const other = await createMainAccount(app);
    expect((await reset(other.user.phoneNumber, '000000')).statusCode).toBe(400);
  });

  it('limits attempts per address, whatever phones it tries', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await reset(uniquePhone(), '000000', ip)).statusCode).toBe(400);
    const refused = await reset(uniquePhone(), '000000', ip);
    expect(refused.json()).toMatchObject({ code: 429 });
    expect(refused.json().msg).toMatch(/^找回密码尝试次数过多/);
    // The owner of a phone, from another address, still gets through.
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    expect((await reset(user.phoneNumber, code)).statusCode).toBe(200);
  });
});

describe('a reset by SMS code', () => {
  it('removes the WeChat binding and ends every session, so a stolen session leaves no way back in', async () => {
    // A thief with a session bound their own WeChat to the account.
    const { user, token } = await createMainAccount(app, { weChatOpenId: 'o-thief', weChatNickname: 'thief' });
    const other = await openTestSession(app, user.id);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    expect((await reset(user.phoneNumber, code)).statusCode).toBe(200);

    for (const t of [token, other]) {
      const info = await app.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(t) });
      expect(info.statusCode).toBe(401);
    }
    // The thief's WeChat no longer signs in: scanning with it now asks to bind a phone.
    const qr = (await app.inject({ method: 'GET', url: '/api/v2/user/login/wechat/qr-code' })).json().data;
    await app.inject({
      method: 'POST',
      url: '/api/dev/wechat/scan',
      payload: { scene_mark: qr.scene_mark, open_id: 'o-thief', nickname: 'thief' },
    });
    const inquiry = await app.inject({
      method: 'GET',
      url: `/api/v2/user/login/wechat/qr-code/inquiry?scene_mark=${qr.scene_mark}`,
    });
    expect(inquiry.json().data).toMatchObject({ scan_status: true, is_binding: false });
    expect(inquiry.json().data.authorization).toBeUndefined();
  });
});
