import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, randomIp } from '../../test/factories.ts';
import { createTestOperator, OPERATOR_PASSWORD } from '../../test/operator-factories.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ LOGIN_ACCOUNT_FAILURE_LIMIT: '3' });
});
afterAll(async () => app.close());

function signIn(account_name: string, password: string, ip = randomIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/ops/sign-in',
    payload: { account_name, password },
    remoteAddress: ip,
  });
}

describe('operator sign-in', () => {
  it('signs an operator in, and the token answers /api/ops/me until signed out', async () => {
    const operator = await createTestOperator(app, { displayName: 'Alice' });
    const res = await signIn(operator.accountName.toUpperCase(), OPERATOR_PASSWORD);
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
      data: { operator_id: operator.id, account_name: operator.accountName, display_name: 'Alice' },
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

    const wrong = await signIn(operator.accountName, 'not the password!');
    const unknown = await signIn('ops.nobody', OPERATOR_PASSWORD);
    const off = await signIn(disabled.accountName, OPERATOR_PASSWORD);
    for (const res of [wrong, unknown, off]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, data: null, msg: '账号或密码错误' });
    }
    // A disabled operator's open sessions stop working too.
    const me = await app.inject({ method: 'GET', url: '/api/ops/me', headers: authHeaders(disabled.token) });
    expect(me.statusCode).toBe(401);
  });

  it('throttles guessing per account name with a 429 and Retry-After', async () => {
    const operator = await createTestOperator(app);
    for (let i = 0; i < 3; i++) expect((await signIn(operator.accountName, `guess number ${i}`)).statusCode).toBe(400);
    const blocked = await signIn(operator.accountName, OPERATOR_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
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
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        input,
        encoding: 'utf8',
        timeout: 60_000,
      });
    try {
      const made = run(['--account', 'ops.carol', '--name', 'Carol', '--password-stdin'], 'Carol-Passw0rd-1\n');
      expect(made.stderr).toBe('');
      expect(made.stdout).toMatch(/operator "ops\.carol" created/);
      expect(made.stdout).not.toContain('Carol-Passw0rd-1');

      const again = run(['--account', 'OPS.CAROL']);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already exists');

      const short = run(['--account', 'ops.dave', '--password-stdin'], 'short');
      expect(short.status).toBe(1);
      expect(short.stderr).toContain('12 to 128 characters');

      const generated = run(['--account', 'ops.erin']);
      expect(generated.status).toBe(0);
      expect(generated.stdout).toMatch(/password \(shown once\): \S{20,}/);

      const handle = await openDb({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await handle.db
          .selectFrom('operators')
          .select(['account_name', 'display_name', 'password_hash'])
          .orderBy('id')
          .execute();
        expect(rows.map((r) => [r.account_name, r.display_name])).toEqual([
          ['ops.carol', 'Carol'],
          ['ops.erin', ''],
        ]);
        expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // four processes, the first creating a database: slow on a busy machine, not broken
});
