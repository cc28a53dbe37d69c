import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { createMainAccount, DEFAULT_PASSWORD, randomIp } from '../test/factories.ts';

/** A pool of one hash at a time and no queue: a second sign-in at the same moment finds it full. */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' });
});
afterAll(async () => app.close());

const signIn = (phone: string, lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/api/v2/user/login/mobile',
    payload: { phone_number: phone, area: '86', password: DEFAULT_PASSWORD },
    remoteAddress: randomIp(),
    headers: { 'accept-language': lang },
  });

describe('a full password-hashing pool', () => {
  it('answers 503 with Retry-After at once instead of queueing, and the server then signs in as usual', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createMainAccount(app)));
    const answers = await Promise.all(accounts.map(({ user }) => signIn(user.phoneNumber, 'th')));
    const codes = answers.map((a) => a.json().code);
    expect(codes).toContain(200);
    expect(codes).toContain(503);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    const busy = answers.find((a) => a.json().code === 503)!;
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().msg).toBe('ขณะนี้มีผู้ใช้งานจำนวนมาก โปรดลองใหม่ใน 1 วินาที');

    // A refusal is not a wrong password: one at a time, everyone signs in, six in a row.
    for (const { user } of accounts) expect((await signIn(user.phoneNumber)).json().code).toBe(200);
  });
});
