import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  createMainAccount,
  createSubAccount,
  latestSmsCode,
  queryRows,
  randomIp,
  requestSmsCode,
  travelPast,
  uniquePhone,
} from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

function send(query: Record<string, string>, ip = randomIp(), lang = 'zh') {
  return app.inject({
    method: 'GET',
    url: `/api/v1/sms?${new URLSearchParams(query)}`,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });
}

function smsLogin(phone: string, code: string, ip = randomIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/user/login/sms',
    payload: { phone_number: phone, sms_code: code, area: '86', long_time: 0, system: 1 },
    remoteAddress: ip,
  });
}

describe('GET /api/v1/sms', () => {
  it('sends a six-digit code and says when the next may be sent; the console outbox shows it', async () => {
    const phone = uniquePhone();
    const res = await send({ agent_id: '3', type: 'register:', area: '86', phone_number: phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: { resend_after_seconds: 60 }, msg: 'success' });

    const outbox = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${phone}` });
    expect(outbox.statusCode).toBe(200);
    const [item] = outbox.json().data;
    expect(item).toMatchObject({ phone_number: phone, area: '86', type: 'register:' });
    expect(item.code).toMatch(/^\d{6}$/);
    expect(new Date(item.sent_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores the code only hashed', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    const rows = await queryRows(
      app,
      sql<{ code_hash: Uint8Array }>`SELECT * FROM sms_codes WHERE phone_number = ${phone}`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    expect(Buffer.from(rows[0]!.code_hash)).toHaveLength(32);
  });

  it("lists one phone's outbox newest first", async () => {
    const phone = uniquePhone();
    await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    await travelPast(app, 61, { rateLimitKeyLike: `sms:phone-type:86-${phone}:%` });
    const second = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    const res = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${phone}` });
    const items = res.json().data;
    expect(items).toHaveLength(2);
    expect(items[0].code).toBe(second);
    expect(items.every((item: { phone_number: string }) => item.phone_number === phone)).toBe(true);
  });

  it('refuses a register code for a registered phone (409), and reset or login codes for an unknown one', async () => {
    const { user } = await createMainAccount(app);
    const registered = await send({ type: 'register:', phone_number: user.phoneNumber });
    expect(registered.statusCode).toBe(409);
    expect(registered.json()).toMatchObject({ code: 409, data: null });
    expect(registered.json().msg).toMatch(/已注册/);

    for (const type of ['find_pwd:', 'login:']) {
      const unknown = await send({ type, phone_number: uniquePhone() }, randomIp(), 'kr');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toMatch(/가입되지 않은/);
    }
  });

  it('refuses a login code to a sub-account (SMS login is for main accounts) and to a disabled account', async () => {
    const { user: main } = await createMainAccount(app);
    const { user: sub } = await createSubAccount(app, main);
    const res = await send({ type: 'login:', phone_number: sub.phoneNumber }, randomIp(), 'th');
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/บัญชีหลักเท่านั้น/);

    const { user: disabled } = await createMainAccount(app, { status: 0 });
    const off = await send({ type: 'login:', phone_number: disabled.phoneNumber });
    expect(off.statusCode).toBe(403);
    expect(off.json().msg).toMatch(/禁用/);
  });

  it('names the bad field on invalid input, never a 5xx', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ type: 'register:' }, 'phone_number'],
      [{ type: 'register:', phone_number: '12ab' }, 'phone_number'],
      [{ type: 'signup', phone_number: uniquePhone() }, 'type'],
      [{ phone_number: uniquePhone() }, 'type'],
      [{ type: 'register:', phone_number: uniquePhone(), area: '1' }, 'area'],
      [{ type: 'register:', phone_number: uniquePhone(), agent_id: 'x' }, 'agent_id'],
    ];
    for (const [query, field] of cases) {
      const res = await send(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expectNamesField(res.json().msg, field);
    }
  });
});

