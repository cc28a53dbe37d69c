import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, seedDemo } from '../../db/seed.ts';
import { DEMO_INVITEES } from '../../db/seeds/personal-centre.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, createSubAccount, queryRows, signIn } from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
let demoToken: string;
beforeAll(async () => {
  app = await buildTestApp();
  await seedDemo(app.db);
  demoToken = (await signIn(app, { account_name: DEMO_ACCOUNT.user_name, password: DEMO_ACCOUNT.password }))
    .authorization;
});
afterAll(async () => app.close());

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? authHeaders(token) : {} });

describe('GET /api/v3/user/package', () => {
  it("answers the demo tenant's ERP package: platform quotas and added-value packages", async () => {
    const res = await get('/api/v3/user/package?system=1', demoToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.package_platform.map((p: { platform: string }) => p.platform)).toEqual([
      'Coupang',
      'Shopee',
      'Lazada',
      'TikTok Shop',
    ]);
    expect(data.package_platform[0]).toEqual({
      platform: 'Coupang',
      platform_image_url: '/api/v3/system/platform-logos/coupang.svg',
      shop_number: 10,
      surplus_shop_number: 6,
      expire_at: expect.stringMatching(/Z$/),
      // The system menu's rule: the seed's end is 180 days after today's start.
      days_remaining: 180,
    });
    // The value-added figures are the quota balances (what the deduction bill and spends use), named in zh.
    const quota = await app.inject({ method: 'GET', url: '/api/v1/package/quota', headers: authHeaders(demoToken) });
    const left = new Map(quota.json().data.map((q: { type: number; left_num: number }) => [q.type, q.left_num]));
    expect(data.package_added.map((a: { type: number }) => a.type)).toEqual([1, 2, 3, 4]);
    for (const added of data.package_added) expect(added.total_num - added.num_used).toBe(left.get(added.type));
    expect(data.package_added[3]).toMatchObject({ type: 4, code_name: '文本翻译', total_num: 20000 });
    // Its images are served.
    const logo = await app.inject({ method: 'GET', url: data.package_platform[0].platform_image_url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers the selection product separately, ERP by default', async () => {
    const selection = (await get('/api/v3/user/package?system=2', demoToken)).json().data;
    expect(selection.package_platform).toHaveLength(1);
    expect(selection.package_added).toHaveLength(1);
    expect((await get('/api/v3/user/package', demoToken)).json().data.package_platform).toHaveLength(4);
  });

  it("is the tenant's: an employee sees it, another tenant has none", async () => {
    const [demo] = await queryRows(
      app,
      sql<{ id: string }>`SELECT id FROM users WHERE user_name = ${DEMO_ACCOUNT.user_name}`,
    );
    const { token: subToken } = await createSubAccount(app, { id: Number(demo!.id) });
    expect((await get('/api/v3/user/package', subToken)).json().data.package_platform).toHaveLength(4);
    const { token } = await createMainAccount(app);
    expect((await get('/api/v3/user/package', token)).json().data).toEqual({ package_platform: [], package_added: [] });
  });

  it('names a bad system, and needs a signed-in user', async () => {
    const res = await get('/api/v3/user/package?system=9', demoToken);
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'system');
    expect((await get('/api/v3/user/package')).statusCode).toBe(401);
  });
});

describe('the seeded demo tenant', () => {
  it('has coupons in all three tabs, of every use type and discount type', async () => {
    const all = [];
    for (const status of [0, 1, 2]) {
      const coupons = (await get(`/api/v1/user/coupon?status=${status}`, demoToken)).json().data;
      expect(coupons.length, `status ${status}`).toBeGreaterThan(0);
      all.push(...coupons);
    }
    expect(new Set(all.map((c) => c.use_type))).toEqual(new Set([1, 2, 3]));
    expect(new Set(all.map((c) => c.discount_type))).toEqual(new Set([1, 2, 3]));
  });

  it('has invitations, an invite code, distribution on and chat opted in', async () => {
    expect((await get('/api/v2/user/invite/log', demoToken)).json().data).toHaveLength(DEMO_INVITEES.length);
    expect((await get('/api/v2/user/invite/statistics', demoToken)).json().data).toEqual({
      invite_number: DEMO_INVITEES.length,
      given_days: DEMO_INVITEES.length * 7,
    });
    expect((await get('/api/v2/user/invite/code', demoToken)).json().data.invite_code).toBe('DEMO2026');
    expect((await get('/api/legacy/product/edit/show-sync-button', demoToken)).json().data).toEqual({
      is_show_distributor: true,
      is_sync_m2b: true,
    });
    expect((await get('/api/v1/user/base/info', demoToken)).json().data).toMatchObject({
      co_chat_status: 1,
      user_company_name: DEMO_ACCOUNT.company_name,
    });
  });

  it('has a software bill with paid, expired and cancelled orders', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pay/package/list',
      headers: authHeaders(demoToken),
      payload: { page: 1, page_size: 20 },
    });
    const { data, total_count } = res.json().data;
    expect(total_count).toBe(5);
    expect(new Set(data.map((r: { pay_state: number }) => r.pay_state))).toEqual(new Set([1, 2]));
  });

  it('seeds only once', async () => {
    expect(await seedDemo(app.db)).toBeUndefined();
  });
});
