import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterVerify } from '../../test/after-verify.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, DEFAULT_PASSWORD, randomIp } from '../../test/factories.ts';

// Runs `afterVerify.next` right after the next password check (test/after-verify.ts).
vi.mock('../../platform/passwords.ts', async (original) =>
  (await import('../../test/after-verify.ts')).passwordsWithHook(original),
);

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('a password change during a sign-in with the old password', () => {
  it('opens no session: the change signs the account out everywhere, that sign-in included', async () => {
    const { user, token } = await createMainAccount(app);
    afterVerify.next = async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v2/user/info/pwd',
        headers: authHeaders(token),
        payload: { current_password: DEFAULT_PASSWORD, password: 'NewPassw0rd' },
      });
      expect(res.statusCode).toBe(200);
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/user/login/account',
      remoteAddress: randomIp(),
      payload: { account_name: user.userName, password: DEFAULT_PASSWORD, long_time: 0, system: 1 },
    });
    expect(afterVerify.next).toBeUndefined();
    const opened = res.json().data?.authorization as string | undefined;
    if (opened) {
      const info = await app.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(opened) });
      expect(info.statusCode, 'the old password opened a live session').toBe(401);
    }
    expect(res.statusCode).toBe(400);
  });
});
