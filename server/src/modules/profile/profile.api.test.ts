import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  authHeaders,
  createMainAccount,
  createSubAccount,
  DEFAULT_PASSWORD,
  latestSmsCode,
  openTestSession,
  queryRows,
  randomIp,
  signIn,
  uniqueUserName,
} from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? authHeaders(token) : {} });
const put = (url: string, token: string | undefined, payload?: Record<string, unknown>, lang = 'zh') =>
  app.inject({
    method: 'PUT',
    url,
    headers: { ...(token ? authHeaders(token) : {}), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

describe('GET /api/v1/user/base/info', () => {
  it('answers every user info field of a main account', async () => {
    const { user, token } = await createMainAccount(app, { email: 'boss@example.com', companyName: 'Acme Ltd' });
    const res = await get('/api/v1/user/base/info', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      user_id: user.id,
      parent_id: 0,
      user_name: user.userName,
      account_type: 1,
      agent_id: 3,
      area: '86',
      co_chat_status: 0,
      email: 'boss@example.com',
      ip: '127.0.0.1',
      login_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      phone_number: user.phoneNumber,
      user_company_name: 'Acme Ltd',
      user_type: 1,
      we_chat_nickname: '',
      we_chat_open_id: '',
      has_password: true,
    });
  });

  it("shows a sub-account its main account as parent and the main account's company", async () => {
    const { user: main } = await createMainAccount(app, { companyName: 'Parent Co' });
    const { user: sub, token } = await createSubAccount(app, main);
    const data = (await get('/api/v1/user/base/info', token)).json().data;
    expect(data).toMatchObject({ user_id: sub.id, parent_id: main.id, user_type: 2, user_company_name: 'Parent Co' });
  });

  it('shows the previous sign-in as last login IP and time', async () => {
    // The factory's session (from 127.0.0.1) is the first sign-in; make it two days old.
    const { user, token: first } = await createMainAccount(app);
    await queryRows(app, sql`UPDATE sessions SET created_at = now() - interval '2 days' WHERE user_id = ${user.id}`);
    const second = await openTestSession(app, user.id, { ip: '198.51.100.2' });
    const data = (await get('/api/v1/user/base/info', second)).json().data;
    expect(data.ip).toBe('127.0.0.1');
    expect(new Date(data.login_time).getTime()).toBeLessThan(Date.now() - 24 * 3600 * 1000);
    const third = await openTestSession(app, user.id, { ip: '198.51.100.3' });
    expect((await get('/api/v1/user/base/info', third)).json().data.ip).toBe('198.51.100.2');
    // The very first session is its own last login.
    const own = (await get('/api/v1/user/base/info', first)).json().data;
    expect(own.ip).toBe('127.0.0.1');
    expect(new Date(own.login_time).getTime()).toBeLessThan(Date.now() - 24 * 3600 * 1000);
  });

  it('is a 401 without a token, with a forged one, and for a disabled account', async () => {
    expect((await get('/api/v1/user/base/info')).statusCode).toBe(401);
    const forged = await get('/api/v1/user/base/info', 'A'.repeat(43));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 401, data: null });
    const { user, token } = await createMainAccount(app);
    await queryRows(app, sql`UPDATE users SET status = 0 WHERE id = ${user.id}`);
    expect((await get('/api/v1/user/base/info', token)).statusCode).toBe(401);
  });
});

