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

/** A selection plan (system 2) of the tenant on `platform`, ending `days` from now. */
async function holdSelectionPlan(tenantId: number, platform: string, days: number) {
  await app.db
    .insertInto('package_platforms')
    .values({
      main_id: tenantId,
      system: 2,
      platform,
      platform_image_url: '',
      shop_number: 5,
      surplus_shop_number: 5,
      expire_at: sql<Date>`now() + make_interval(days => ${days})`,
    })
    .execute();
}

const selectionEnds = async (token: string) =>
  (
    (await get('/api/v3/user/package?system=2', token)).json().data.package_platform as {
      platform: string;
      expire_at: string;
    }[]
  ).map((p) => [p.platform, Date.parse(p.expire_at)] as const);

describe('the days an invitation gives', () => {
  it("moves each of the inviter's selection plans on by the days, once per invitee, as the personal centre shows", async () => {
    const { user, token } = await createMainAccount(app);
    await holdSelectionPlan(user.id, 'Coupang', 30);
    await holdSelectionPlan(user.id, 'Shopee', -10);
    const before = await selectionEnds(token);
    const code = (await get('/api/v2/user/invite/code', token)).json().data.invite_code;
    const registeredAt = Date.now();
    await registerWith(code);
    const after = await selectionEnds(token);
    // A running plan runs on from its end; a lapsed one from the registration.
    expect(after[0]![0]).toBe('Coupang');
    expect(after[0]![1] - before[0]![1]).toBe(3 * 86_400_000);
    expect(Math.abs(after[1]![1] - (registeredAt + 3 * 86_400_000))).toBeLessThan(60_000);
    expect((await get('/api/v2/user/invite/statistics', token)).json().data.given_days).toBe(3);
    // The menu's days remaining read the same end.
    const menu = (await get('/api/v2/user/system/menu', token)).json().data.package_list;
    expect(
      menu.find((p: { system: number; platform: string }) => p.system === 2 && p.platform === 'Coupang'),
    ).toMatchObject({ package_end_time: new Date(after[0]![1]).toISOString(), days_remaining: 33 });

    // A second registration gives the days again, once.
    await registerWith(code);
    expect((await selectionEnds(token))[0]![1] - before[0]![1]).toBe(6 * 86_400_000);
  });

  it('gives and records no days to an inviter holding no selection plan', async () => {
    const { user, token } = await createMainAccount(app);
    await app.db
      .insertInto('package_platforms')
      .values({
        main_id: user.id,
        system: 1,
        platform: 'Coupang',
        platform_image_url: '',
        shop_number: 1,
        surplus_shop_number: 1,
        expire_at: sql<Date>`now() + interval '10 days'`,
      })
      .execute();
    const erpBefore = (await get('/api/v3/user/package?system=1', token)).json().data.package_platform[0].expire_at;
    const code = (await get('/api/v2/user/invite/code', token)).json().data.invite_code;
    await registerWith(code);
    expect((await get('/api/v3/user/package?system=1', token)).json().data.package_platform[0].expire_at).toBe(
      erpBefore,
    );
    expect((await get('/api/v2/user/invite/log', token)).json().data[0].inviter_given_days).toBe(0);
    expect((await get('/api/v2/user/invite/statistics', token)).json().data).toEqual({
      invite_number: 1,
      given_days: 0,
    });
  });
});

describe('the invite log and share info', () => {
  it('records each registration with the code, newest first, and sums the days given', async () => {
    const { user, token } = await createMainAccount(app);
    await holdSelectionPlan(user.id, 'Coupang', 30);
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
