import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, DEFAULT_PASSWORD, randomIp } from '../../test/factories.ts';

// Every statement the app sends, BEGIN and COMMIT included. On the embedded database each one
// runs on the thread that answers every other request, so signed-in users wait for each
// statement of a sign-in: the count is what they feel while others sign in.
// On a PostgreSQL server the change feed says hello to the other instances every few seconds
// through the same database (`pg_notify`): that is not the sign-in's, and left in, it would make
// the count fail whenever a hello fell within a sign-in.
const sent: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp(
    {},
    { log: (event) => void (/\bpg_notify\(/.test(event.query.sql) || sent.push(event.query.sql)) },
  );
});
afterAll(async () => app.close());

async function signIn(userName: string, password: string) {
  sent.length = 0;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/user/login/account',
    remoteAddress: randomIp(),
    payload: { account_name: userName, password, long_time: 0, system: 1 },
  });
  return { res, statements: [...sent] };
}

describe('what a password sign-in asks of the database', () => {
  it('is three statements: the account, the counted attempt, and forgetting it with the new session', async () => {
    const { user } = await createMainAccount(app);
    const { res, statements } = await signIn(user.userName!, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(statements).toHaveLength(3);
    // No transaction of several statements: each commits on its own.
    expect(statements.filter((s) => /^\s*(begin|commit|set local)\b/i.test(s))).toEqual([]);
    // And the session it opened works.
    const info = await app.inject({
      method: 'GET',
      url: '/api/v1/user/base/info',
      headers: authHeaders(res.json().data.authorization),
    });
    expect(info.statusCode).toBe(200);
  });

  it('is two for a wrong password, which stays counted', async () => {
    const { user } = await createMainAccount(app);
    const { res, statements } = await signIn(user.userName!, 'Wrong-pass1');
    expect(res.statusCode).toBe(400);
    expect(statements).toHaveLength(2);
  });
});
