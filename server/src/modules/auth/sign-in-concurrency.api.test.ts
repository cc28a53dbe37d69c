import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterVerify } from '../../test/after-verify.ts';
import { buildTestApp, currentDatabaseName, type TestApp } from '../../test/build-app.ts';
import { createMainAccount, DEFAULT_PASSWORD, randomIp } from '../../test/factories.ts';

// On a PostgreSQL server a sign-in's statements run on a connection of their own, so sign-ins of
// one account overlap in the database: a team sharing the main account signs in from one office
// address at the start of a day. They change the same attempt counters and must never deadlock
// (the server would end one of them after a second's wait: a 503 for that sign-in).

// Runs `afterVerify.next` right after the next password check (test/after-verify.ts).
vi.mock('../../platform/passwords.ts', async (original) =>
  (await import('../../test/after-verify.ts')).passwordsWithHook(original),
);

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const signIn = (accountName: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/user/login/account',
    payload: { account_name: accountName, password, long_time: 0, system: 1 },
    remoteAddress: ip,
  });

describe('sign-ins of one account at the same moment', () => {
  it('all open a session: from one address and another, with wrong passwords among them', async () => {
    const { user } = await createMainAccount(app);
    // Clients signing in back to back: three from the office, one from home, one typing a wrong
    // password, from an address of its own each time so it never meets the lock. Attempts in
    // flight count against the lock (five per address) until their passwords are checked.
    const office = randomIp();
    const home = randomIp();
    const clients = [office, office, office, home, null];
    const rounds = 25;
    const answers = await Promise.all(
      clients.map(async (ip) => {
        const codes: number[] = [];
        for (let i = 0; i < rounds; i++) {
          const res = await (ip
            ? signIn(user.userName!, DEFAULT_PASSWORD, ip)
            : signIn(user.userName!, 'Wrong1234', randomIp()));
          codes.push(res.statusCode);
        }
        return codes;
      }),
    );
    expect(answers).toEqual(clients.map((ip) => Array(rounds).fill(ip ? 200 : 400)));
  });

  // The moment that deadlocked: another sign-in from the same address has counted the address
  // and is about to count the account, while this one, its password right, forgets its attempt.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never deadlock with a sign-in counting from the same address meanwhile',
    async () => {
      const { user } = await createMainAccount(app);
      const ip = randomIp();
      // A wrong password elsewhere: the account has failures to forget.
      expect((await signIn(user.userName!, 'Wrong1234', randomIp())).statusCode).toBe(400);

      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${await currentDatabaseName(app.db)}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        afterVerify.next = async () => {
          // The other sign-in's counting, up to the address (held until it commits).
          await other.query('BEGIN');
          await other.query(`UPDATE rate_limits SET hits = hits + 1 WHERE key = $1`, [`login-fail:ip:${ip}`]);
        };
        const signingIn = signIn(user.userName!, DEFAULT_PASSWORD, ip);
        // This sign-in's forgetting now waits for the address...
        await expect
          .poll(async () => {
            const { rows } = await other.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            );
            return rows[0].n;
          })
          .toBe(1);
        // ...and the other counts the account: it must not wait for this one in turn.
        await other.query(`UPDATE rate_limits SET hits = hits + 1 WHERE key = $1`, [`login-fail:user:${user.id}`]);
        await other.query('COMMIT');
        expect((await signingIn).statusCode).toBe(200);
      } finally {
        await other.end();
      }
    },
  );
});
