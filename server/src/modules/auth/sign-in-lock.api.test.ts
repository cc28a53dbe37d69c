import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import seller from '../../app.ts';
import type { DbHandle } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createMainAccount, DEFAULT_PASSWORD, randomIp } from '../../test/factories.ts';

/**
 * The sign-in lock with a per-address limit of 1 (so a ceiling of 10 over all addresses), on
 * two instances of the product sharing one database, as behind a load balancer.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await buildTestApp({ LOGIN_ACCOUNT_FAILURE_LIMIT: '1' });
  const instance = Fastify({ logger: false });
  // The second instance uses the first one's database and leaves closing it to the first.
  const shared = { db: first.db, kind: 'pglite', close: async () => {} } as unknown as DbHandle;
  await instance.register(seller, { config: first.config, db: shared });
  await instance.ready();
  second = instance as TestApp;
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const signIn = (app: TestApp, accountName: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/user/login/account',
    payload: { account_name: accountName, password },
    remoteAddress: ip,
  });

describe('the sign-in lock', () => {
  it('holds on every instance: failures on one lock that address on the other', async () => {
    const { user } = await createMainAccount(first);
    const ip = randomIp();
    expect((await signIn(first, user.userName!, 'Wrong1234', ip)).statusCode).toBe(400);
    expect((await signIn(second, user.userName!, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
    // Elsewhere the owner signs in on either instance.
    expect((await signIn(second, user.userName!, DEFAULT_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('caps guessing spread over many addresses, except from an address the owner signed in from', async () => {
    const { user } = await createMainAccount(first);
    const home = randomIp();
    expect((await signIn(first, user.userName!, DEFAULT_PASSWORD, home)).statusCode).toBe(200);
    // One guess from each of ten addresses, each under its own lock, alternating instances.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(i % 2 ? first : second, user.userName!, 'Wrong1234', randomIp())).statusCode).toBe(400);
    }
    expect((await signIn(first, user.userName!, DEFAULT_PASSWORD, randomIp())).statusCode).toBe(429);
    expect((await signIn(second, user.userName!, DEFAULT_PASSWORD, home)).statusCode).toBe(200);
  });
});
