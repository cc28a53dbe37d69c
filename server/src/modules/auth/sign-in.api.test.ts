import { sql } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  authHeaders,
  createMainAccount,
  createSubAccount,
  DEFAULT_PASSWORD,
  queryRows,
  randomIp,
  requestSmsCode,
  signIn,
  travelPast,
  uniquePhone,
  uniqueUserName,
} from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
beforeAll(async () => {
  // A small per-IP allowance so its test needs few (slow, argon2) attempts; 5 per account stays.
  app = await buildTestApp({ LOGIN_IP_FAILURE_LIMIT: '8', INVITE_GIVEN_DAYS: '5' });
});
afterAll(async () => app.close());

function post(url: string, payload: unknown, options: { ip?: string; lang?: string; token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      'accept-language': options.lang ?? 'zh',
      'user-agent': 'sign-in-test',
      ...(options.token ? { authorization: options.token } : {}),
    },
  });
}

const loginAccount = (account_name: string, password: string, extra: Record<string, unknown> = {}, ip?: string) =>
  post('/api/v2/user/login/account', { account_name, password, long_time: 0, system: 1, ...extra }, { ip });
const loginMobile = (phone_number: string, password: string, ip?: string) =>
  post('/api/v2/user/login/mobile', { phone_number, password, area: '86', long_time: 0, system: 1 }, { ip });
const userInfo = (token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(token) });

async function registerPhone(extra: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
  const res = await post('/api/v2/register', {
    phone_number: phone,
    area: '86',
    sms_code: code,
    checked: true,
    source: 'google',
    system: 1,
    referrer: 'https://example.com/ad',
    secondary_source: 'banner',
    ...extra,
  });
  return { phone, code, res };
}

