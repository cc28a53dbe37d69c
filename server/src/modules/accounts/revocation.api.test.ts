import { randomBytes } from 'node:crypto';
import { DATA_MENUS } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAccountStatus } from './service.ts';
import { createEmployee, createRole, createTenant, createWarehouses } from '../../test/access-factories.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../test/build-app.ts';
import { authHeaders, createMainAccount, DEFAULT_PASSWORD, openTestSession, queryRows } from '../../test/factories.ts';

/**
 * Signed-in principals are kept in memory, so every change that takes rights away must reach
 * every instance before anyone can send the next request. On PostgreSQL two instances share one
 * database (as two servers behind a balancer would): a change made on A is refused on B at the
 * very next request. On PGlite (one process) both are the same instance.
 */

const redisUrl = process.env.TEST_REDIS_URL;
const feeds: { name: string; env: Record<string, string> }[] = onPostgres
  ? [
      { name: 'PostgreSQL LISTEN/NOTIFY', env: {} },
      ...(redisUrl
        ? [
            {
              name: 'Redis pub/sub',
              env: { REDIS_URL: redisUrl, CHANGE_FEED_CHANNEL: `sc_test_${randomBytes(4).toString('hex')}` },
            },
          ]
        : []),
    ]
  : [{ name: 'in-process (PGlite)', env: {} }];

const INFO = '/api/v1/user/base/info';
const ROLES = '/api/v1/auth/role';

