import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { resetOperatorTwoFactor } from './service.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, randomIp } from '../../test/factories.ts';
import { createTestOperator, OPERATOR_PASSWORD, operatorOtp } from '../../test/operator-factories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ LOGIN_ACCOUNT_FAILURE_LIMIT: '3' });
});
afterAll(async () => app.close());

function signIn(account_name: string, password: string, otp?: string, ip = randomIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/ops/sign-in',
    payload: { account_name, password, ...(otp === undefined ? {} : { otp }) },
    remoteAddress: ip,
  });
}

const REFUSED = { code: 400, data: null, msg: '账号或密码错误' };
const STEP_MS = 30_000;

/** Six digits that are none of the codes accepted now (the steps before, at and after now). */
function wrongCode(secret: string): string {
  const accepted = [-1, 0, 1].map((step) => operatorOtp(secret, Date.now() + step * STEP_MS));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.includes(code)) return code;
  }
}

describe('operator sign-in', () => {
  it('signs an operator in, and the token answers /api/ops/me until signed out', async () => {
    const operator = await createTestOperator(app, { displayName: 'Alice' });
    const res = await signIn(operator.accountName.toUpperCase(), OPERATOR_PASSWORD, operatorOtp(operator.totpSecret));
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      operator_id: operator.id,
      account_name: operator.accountName,
      display_name: 'Alice',
    });
    expect(result.expires_in).toBe(12 * 60 * 60);

    const me = await app.inject({ method: 'GET', url: '/api/ops/me', headers: authHeaders(result.authorization) });
    expect(me.json()).toEqual({
      code: 200,
      msg: 'success',
      data: {
        operator_id: operator.id,
        account_name: operator.accountName,
        display_name: 'Alice',
        role: 'admin',
        permissions: ['read', 'coupons', 'warehouse-links', 'money', 'partners', 'catalogue', 'operators'],
      },
    });

    const out = await app.inject({
      method: 'POST',
      url: '/api/ops/sign-out',
      headers: authHeaders(result.authorization),
    });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/ops/me', headers: authHeaders(result.authorization) });
    expect(after.statusCode).toBe(401);
  });

  it('answers a wrong password, an unknown name and a disabled operator alike', async () => {
    const operator = await createTestOperator(app);
    const disabled = await createTestOperator(app);
    await app.db.updateTable('operators').set({ status: 0 }).where('id', '=', disabled.id).execute();

    const wrong = await signIn(operator.accountName, 'not the password!', operatorOtp(operator.totpSecret));
    const unknown = await signIn('ops.nobody', OPERATOR_PASSWORD, '123456');
    const off = await signIn(disabled.accountName, OPERATOR_PASSWORD, operatorOtp(disabled.totpSecret));
    for (const res of [wrong, unknown, off]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    // A disabled operator's open sessions stop working too.
    const me = await app.inject({ method: 'GET', url: '/api/ops/me', headers: authHeaders(disabled.token) });
    expect(me.statusCode).toBe(401);
  });

  it('throttles guessing per account name with a 429 and Retry-After', async () => {
    const operator = await createTestOperator(app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await signIn(operator.accountName, `guess number ${i}`, operatorOtp(operator.totpSecret))).statusCode,
      ).toBe(400);
    }
    const blocked = await signIn(operator.accountName, OPERATOR_PASSWORD, operatorOtp(operator.totpSecret));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the one-time code at operator sign-in', () => {
  it('refuses a wrong, stale or missing code with the answer a wrong password gets', async () => {
    // One operator per attempt: the account name's failure limit is 3 in this suite.
    for (const otp of [
      (s: string) => wrongCode(s),
      (s: string) => operatorOtp(s, Date.now() - 5 * STEP_MS),
      () => undefined,
      () => '',
      () => 'not-a-code',
    ]) {
      const operator = await createTestOperator(app);
      const res = await signIn(operator.accountName, OPERATOR_PASSWORD, otp(operator.totpSecret));
      expect(res.statusCode, `otp ${otp(operator.totpSecret)}`).toBe(400);
      expect(res.json()).toEqual(REFUSED);
      expect((await signIn(operator.accountName, OPERATOR_PASSWORD, operatorOtp(operator.totpSecret))).statusCode).toBe(
        200,
      );
    }
  });

  it('accepts a code of the step before or after (a clock a little off), each code once, never an older step', async () => {
    const operator = await createTestOperator(app);
    const next = operatorOtp(operator.totpSecret, Date.now() + STEP_MS);
    expect((await signIn(operator.accountName, OPERATOR_PASSWORD, next)).statusCode).toBe(200);
    const replayed = await signIn(operator.accountName, OPERATOR_PASSWORD, next);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(REFUSED);
    // The current step is older than the one just used: refused too, though never used itself.
    const current = await signIn(operator.accountName, OPERATOR_PASSWORD, operatorOtp(operator.totpSecret));
    expect(current.json()).toEqual(REFUSED);
  });

  it('accepts a recovery code once, in any case and with or without its dash', async () => {
    const operator = await createTestOperator(app);
    expect(operator.recoveryCodes).toHaveLength(10);
    expect(new Set(operator.recoveryCodes).size).toBe(10);
    const [first, second] = operator.recoveryCodes as [string, string];
    expect((await signIn(operator.accountName, OPERATOR_PASSWORD, first)).statusCode).toBe(200);
    const again = await signIn(operator.accountName, OPERATOR_PASSWORD, first);
    expect(again.json()).toEqual(REFUSED);
    const typed = second.replace('-', '').toUpperCase();
    expect((await signIn(operator.accountName, OPERATOR_PASSWORD, typed)).statusCode).toBe(200);
    // Only their hashes are stored.
    const stored = await app.db
      .selectFrom('operator_recovery_codes')
      .select(['code_hash', 'used_at'])
      .where('operator_id', '=', operator.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.filter((row) => row.used_at !== null)).toHaveLength(2);
    for (const row of stored) expect(Buffer.from(row.code_hash).toString('utf8')).not.toContain(first);
  });

  it('does not use up a recovery code or a step when the password is wrong', async () => {
    const operator = await createTestOperator(app);
    const code = operatorOtp(operator.totpSecret);
    const recovery = operator.recoveryCodes[0]!;
    expect((await signIn(operator.accountName, 'not the password!', code)).statusCode).toBe(400);
    expect((await signIn(operator.accountName, 'not the password!', recovery)).statusCode).toBe(400);
    expect((await signIn(operator.accountName, OPERATOR_PASSWORD, code)).statusCode).toBe(200);
    expect((await signIn(operator.accountName, OPERATOR_PASSWORD, recovery)).statusCode).toBe(200);
  });

  it('counts wrong codes towards the lock, as wrong passwords are counted', async () => {
    const operator = await createTestOperator(app);
    for (let i = 0; i < 3; i++) {
      const res = await signIn(operator.accountName, OPERATOR_PASSWORD, wrongCode(operator.totpSecret));
      expect(res.statusCode).toBe(400);
    }
    const blocked = await signIn(operator.accountName, OPERATOR_PASSWORD, operatorOtp(operator.totpSecret));
    expect(blocked.statusCode).toBe(429);
  });

  it('lets an operator made before two-factor sign-in in only after a new secret is given', async () => {
    const operator = await createTestOperator(app);
    await app.db.updateTable('operators').set({ totp_secret: null }).where('id', '=', operator.id).execute();
    await app.db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operator.id).execute();
    for (const otp of [operatorOtp(operator.totpSecret), operator.recoveryCodes[0]!]) {
      expect((await signIn(operator.accountName, OPERATOR_PASSWORD, otp)).json()).toEqual(REFUSED);
    }
    const { twoFactor } = await resetOperatorTwoFactor(app.db, operator.accountName.toUpperCase());
    expect(twoFactor.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await signIn(operator.accountName, OPERATOR_PASSWORD, operatorOtp(twoFactor.secret))).statusCode).toBe(200);
  });
});