describe('PUT /api/v2/user/info/company', () => {
  it("changes the tenant's company name and answers the user info", async () => {
    const { user: main, token } = await createMainAccount(app);
    const { token: subToken } = await createSubAccount(app, main);
    const res = await put('/api/v2/user/info/company', token, { company_name: '  New Name Co  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_company_name).toBe('New Name Co');
    expect((await get('/api/v1/user/base/info', subToken)).json().data.user_company_name).toBe('New Name Co');
  });

  it('is for the main account only, and needs a name', async () => {
    const { user: main, token } = await createMainAccount(app);
    const { token: subToken } = await createSubAccount(app, main);
    const sub = await put('/api/v2/user/info/company', subToken, { company_name: 'Mine' });
    expect(sub.statusCode).toBe(403);
    expect(sub.json().msg).toMatch(/主账号/);
    const nul = await put('/api/v2/user/info/company', token, { company_name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expectNamesField(nul.json().msg, 'company_name');
    const empty = await put('/api/v2/user/info/company', token, { company_name: '   ' });
    expect(empty.statusCode).toBe(400);
    expectNamesField(empty.json().msg, 'company_name');
    expect((await put('/api/v2/user/info/company', undefined, { company_name: 'x' })).statusCode).toBe(401);
  });
});

describe('PUT /api/v2/user/info/account', () => {
  it('sets the user name, which then signs in', async () => {
    const { user, token } = await createMainAccount(app, { userName: null });
    const name = uniqueUserName('Fresh');
    const res = await put('/api/v2/user/info/account', token, { user_name: name });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_name).toBe(name);
    expect((await signIn(app, { account_name: name, password: DEFAULT_PASSWORD })).user_id).toBe(user.id);
    // Setting one's own name again is fine.
    expect((await put('/api/v2/user/info/account', token, { user_name: name.toLowerCase() })).statusCode).toBe(200);
  });

  it("says the contract's 'letters or digits only' under the field's label, in the caller's language", async () => {
    const { token } = await createMainAccount(app);
    const zh = await put('/api/v2/user/info/account', token, { user_name: 'dash-ed' }, 'zh');
    expect(zh.json().msg).toBe('用户名填写有误：只能输入字母或数字');
    const th = await put('/api/v2/user/info/account', token, { user_name: 'dash-ed' }, 'th');
    expect(th.json().msg).toBe('ชื่อผู้ใช้ ไม่ถูกต้อง: ใส่ได้เฉพาะตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น');
  });

  it('takes letters and digits only, naming the field', async () => {
    const { token } = await createMainAccount(app);
    for (const bad of ['with space', 'dash-ed', '中文名', 'x'.repeat(33), '']) {
      const res = await put('/api/v2/user/info/account', token, { user_name: bad }, 'kr');
      expect(res.statusCode, bad).toBe(400);
      expectNamesField(res.json().msg, 'user_name');
    }
  });

  it('refuses a name taken by another account, whatever its case (409)', async () => {
    const { user: other } = await createMainAccount(app);
    const { token } = await createMainAccount(app);
    const res = await put('/api/v2/user/info/account', token, { user_name: other.userName!.toUpperCase() }, 'th');
    expect(res.statusCode).toBe(409);
    expectNamesField(res.json().msg, 'user_name');
  });
});

describe('PUT /api/v2/user/info/pwd', () => {
  const changePassword = (
    token: string,
    payload: Record<string, unknown>,
    options: { lang?: string; ip?: string } = {},
  ) =>
    app.inject({
      method: 'PUT',
      url: '/api/v2/user/info/pwd',
      headers: { ...authHeaders(token), 'accept-language': options.lang ?? 'zh' },
      payload,
      remoteAddress: options.ip ?? randomIp(),
    });
  const signsInWith = async (userName: string, password: string) =>
    signIn(app, { account_name: userName, password }).then(
      () => true,
      () => false,
    );

  it('with the current password: sets the new one, signs every other session out and keeps this one', async () => {
    const { user, token } = await createMainAccount(app);
    const other = await openTestSession(app, user.id);
    const res = await changePassword(token, { current_password: DEFAULT_PASSWORD, password: 'Changed123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: null, msg: 'success' });
    expect((await get('/api/v1/user/base/info', other)).statusCode).toBe(401);
    expect((await get('/api/v1/user/base/info', token)).statusCode).toBe(200);
    expect(await signsInWith(user.userName!, DEFAULT_PASSWORD)).toBe(false);
    expect(await signsInWith(user.userName!, 'Changed123')).toBe(true);
  });

  it('refuses a change without the current password, and keeps the old one', async () => {
    const { user, token } = await createMainAccount(app);
    const res = await changePassword(token, { password: 'Changed123' }, { lang: 'kr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('본인 확인을 위해 현재 비밀번호를 입력하세요');
    // An SMS code is no proof for an account that has a password.
    const bySms = await changePassword(token, { sms_code: '123456', password: 'Changed123' });
    expect(bySms.statusCode).toBe(400);
    expect(bySms.json().msg).toBe('请输入当前密码以确认是您本人操作');
    expect(await signsInWith(user.userName!, DEFAULT_PASSWORD)).toBe(true);
    expect(await signsInWith(user.userName!, 'Changed123')).toBe(false);
  });

  it('refuses a wrong current password (400, localized) and changes nothing', async () => {
    const { user, token } = await createMainAccount(app);
    const other = await openTestSession(app, user.id);
    const res = await changePassword(token, { current_password: 'Wrong1234', password: 'Changed123' }, { lang: 'th' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('รหัสผ่านปัจจุบันไม่ถูกต้อง');
    expect((await get('/api/v1/user/base/info', other)).statusCode).toBe(200);
    expect(await signsInWith(user.userName!, DEFAULT_PASSWORD)).toBe(true);
  });

  it('a stolen session cannot guess its way in: wrong passwords lock that address like failed sign-ins', async () => {
    const { user, token: stolen } = await createMainAccount(app);
    const thief = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await changePassword(
        stolen,
        { current_password: `Guess${i}000`, password: 'Stolen123' },
        { ip: thief },
      );
      expect(res.statusCode, `guess ${i}`).toBe(400);
    }
    // Locked now, even with the right password: the thief learns nothing more from this address.
    const locked = await changePassword(
      stolen,
      { current_password: DEFAULT_PASSWORD, password: 'Stolen123' },
      { ip: thief },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/^密码错误次数过多，请 \d+ 分钟后再试$/);
    // The same lock as sign-in: that address cannot sign in with a password either...
    const signInThere = await app.inject({
      method: 'POST',
      url: '/api/v2/user/login/account',
      remoteAddress: thief,
      payload: { account_name: user.userName, password: DEFAULT_PASSWORD, long_time: 0, system: 1 },
    });
    expect(signInThere.statusCode).toBe(429);
    // ...while the owner, elsewhere, still signs in with the unchanged password.
    expect(await signsInWith(user.userName!, DEFAULT_PASSWORD)).toBe(true);
    expect(await signsInWith(user.userName!, 'Stolen123')).toBe(false);
  });

  it('an account without a password proves itself with an SMS code sent to its own phone', async () => {
    const { user, token } = await createMainAccount(app, { password: null });
    expect((await get('/api/v1/user/base/info', token)).json().data.has_password).toBe(false);
    // No proof, or a password it does not have: refused, asking for the code.
    for (const payload of [{ password: 'First1234' }, { current_password: 'First1234', password: 'First1234' }]) {
      const res = await changePassword(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请输入发送到您手机的验证码以确认是您本人操作');
    }
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v2/user/reauth/sms',
      headers: authHeaders(token),
      remoteAddress: randomIp(),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ resend_after_seconds: 60 });
    const code = await latestSmsCode(app, user.phoneNumber, 'reauth:');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await changePassword(token, { sms_code: wrong, password: 'First1234' });
    expect(refused.statusCode).toBe(400);
    expect((await get('/api/v1/user/base/info', token)).json().data.has_password).toBe(false);
    const res = await changePassword(token, { sms_code: code, password: 'First1234' });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/v1/user/base/info', token)).json().data.has_password).toBe(true);
    // Single use.
    expect((await changePassword(token, { sms_code: code, password: 'Second123' })).statusCode).toBe(400);
    const byPhone = await app.inject({
      method: 'POST',
      url: '/api/v2/user/login/mobile',
      remoteAddress: randomIp(),
      payload: { phone_number: user.phoneNumber, area: '86', password: 'First1234', long_time: 0, system: 1 },
    });
    expect(byPhone.statusCode).toBe(200);
  });

  it('sends no re-authentication code to an account that has a password, nor without a session', async () => {
    const { token } = await createMainAccount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/user/reauth/sms',
      headers: { ...authHeaders(token), 'accept-language': 'kr' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('비밀번호가 설정된 계정입니다. 현재 비밀번호로 확인하세요');
    expect((await app.inject({ method: 'POST', url: '/api/v2/user/reauth/sms' })).statusCode).toBe(401);
    // Nor can the public SMS call send one to any phone.
    const pub = await app.inject({ method: 'GET', url: `/api/v1/sms?type=reauth:&phone_number=13800000000&area=86` });
    expect(pub.statusCode).toBe(400);
    expectNamesField(pub.json().msg, 'type');
  });

  it('enforces the password rule (8-16, a letter and a digit)', async () => {
    const { token } = await createMainAccount(app);
    for (const bad of ['short1', 'lettersonly', '12345678', 'a1'.repeat(9)]) {
      const res = await changePassword(token, { current_password: DEFAULT_PASSWORD, password: bad });
      expect(res.statusCode, bad).toBe(400);
      expectNamesField(res.json().msg, 'password');
    }
  });
});

describe('POST /api/v1/user/reg-chat', () => {
  it('opts the account into customer-service chat, idempotently', async () => {
    const { token } = await createMainAccount(app);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/user/reg-chat', headers: authHeaders(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ co_chat_status: 1 });
    }
    expect((await get('/api/v1/user/base/info', token)).json().data.co_chat_status).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/v1/user/reg-chat' })).statusCode).toBe(401);
  });
});

describe('GET /api/legacy/product/edit/show-sync-button', () => {
  it('answers the tenant switches: off by default, as stored otherwise, for its employees too', async () => {
    const { user: main, token } = await createMainAccount(app);
    const { token: subToken } = await createSubAccount(app, main);
    const url = '/api/legacy/product/edit/show-sync-button';
    expect((await get(url, token)).json().data).toEqual({ is_show_distributor: false, is_sync_m2b: false });
    await queryRows(
      app,
      sql`INSERT INTO distribution_settings (main_id, is_show_distributor, is_sync_m2b) VALUES (${main.id}, true, false)`,
    );
    expect((await get(url, token)).json().data).toEqual({ is_show_distributor: true, is_sync_m2b: false });
    expect((await get(url, subToken)).json().data).toEqual({ is_show_distributor: true, is_sync_m2b: false });
    const { token: otherTenant } = await createMainAccount(app);
    expect((await get(url, otherTenant)).json().data.is_show_distributor).toBe(false);
    expect((await get(url)).statusCode).toBe(401);
  });
});
