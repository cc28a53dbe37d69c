import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  authHeaders,
  createMainAccount,
  createSubAccount,
  DEFAULT_PASSWORD,
  openTestSession,
  queryRows,
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

  it("says the spec's 'letters or digits only' under the field's label, in the caller's language", async () => {
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
  it('sets the password, signs every other session out and keeps this one', async () => {
    const { user, token } = await createMainAccount(app);
    const other = await openTestSession(app, user.id);
    const res = await put('/api/v2/user/info/pwd', token, { password: 'Changed123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: null, msg: 'success' });
    expect((await get('/api/v1/user/base/info', other)).statusCode).toBe(401);
    expect((await get('/api/v1/user/base/info', token)).statusCode).toBe(200);
    await expect(signIn(app, { account_name: user.userName!, password: DEFAULT_PASSWORD })).rejects.toThrow(/400/);
    expect((await signIn(app, { account_name: user.userName!, password: 'Changed123' })).user_id).toBe(user.id);
  });

  it('gives an account without a password its first one', async () => {
    const { token } = await createMainAccount(app, { password: null });
    expect((await get('/api/v1/user/base/info', token)).json().data.has_password).toBe(false);
    await put('/api/v2/user/info/pwd', token, { password: 'First1234' });
    expect((await get('/api/v1/user/base/info', token)).json().data.has_password).toBe(true);
  });

  it('enforces the password rule (8-16, a letter and a digit)', async () => {
    const { token } = await createMainAccount(app);
    for (const bad of ['short1', 'lettersonly', '12345678', 'a1'.repeat(9)]) {
      const res = await put('/api/v2/user/info/pwd', token, { password: bad });
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