describe('operators and sellers are kept apart', () => {
  it("refuses a seller's token in the operator console", async () => {
    const { token } = await createMainAccount(app);
    const res = await app.inject({ method: 'GET', url: '/api/ops/me', headers: authHeaders(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it("refuses an operator's token in a tenant", async () => {
    const { token } = await createTestOperator(app);
    const res = await app.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(token) });
    expect(res.statusCode).toBe(401);
  });

  it('does not sign a seller in at the operator sign-in, with the same name and password', async () => {
    const { user } = await createMainAccount(app, { userName: 'sameNameSeller', password: 'Seller-Passw0rd1' });
    const res = await signIn(user.userName!, 'Seller-Passw0rd1');
    expect(res.statusCode).toBe(400);
  });
});

describe('npm run ops:create-operator', () => {
  it('creates an operator with a hashed password, refuses a taken name or a short password, and can make one up', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'seller-centre-ops-'));
    const root = path.resolve(import.meta.dirname, '../../../..');
    const run = (args: string[], input?: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-operator.ts', ...args], {
        cwd: root,
        // Beside other suites, an idle-priority hash waits for them (test/build-app.ts).
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PASSWORD_HASH_PRIORITY: 'normal' },
        input,
        encoding: 'utf8',
        timeout: 60_000,
      });
    try {
      const made = run(
        ['--account', 'ops.carol', '--name', 'Carol', '--role', 'finance', '--password-stdin'],
        'Carol-Passw0rd-1\n',
      );
      expect(made.stderr).toBe('');
      expect(made.stdout).toMatch(/operator "ops\.carol" created \(id \d+, role finance\)/);
      expect(made.stdout).not.toContain('Carol-Passw0rd-1');
      expect(made.stdout).toMatch(/authenticator link \(shown once\): otpauth:\/\/totp\/\S+secret=[A-Z2-7]+/);
      expect(made.stdout).toMatch(/authenticator secret \(shown once\): [A-Z2-7]{32}\n/);
      expect(made.stdout.match(/^ {2}[a-z2-7]{5}-[a-z2-7]{5}$/gm)).toHaveLength(10);

      const again = run(['--account', 'OPS.CAROL']);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already exists');

      const unknownRole = run(['--account', 'ops.gus', '--role', 'owner']);
      expect(unknownRole.status).toBe(1);
      expect(unknownRole.stderr).toContain('role: one of support, finance, admin');

      const short = run(['--account', 'ops.dave', '--password-stdin'], 'short');
      expect(short.status).toBe(1);
      expect(short.stderr).toContain('12 to 128 characters');

      const generated = run(['--account', 'ops.erin']);
      expect(generated.status).toBe(0);
      expect(generated.stdout).toMatch(/password \(shown once\): \S{20,}/);

      const asJson = run(['--account', 'ops.fay', '--json']);
      expect(asJson.status).toBe(0);
      const fay = JSON.parse(asJson.stdout) as Record<string, unknown>;
      expect(fay).toMatchObject({ account: 'ops.fay', role: 'support', password: expect.stringMatching(/\S{20,}/) });
      expect(fay.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(fay.recovery_codes).toHaveLength(10);

      const reset = run(['--reset-2fa', '--account', 'ops.fay', '--json']);
      expect(reset.status).toBe(0);
      const fayAgain = JSON.parse(reset.stdout) as Record<string, unknown>;
      expect(fayAgain.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(fayAgain.totp_secret).not.toBe(fay.totp_secret);
      expect(fayAgain).not.toHaveProperty('password');
      const resetRole = run(['--reset-2fa', '--account', 'ops.fay', '--role', 'admin']);
      expect(resetRole.status).toBe(2);
      expect(resetRole.stderr).toContain("changes an operator's role on the console");
      const nobody = run(['--reset-2fa', '--account', 'ops.nobody']);
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toContain('no operator named');

      const handle = await openDb({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await handle.db
          .selectFrom('operators')
          .select(['id', 'account_name', 'display_name', 'password_hash', 'totp_secret', 'role'])
          .orderBy('id')
          .execute();
        // Support unless --role said otherwise.
        expect(rows.map((r) => [r.account_name, r.display_name, r.role])).toEqual([
          ['ops.carol', 'Carol', 'finance'],
          ['ops.erin', '', 'support'],
          ['ops.fay', '', 'support'],
        ]);
        expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
        expect(rows[2]!.totp_secret).toBe(fayAgain.totp_secret);
        // The reset replaced fay's recovery codes: ten, all unused, stored as SHA-256 only.
        const codes = await handle.db
          .selectFrom('operator_recovery_codes')
          .select(['code_hash', 'used_at'])
          .where('operator_id', '=', rows[2]!.id)
          .execute();
        expect(codes).toHaveLength(10);
        expect(codes.every((c) => c.code_hash.length === 32 && c.used_at === null)).toBe(true);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000); // seven processes, the first creating a database: slow on a busy machine, not broken
});