describe.each(feeds)('principal cache, change feed: $name', ({ env }) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await buildTestApp(env);
    b = onPostgres ? await buildTestApp(env, { sameDatabaseAs: a }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  const call = (app: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });
  /** Reads on both instances, so each holds the principal when the change comes. */
  const warm = async (token: string, url = INFO) => {
    for (const app of [a, b]) expect((await call(app, 'GET', url, token)).statusCode).toBe(200);
  };

  it('signing out on A is refused on B at the next request', async () => {
    const { token } = await createMainAccount(a);
    await warm(token);
    expect((await call(a, 'POST', '/api/v2/user/logout', token)).statusCode).toBe(200);
    expect((await call(b, 'GET', INFO, token)).statusCode).toBe(401);
    expect((await call(a, 'GET', INFO, token)).statusCode).toBe(401);
  });

  it("a new password on A ends the account's other sessions on B and keeps the one that set it", async () => {
    const { user, token: setter } = await createMainAccount(a);
    const other = await openTestSession(a, user.id);
    await warm(setter);
    await warm(other);
    const res = await call(a, 'PUT', '/api/v2/user/info/pwd', setter, {
      current_password: DEFAULT_PASSWORD,
      password: 'N3w-Passw0rd',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(b, 'GET', INFO, other)).statusCode).toBe(401);
    expect((await call(b, 'GET', INFO, setter)).statusCode).toBe(200);
  });

  it('disabling an employee on A shuts it out on B', async () => {
    const tenant = await createTenant(a);
    const employee = await createEmployee(a, tenant.tenantId);
    await warm(employee.token);
    const res = await call(a, 'PUT', '/api/v1/auth/sub-account/status', tenant.token, {
      user_id: employee.userId,
      status: 0,
    });
    expect(res.statusCode).toBe(200);
    const refused = await call(b, 'GET', INFO, employee.token);
    expect(refused.statusCode).toBe(401);
  });

  it('disabling a role on A takes its permissions from its holders on B; enabling gives them back', async () => {
    const tenant = await createTenant(a);
    const roleId = await createRole(a, tenant.tenantId, [PERMISSIONS.role.page]);
    const employee = await createEmployee(a, tenant.tenantId, { roleId });
    await warm(employee.token, ROLES);
    const toggle = (status: 0 | 1) => call(a, 'PUT', '/api/v1/auth/role/status', tenant.token, { id: roleId, status });
    expect((await toggle(0)).statusCode).toBe(200);
    expect((await call(b, 'GET', ROLES, employee.token)).statusCode).toBe(403);
    expect((await call(b, 'GET', INFO, employee.token)).statusCode).toBe(200);
    // The disabled role's principal has no role at all: enabling must still reach it.
    expect((await toggle(1)).statusCode).toBe(200);
    expect((await call(b, 'GET', ROLES, employee.token)).statusCode).toBe(200);
  });

  it("changing a role's permissions on A applies to its holders on B at once", async () => {
    const tenant = await createTenant(a);
    const roleId = await createRole(a, tenant.tenantId, [PERMISSIONS.role.page]);
    const employee = await createEmployee(a, tenant.tenantId, { roleId });
    await warm(employee.token, ROLES);
    const res = await call(a, 'PUT', '/api/v1/auth/role/function/menu', tenant.token, {
      id: roleId,
      function_menu_ids: String(PERMISSIONS.employee.page),
    });
    expect(res.statusCode).toBe(200);
    expect((await call(b, 'GET', ROLES, employee.token)).statusCode).toBe(403);
  });

  it("changing an employee's data authority on A narrows or widens what it sees on B", async () => {
    const tenant = await createTenant(a);
    const [first, second] = await createWarehouses(a, tenant.tenantId, ['North', 'South']);
    const employee = await createEmployee(a, tenant.tenantId, {
      scopes: { [DATA_MENUS.warehouses]: { type: 2, items: [first!] } },
    });
    const warehouses = async (app: TestApp) =>
      ((await call(app, 'GET', '/api/v1/warehouse', employee.token)).json().data as { id: number }[]).map((w) => w.id);
    for (const app of [a, b]) expect(await warehouses(app)).toEqual([first]);
    const res = await call(a, 'PUT', '/api/v1/auth/sub-account/data', tenant.token, {
      user_id: employee.userId,
      auth_data: [{ data_menu_id: DATA_MENUS.warehouses, auth_type: 1, auth_value: '' }],
    });
    expect(res.statusCode).toBe(200);
    expect((await warehouses(b)).sort((x, y) => x - y)).toEqual([first, second].sort((x, y) => x! - y!));
  });

  it('a disabled main account shuts its employees out on every instance, and says why', async () => {
    const tenant = await createTenant(a);
    const employee = await createEmployee(a, tenant.tenantId);
    await warm(employee.token);
    await warm(tenant.token);
    // No screen of the product disables a main account yet; the accounts module is how it is done.
    await setAccountStatus(a.db, tenant.tenantId, 0);
    for (const app of [a, b]) {
      const refused = await call(app, 'GET', INFO, employee.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().msg).toMatch(/已被禁用/);
      expect((await call(app, 'GET', INFO, tenant.token)).statusCode).toBe(401);
    }
  });

  it("a renamed company shows on B to the tenant's employees", async () => {
    const tenant = await createTenant(a);
    const employee = await createEmployee(a, tenant.tenantId);
    await warm(employee.token);
    const res = await call(a, 'PUT', '/api/v2/user/info/company', tenant.token, { company_name: 'Renamed Co' });
    expect(res.statusCode).toBe(200);
    expect((await call(b, 'GET', INFO, employee.token)).json().data.user_company_name).toBe('Renamed Co');
  });

  it('a session that ends while kept in memory is refused once its time is up', async () => {
    const { token } = await createMainAccount(a);
    await queryRows(
      a,
      sql`UPDATE sessions SET expires_at = now() + interval '1 second' WHERE token_hash = sha256(${Buffer.from(token)}::bytea)`,
    );
    await warm(token);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const app of [a, b]) expect((await call(app, 'GET', INFO, token)).statusCode).toBe(401);
  });

  it.runIf(onPostgres && !env.REDIS_URL)(
    'drops everything it kept when its listener connection is lost, and listens again',
    async () => {
      const { user, token } = await createMainAccount(a);
      await warm(token);
      expect(b.principals.size).toBeGreaterThan(0);
      // The feed tells of a gap when the connection goes and again when it is back.
      let gaps = 0;
      const stop = b.changeFeed.onGap(() => gaps++);
      await queryRows(
        a,
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      // A change nobody is told of (written straight to the table) while the listeners are gone.
      await queryRows(a, sql`UPDATE users SET status = 0 WHERE id = ${user.id}`);
      await expect.poll(() => gaps >= 2 && b.changeFeed.live, { timeout: 5_000 }).toBe(true);
      stop();
      expect((await call(b, 'GET', INFO, token)).statusCode).toBe(401);
      // Listening again: changes are told as before.
      const second = await createMainAccount(a);
      await warm(second.token);
      expect((await call(a, 'POST', '/api/v2/user/logout', second.token)).statusCode).toBe(200);
      expect((await call(b, 'GET', INFO, second.token)).statusCode).toBe(401);
    },
  );
});

describe('principal cache: memory and its backstop', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ PRINCIPAL_CACHE_TTL_SECONDS: '1' });
  });
  afterAll(async () => app.close());

  it('answers signed-in reads from memory, and forgets what it kept after its time to live', async () => {
    const { user, token } = await createMainAccount(app);
    const info = () => app.inject({ method: 'GET', url: INFO, headers: authHeaders(token) });
    // The cache's clock (Date) stands still until the test moves it: on a loaded machine the
    // second read below could otherwise come more than the second of its time to live later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      expect((await info()).statusCode).toBe(200);
      // Written straight to the table, so nobody is told: only the database would know.
      await queryRows(app, sql`UPDATE users SET status = 0 WHERE id = ${user.id}`);
      expect((await info()).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 1_100);
      expect((await info()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most PRINCIPAL_CACHE_MAX_ENTRIES sessions', async () => {
    const small = await buildTestApp({ PRINCIPAL_CACHE_MAX_ENTRIES: '2' });
    try {
      const { user } = await createMainAccount(small);
      for (let i = 0; i < 4; i++) {
        const token = await openTestSession(small, user.id);
        expect((await small.inject({ method: 'GET', url: INFO, headers: authHeaders(token) })).statusCode).toBe(200);
      }
      expect(small.principals.size).toBe(2);
    } finally {
      await small.close();
    }
  });
});
