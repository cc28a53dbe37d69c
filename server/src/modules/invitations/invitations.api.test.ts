import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  authHeaders,
  createMainAccount,
  createSubAccount,
  queryRows,
  randomIp,
  requestSmsCode,
  uniquePhone,
} from '../../test/factories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://seller.example.com/', INVITE_GIVEN_DAYS: '3' });
});
afterAll(async () => app.close());

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? authHeaders(token) : {} });

async function registerWith(inviteCode: string): Promise<number> {
  const phone = uniquePhone();
  const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/register',
    remoteAddress: randomIp(),
    payload: {
      phone_number: phone,
      area: '86',
      sms_code: code,
      invite_code: inviteCode,
      invite_code_type: '1',
      checked: true,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.user_id;
}

describe('GET /api/v2/user/invite/code', () => {
  it('gives the tenant a stable code and a register link on PUBLIC_URL', async () => {
    const { token } = await createMainAccount(app);
    const first = (await get('/api/v2/user/invite/code', token)).json().data;
    expect(first.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.invite_url).toBe(
      `https://seller.example.com/register?invite_code=${first.invite_code}&invite_code_type=1`,
    );
    expect((await get('/api/v2/user/invite/code', token)).json().data).toEqual(first);
  });

  it("answers an employee its main account's code", async () => {
    const { user: main, token } = await createMainAccount(app);
    const { token: subToken } = await createSubAccount(app, main);
    const mainCode = (await get('/api/v2/user/invite/code', token)).json().data.invite_code;
    expect((await get('/api/v2/user/invite/code', subToken)).json().data.invite_code).toBe(mainCode);
  });

  it('gives a registered account the code it was created with', async () => {
    const { token } = await createMainAccount(app);
    const code = (await get('/api/v2/user/invite/code', token)).json().data.invite_code;
    const inviteeId = await registerWith(code);
    const [row] = await queryRows(
      app,
      sql<{ invite_code: string }>`SELECT invite_code FROM users WHERE id = ${inviteeId}`,
    );
    expect(row!.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(row!.invite_code).not.toBe(code);
  });
});

describe('the invite log and share info', () => {
  it('records each registration with the code, newest first, and sums the days given', async () => {
    const { token } = await createMainAccount(app);
    expect((await get('/api/v2/user/invite/log', token)).json().data).toEqual([]);
    expect((await get('/api/v2/user/invite/statistics', token)).json().data).toEqual({
      invite_number: 0,
      given_days: 0,
    });

    const code = (await get('/api/v2/user/invite/code', token)).json().data.invite_code;
    const a = await registerWith(code);
    const b = await registerWith(code);
    const log = (await get('/api/v2/user/invite/log', token)).json().data;
    expect(log.map((i: { invitee_uid: number }) => i.invitee_uid)).toEqual([b, a]);
    expect(log[0]).toEqual({ invitee_uid: b, created_at: expect.stringMatching(/Z$/), inviter_given_days: 3 });
    expect((await get('/api/v2/user/invite/statistics', token)).json().data).toEqual({
      invite_number: 2,
      given_days: 6,
    });
  });

  it("keeps tenants apart, and shows an employee its tenant's invitations", async () => {
    const { user: main, token } = await createMainAccount(app);
    const { token: subToken } = await createSubAccount(app, main);
    const { token: otherToken } = await createMainAccount(app);
    const code = (await get('/api/v2/user/invite/code', token)).json().data.invite_code;
    await registerWith(code);
    expect((await get('/api/v2/user/invite/log', subToken)).json().data).toHaveLength(1);
    expect((await get('/api/v2/user/invite/log', otherToken)).json().data).toEqual([]);
    expect((await get('/api/v2/user/invite/statistics', otherToken)).json().data.invite_number).toBe(0);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/v2/user/invite/log', '/api/v2/user/invite/code', '/api/v2/user/invite/statistics']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});