describe('POST /api/v2/register', () => {
  it('creates a main account with an invite code of its own and no password', async () => {
    const { phone, res } = await registerPhone();
    expect(res.statusCode).toBe(200);
    const userId = res.json().data.user_id;
    expect(res.json()).toEqual({ code: 200, data: { user_id: expect.any(Number) }, msg: 'success' });
    const [row] = await queryRows(app, sql<Record<string, unknown>>`SELECT * FROM users WHERE id = ${userId}`);
    expect(row).toMatchObject({
      phone_number: phone,
      user_type: 1,
      password_hash: null,
      reg_source: 'google',
      reg_referrer: 'https://example.com/ad',
    });
    expect(Number(row!.main_id)).toBe(userId);
    expect(row!.invite_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('lets the new account sign in by SMS code, not by password', async () => {
    const { phone } = await registerPhone();
    expect((await loginMobile(phone, 'anything1')).statusCode).toBe(400);
    const code = await requestSmsCode(app, { phoneNumber: phone, type: 'login:' });
    const res = await post('/api/v2/user/login/sms', {
      phone_number: phone,
      sms_code: code,
      area: '86',
      long_time: 1,
      system: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_name: '', parent_id: 0, account_type: 1, expires_in: 604800 });
    const info = (await userInfo(res.json().data.authorization)).json().data;
    expect(info).toMatchObject({ phone_number: phone, has_password: false, user_type: 1 });
  });

  it("records an invitation for the inviter, whatever the code's case", async () => {
    const { user: inviter, token } = await createMainAccount(app);
    const code = (
      await app.inject({ method: 'GET', url: '/api/v2/user/invite/code', headers: authHeaders(token) })
    ).json().data.invite_code as string;
    const { res } = await registerPhone({ invite_code: code.toLowerCase(), invite_code_type: '1' });
    expect(res.statusCode).toBe(200);
    const log = (
      await app.inject({ method: 'GET', url: '/api/v2/user/invite/log', headers: authHeaders(token) })
    ).json().data;
    expect(log).toEqual([
      // A new inviter holds no selection plan, so no days move and none are counted (docs/decisions.md).
      { invitee_uid: res.json().data.user_id, created_at: expect.any(String), inviter_given_days: 0 },
    ]);
    const stats = (
      await app.inject({ method: 'GET', url: '/api/v2/user/invite/statistics', headers: authHeaders(token) })
    ).json();
    expect(stats.data).toEqual({ invite_number: 1, given_days: 0 });
    expect(inviter.id).not.toBe(res.json().data.user_id);
  });

  it('refuses an unknown invite code naming it, and keeps the SMS code usable', async () => {
    const { phone, code, res } = await registerPhone({ invite_code: 'NOPE2345' });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'invite_code');
    const retry = await post('/api/v2/register', { phone_number: phone, area: '86', sms_code: code, checked: true });
    expect(retry.statusCode).toBe(200);
  });

  it('refuses a phone that registered meanwhile (409)', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    await createMainAccount(app, { phoneNumber: phone });
    const res = await post('/api/v2/register', { phone_number: phone, area: '86', sms_code: code, checked: true });
    expect(res.statusCode).toBe(409);
  });

  it('needs the privacy terms ticked and a well-formed code, naming the field', async () => {
    const phone = uniquePhone();
    const cases: [Record<string, unknown>, string][] = [
      [{ phone_number: phone, sms_code: '123456', checked: false }, 'checked'],
      [{ phone_number: phone, sms_code: '123456' }, 'checked'],
      [{ phone_number: phone, sms_code: '12345', checked: true }, 'sms_code'],
      [{ sms_code: '123456', checked: true }, 'phone_number'],
      [{ phone_number: phone, sms_code: '123456', checked: true, system: 3 }, 'system'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/v2/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });

  it('refuses a wrong code', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    const wrong = code === '999999' ? '888888' : '999999';
    const res = await post('/api/v2/register', { phone_number: phone, area: '86', sms_code: wrong, checked: true });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'sms_code');
  });
});

describe('POST /api/v1/user/find/pwd', () => {
  it('sets the password with an SMS code and revokes every session', async () => {
    const { user, token } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    const res = await post('/api/v1/user/find/pwd', {
      phone_number: user.phoneNumber,
      area: '86',
      sms_code: code,
      password: 'NewPass99',
      confirmPassword: 'NewPass99',
      checked: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: null, msg: 'success' });
    const reset = await userInfo(token);
    expect(reset.statusCode).toBe(401);
    // An ordinary end of a session is not blamed on the account.
    expect(reset.json().msg).not.toMatch(/禁用/);
    expect((await loginMobile(user.phoneNumber, DEFAULT_PASSWORD)).statusCode).toBe(400);
    expect((await loginMobile(user.phoneNumber, 'NewPass99')).statusCode).toBe(200);
  });

  it('lets the new password sign in at once, even after the failures that led to the reset', async () => {
    const { user } = await createMainAccount(app);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await loginAccount(user.userName!, 'Forgotten1', {}, ip);
    expect((await loginAccount(user.userName!, 'Forgotten1', {}, ip)).statusCode).toBe(429);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    const reset = await post('/api/v1/user/find/pwd', {
      phone_number: user.phoneNumber,
      area: '86',
      sms_code: code,
      password: 'Remember9',
      confirmPassword: 'Remember9',
      checked: true,
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginAccount(user.userName!, 'Remember9', {}, ip)).statusCode).toBe(200);
  });

  it('enforces the password rule and the confirmation, naming the field', async () => {
    const { user } = await createMainAccount(app);
    const base = { phone_number: user.phoneNumber, area: '86', sms_code: '123456', checked: true };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, password: 'short1', confirmPassword: 'short1' }, 'password'],
      [{ ...base, password: 'onlyletters', confirmPassword: 'onlyletters' }, 'password'],
      [{ ...base, password: '1234567890', confirmPassword: '1234567890' }, 'password'],
      [{ ...base, password: 'waytoolong12345678', confirmPassword: 'waytoolong12345678' }, 'password'],
      [{ ...base, password: 'GoodPass1', confirmPassword: 'GoodPass2' }, 'confirmPassword'],
      [{ ...base, password: 'GoodPass1', confirmPassword: 'GoodPass1', checked: false }, 'checked'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/v1/user/find/pwd', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });

  it('refuses a wrong code and an unregistered phone', async () => {
    const { user } = await createMainAccount(app);
    await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    const payload = { area: '86', password: 'GoodPass1', confirmPassword: 'GoodPass1', checked: true };
    const wrong = await post('/api/v1/user/find/pwd', {
      ...payload,
      phone_number: user.phoneNumber,
      sms_code: '000001',
    });
    expect(wrong.statusCode).toBe(400);
    const unknown = await post('/api/v1/user/find/pwd', {
      ...payload,
      phone_number: uniquePhone(),
      sms_code: '000001',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('password sign-in', () => {
  it('signs in by user name (any case) and answers the login result; 24 h, or 7 days with long_time', async () => {
    const userName = uniqueUserName('Mixed');
    const { user } = await createMainAccount(app, { userName });
    const res = await loginAccount(userName.toUpperCase(), DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      authorization: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user_id: user.id,
      parent_id: 0,
      user_name: userName,
      account_type: 1,
      expires_in: 86400,
    });
    expect((await userInfo(res.json().data.authorization)).statusCode).toBe(200);
    const long = await loginAccount(userName, DEFAULT_PASSWORD, { long_time: 1 });
    expect(long.json().data.expires_in).toBe(604800);
  });

  it('signs in by mobile and password, a sub-account too, with its main account as parent', async () => {
    const { user: main } = await createMainAccount(app);
    const { user: sub } = await createSubAccount(app, main);
    const res = await loginMobile(sub.phoneNumber, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: sub.id, parent_id: main.id });
  });

  it('records the sign-in history: time, IP, method and user agent', async () => {
    const { user } = await createMainAccount(app);
    const ip = randomIp();
    await loginMobile(user.phoneNumber, DEFAULT_PASSWORD, ip);
    const [row] = await queryRows(
      app,
      sql<
        Record<string, unknown>
      >`SELECT method, ip, user_agent, created_at FROM sessions WHERE user_id = ${user.id} AND method = 'mobile'`,
    );
    expect(row).toMatchObject({ method: 'mobile', ip, user_agent: 'sign-in-test' });
  });

  it('answers an unknown account and a wrong password alike', async () => {
    const { user } = await createMainAccount(app);
    const wrong = await loginAccount(user.userName!, 'Wrong1234');
    const unknown = await loginAccount(uniqueUserName('ghost'), 'Wrong1234');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    const th = await loginMobile(uniquePhone(), 'Wrong1234');
    expect(th.statusCode).toBe(400);
  });

  it('names the field of a bad request', async () => {
    const res = await post('/api/v2/user/login/account', { account_name: '  ', password: 'x' });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'account_name');
    const mobile = await post('/api/v2/user/login/mobile', { phone_number: '138', password: 'x' });
    expectNamesField(mobile.json().msg, 'phone_number');
    const longTime = await post('/api/v2/user/login/account', { account_name: 'a', password: 'x', long_time: 7 });
    expectNamesField(longTime.json().msg, 'long_time');
  });

  it('refuses characters the database cannot store with a 400, never a 500', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/v2/user/login/account', { account_name: 'a\u0000b', password: 'x' }, 'account_name'],
      ['/api/v2/user/login/account', { account_name: 'a', password: 'x\u0000' }, 'password'],
      [
        '/api/v2/register',
        { phone_number: uniquePhone(), sms_code: '123456', checked: true, source: 's\u0000' },
        'source',
      ],
      [
        '/api/v2/register',
        { phone_number: uniquePhone(), sms_code: '123456', checked: true, invite_code: 'A\u0000' },
        'invite_code',
      ],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload, { lang: 'th' });
      expect(res.statusCode, field).toBe(400);
      expectNamesField(res.json().msg, field);
    }
    const query = await app.inject({
      method: 'GET',
      url: '/api/v2/user/login/wechat/qr-code/inquiry?scene_mark=abcdefgh%00ij',
    });
    expect(query.statusCode).toBe(400);
    expectNamesField(query.json().msg, 'scene_mark');
    const repeated = await app.inject({
      method: 'GET',
      url: '/api/v1/sms?type=register:&phone_number=13800138000&phone_number=2',
    });
    expect(repeated.statusCode).toBe(400);
    expectNamesField(repeated.json().msg, 'phone_number');
  });

  it('throttles an account from an address after 5 failures there in 15 minutes (429), even with the right password, then forgives', async () => {
    const { user } = await createMainAccount(app);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await loginAccount(user.userName!, 'Wrong1234', {}, ip)).statusCode, `failure ${i + 1}`).toBe(400);
    }
    const blocked = await loginAccount(user.userName!, DEFAULT_PASSWORD, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json().msg).toMatch(/15 分钟/);
    // The same account by mobile is the same account.
    expect((await loginMobile(user.phoneNumber, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);

    await travelPast(app, 15 * 60 + 1, { rateLimitKeyLike: `login-fail:user:${user.id}%` });
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(200);
  });

  it('does not lock the owner out: wrong passwords from one address leave other addresses and SMS sign-in open', async () => {
    const { user } = await createMainAccount(app);
    const attacker = randomIp();
    for (let i = 0; i < 5; i++) await loginAccount(user.userName!, 'Wrong1234', {}, attacker);
    expect((await loginAccount(user.userName!, 'Wrong1234', {}, attacker)).statusCode).toBe(429);
    // The owner, from its own address, with its password.
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD, {}, randomIp())).statusCode).toBe(200);
    expect((await loginMobile(user.phoneNumber, DEFAULT_PASSWORD, randomIp())).statusCode).toBe(200);
    // And by SMS code, even from the very address that is throttled.
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    const sms = await post(
      '/api/v2/user/login/sms',
      { phone_number: user.phoneNumber, area: '86', sms_code: code, long_time: 0, system: 1 },
      { ip: attacker },
    );
    expect(sms.json()).toMatchObject({ code: 200, data: { user_id: user.id } });
  });

  it('throttles an unknown account name exactly like a known one (nothing to learn)', async () => {
    const ghost = uniqueUserName('ghost');
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await loginAccount(ghost, 'Wrong1234', {}, ip);
    const blocked = await loginAccount(ghost, 'Wrong1234', {}, ip);
    expect(blocked.statusCode).toBe(429);
    const { user } = await createMainAccount(app);
    const other = randomIp();
    for (let i = 0; i < 5; i++) await loginAccount(user.userName!, 'Wrong1234', {}, other);
    expect((await loginAccount(user.userName!, 'Wrong1234', {}, other)).json()).toEqual(blocked.json());
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const { user } = await createMainAccount(app);
    for (let i = 0; i < 4; i++) await loginAccount(user.userName!, 'Wrong1234');
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await loginAccount(user.userName!, 'Wrong1234');
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles a client IP after its failures over many accounts (8 in this file)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 8; i++) {
      expect((await loginAccount(uniqueUserName('spray'), 'Wrong1234', {}, ip)).statusCode).toBe(400);
    }
    const { user } = await createMainAccount(app);
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(429);
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD, {}, randomIp())).statusCode).toBe(200);
  });

  it("counts a blocked IP's attempts against no account and stores no counter per guessed name", async () => {
    const ip = randomIp();
    for (let i = 0; i < 8; i++) await loginAccount(uniqueUserName('spray'), 'Wrong1234', {}, ip);
    const { user } = await createMainAccount(app);
    for (let i = 0; i < 5; i++) {
      expect((await loginAccount(user.userName!, 'Wrong1234', {}, ip)).statusCode).toBe(429);
    }
    const guessed = uniqueUserName('guess');
    expect((await loginAccount(guessed, 'Wrong1234', {}, ip)).statusCode).toBe(429);
    const rows = await queryRows(app, sql`SELECT 1 FROM rate_limits WHERE key LIKE ${`login-fail:name:${guessed}%`}`);
    expect(rows).toEqual([]);
    // The owner, elsewhere, is not locked out by what the blocked IP tried.
    expect((await loginAccount(user.userName!, DEFAULT_PASSWORD, {}, randomIp())).statusCode).toBe(200);
  });

  it('refuses a disabled account, and an employee of a disabled main account, by every method', async () => {
    const { user: off } = await createMainAccount(app, { status: 0 });
    const res = await loginAccount(off.userName!, DEFAULT_PASSWORD, {}, randomIp());
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/禁用/);
    // A wrong password says nothing about the account being disabled.
    expect((await loginAccount(off.userName!, 'Wrong1234')).statusCode).toBe(400);

    const { user: main } = await createMainAccount(app);
    const { user: sub, token: subToken } = await createSubAccount(app, main);
    await queryRows(app, sql`UPDATE users SET status = 0 WHERE id = ${main.id}`);
    expect((await loginMobile(sub.phoneNumber, DEFAULT_PASSWORD)).statusCode).toBe(403);
    const ended = await userInfo(subToken);
    expect(ended.statusCode).toBe(401);
    // The open session is told why it ended, so the login page can say it.
    expect(ended.json().msg).toMatch(/已被禁用/);
    const sms = await app.inject({
      method: 'GET',
      url: `/api/v1/sms?type=login:&phone_number=${main.phoneNumber}`,
      remoteAddress: randomIp(),
    });
    expect(sms.statusCode).toBe(403);
  });
});