describe('SMS limits', () => {
  it('allows one code per 60 s per phone and type (429 with Retry-After), another type at once', async () => {
    const phone = uniquePhone();
    expect((await send({ type: 'register:', phone_number: phone })).statusCode).toBe(200);
    const again = await send({ type: 'register:', phone_number: phone }, randomIp(), 'kr');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.json().msg).toContain(String(retryAfter));
    expect(again.json().msg).toMatch(/초 후/);

    const { user } = await createMainAccount(app);
    expect((await send({ type: 'login:', phone_number: user.phoneNumber })).statusCode).toBe(200);
    expect((await send({ type: 'find_pwd:', phone_number: user.phoneNumber })).statusCode).toBe(200);

    await travelPast(app, 61, { rateLimitKeyLike: `sms:phone-type:86-${phone}:%` });
    expect((await send({ type: 'register:', phone_number: phone })).statusCode).toBe(200);
  });

  it('allows ten codes per phone per day', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 10; i++) {
      const res = await send({ type: 'register:', phone_number: phone });
      expect(res.statusCode, `send ${i + 1}`).toBe(200);
      await travelPast(app, 61, { rateLimitKeyLike: `sms:phone-type:86-${phone}:%` });
    }
    const eleventh = await send({ type: 'register:', phone_number: phone });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().msg).toMatch(/今日/);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // The same number in another area is another phone.
    expect((await send({ type: 'register:', phone_number: phone, area: '66' })).statusCode).toBe(200);
  });

  it('caps codes per client IP per hour (30), over all phones', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      expect((await send({ type: 'register:', phone_number: uniquePhone() }, ip)).statusCode, `send ${i + 1}`).toBe(
        200,
      );
    }
    const over = await send({ type: 'register:', phone_number: uniquePhone() }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toMatch(/当前网络/);
    expect((await send({ type: 'register:', phone_number: uniquePhone() }, randomIp())).statusCode).toBe(200);
  });
});

describe('SMS codes', () => {
  it('are single use', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    expect((await smsLogin(user.phoneNumber, code)).statusCode).toBe(200);
    const reused = await smsLogin(user.phoneNumber, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toMatch(/已使用/);
    expectNamesField(reused.json().msg, 'sms_code');
  });

  it('tell how many tries are left, and are burned by the fifth wrong one', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const res = await smsLogin(user.phoneNumber, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(`${left} 次`);
    }
    const fifth = await smsLogin(user.phoneNumber, wrong);
    expect(fifth.json().msg).toMatch(/次数过多/);
    const right = await smsLogin(user.phoneNumber, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toMatch(/次数过多/);
  });

  it('expire after 5 minutes', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    await queryRows(
      app,
      sql`UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone_number = ${user.phoneNumber}`,
    );
    const res = await smsLogin(user.phoneNumber, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/过期/);
  });

  it('are valid for 5 minutes from sending', async () => {
    const phone = uniquePhone();
    await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    const [row] = await queryRows(
      app,
      sql<{
        seconds: number;
      }>`SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM sms_codes WHERE phone_number = ${phone}`,
    );
    expect(Number(row!.seconds)).toBe(300);
  });

  it('only the newest code of a phone and purpose counts', async () => {
    const { user } = await createMainAccount(app);
    const first = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    await travelPast(app, 61, { rateLimitKeyLike: `sms:phone-type:86-${user.phoneNumber}:%` });
    const second = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'login:' });
    if (first !== second) expect((await smsLogin(user.phoneNumber, first)).statusCode).toBe(400);
    expect((await smsLogin(user.phoneNumber, second)).statusCode).toBe(200);
  });

  it('are bound to their purpose: a reset code does not sign in', async () => {
    const { user } = await createMainAccount(app);
    const code = await requestSmsCode(app, { phoneNumber: user.phoneNumber, type: 'find_pwd:' });
    expect((await smsLogin(user.phoneNumber, code)).statusCode).toBe(400);
    expect(await latestSmsCode(app, user.phoneNumber, 'login:')).toBeUndefined();
  });
});