describe('POST /api/v2/user/login/sms', () => {
  /** A login code stored directly (a sub-account can never be sent one). */
  async function plantLoginCode(area: string, phone: string, code: string) {
    const salt = randomBytes(16);
    await queryRows(
      app,
      sql`INSERT INTO sms_codes (area, phone_number, type, salt, code_hash, expires_at)
       VALUES (${area}, ${phone}, 'login:', ${salt}, ${createHash('sha256').update(salt).update(code).digest()}, now() + interval '5 minutes')`,
    );
  }

  it('signs a main account in and records the method', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    const res = await post('/api/v2/user/login/sms', { phone_number: user.phoneNumber, sms_code: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_id).toBe(user.id);
    const [row] = await queryRows(
      app,
      sql<{ method: string }>`SELECT method FROM sessions WHERE user_id = ${user.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.method).toBe('sms');
  });

  it('refuses a sub-account with a clear 403, even holding a valid code', async () => {
    const { user: main } = await createMainAccount(app);
    const { user: sub } = await createSubAccount(app, main);
    await plantLoginCode('86', sub.phoneNumber, '246810');
    const res = await post(
      '/api/v2/user/login/sms',
      { phone_number: sub.phoneNumber, sms_code: '246810' },
      { lang: 'kr' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/메인 계정만/);
  });

  it('refuses a disabled main account holding a valid code', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    await queryRows(app, sql`UPDATE users SET status = 0 WHERE id = ${user.id}`);
    const res = await post('/api/v2/user/login/sms', { phone_number: user.phoneNumber, sms_code: code });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v2/user/logout', () => {
  it('revokes the token: the next call with it is a 401', async () => {
    const { user } = await createMainAccount(app);
    const { authorization } = await signIn(app, { account_name: user.userName!, password: DEFAULT_PASSWORD });
    expect((await userInfo(authorization)).statusCode).toBe(200);
    const res = await post('/api/v2/user/logout', undefined, { token: authorization });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: null, msg: 'success' });
    const after = await userInfo(authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 401, data: null });
  });

  it('only ends its own session', async () => {
    const { user, token: other } = await createMainAccount(app);
    const { authorization } = await signIn(app, { account_name: user.userName!, password: DEFAULT_PASSWORD });
    await post('/api/v2/user/logout', undefined, { token: authorization });
    expect((await userInfo(other)).statusCode).toBe(200);
  });

  it('answers 200 with an already revoked, a malformed or no token (a 401 cannot loop)', async () => {
    const { token } = await createMainAccount(app);
    await post('/api/v2/user/logout', undefined, { token });
    expect((await post('/api/v2/user/logout', undefined, { token })).statusCode).toBe(200);
    expect((await post('/api/v2/user/logout', undefined, { token: 'not a token' })).statusCode).toBe(200);
    expect((await post('/api/v2/user/logout', undefined)).statusCode).toBe(200);
  });

  it('an expired session is refused', async () => {
    const { token } = await createMainAccount(app);
    await queryRows(
      app,
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = sha256(${Buffer.from(token)}::bytea)`,
    );
    expect((await userInfo(token)).statusCode).toBe(401);
  });
});
