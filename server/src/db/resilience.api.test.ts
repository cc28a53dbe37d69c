import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, currentDatabaseName, type TestApp } from '../test/build-app.ts';
import { authHeaders, createMainAccount } from '../test/factories.ts';
import { transaction } from './client.ts';

/**
 * PostgreSQL ends connections: an operator's pg_terminate_backend, a restart, a failover, its
 * own timeouts. The process must survive it, the request caught in the middle gets a 503
 * envelope, and the requests after it succeed. (PGlite runs in the process: nothing to end.)
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A route that holds a transaction open until the test lets it go, saying which backend it holds. */
function holdingRoute() {
  const state: { pid?: number; release?: () => void } = {};
  const plugin = fp(async (app: FastifyInstance) => {
    app.post('/test/hold', async () => {
      await transaction(app.db, async (tx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        await tx.updateTable('users').set({ email: 'held@example.com' }).where('id', '=', 0).execute();
        await new Promise<void>((resolve) => {
          state.release = resolve;
          state.pid = rows[0]!.pid;
        });
        await sql`SELECT 1`.execute(tx);
      });
      return { code: 200, data: null, msg: 'success' };
    });
    app.post('/test/sleep', async () => {
      await sql`SELECT pg_sleep(2)`.execute(app.db);
      return { code: 200, data: null, msg: 'success' };
    });
  });
  return { state, plugin };
}

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!onPostgres)('a database connection ended under a request', () => {
  let app: TestApp;
  let admin: pg.Client;
  let database: string;
  let token: string;
  const hold = holdingRoute();

  beforeAll(async () => {
    app = await buildTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '500' }, { plugins: [hold.plugin] });
    database = await currentDatabaseName(app.db);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    token = (await createMainAccount(app)).token;
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
  });
  afterEach(() => hold.state.release?.());

  /** Ends every connection of the app's pool, as a restart or failover would. */
  async function terminateAll(): Promise<number> {
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.length;
  }

  const userInfo = () => app.inject({ method: 'GET', url: '/api/v1/user/base/info', headers: authHeaders(token) });

  it('answers the request whose transaction lost its connection with a 503 envelope, and stays up', async () => {
    hold.state.pid = undefined;
    const inFlight = app.inject({ method: 'POST', url: '/test/hold', headers: { 'accept-language': 'kr' } });
    await until(() => hold.state.pid !== undefined);
    await admin.query('SELECT pg_terminate_backend($1)', [hold.state.pid]);
    // The server's goodbye reaches the idle client first: with no listener it would end the process.
    await new Promise((r) => setTimeout(r, 300));
    hold.state.release!();
    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 503,
      data: null,
      msg: '데이터 서비스가 일시적으로 중단되어 요청이 처리되지 않았습니다. 잠시 후 다시 시도하세요',
    });
    expect((await userInfo()).statusCode).toBe(200);
  });

  it('answers 503 when a statement runs past DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/sleep' });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('数据服务暂时中断，您的操作未完成，请稍后重试');
    expect((await userInfo()).statusCode).toBe(200);
  });

  it('never answers a 5xx but 503 while connections are ended under load, and none once they are not', async () => {
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      let n = 0;
      while (running) {
        const batch = await Promise.all([
          userInfo(),
          app.inject({
            method: 'POST',
            url: '/api/v1/auth/role',
            headers: authHeaders(token),
            payload: { name: `load${(n += 1)}` },
          }),
          app.inject({ method: 'GET', url: '/api/v1/auth/role?page=1&limit=10&status=1', headers: authHeaders(token) }),
        ]);
        statuses.push(...batch.map((r) => r.statusCode));
      }
    })();
    let ended = 0;
    // Eight rounds at least, and on until enough requests ran through them (a slow machine
    // completes fewer per round).
    for (let round = 0; round < 8 || (statuses.length <= 20 && round < 200); round++) {
      await new Promise((r) => setTimeout(r, 60));
      ended += await terminateAll();
    }
    running = false;
    await load;

    expect(ended).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    const after: number[] = [];
    for (let i = 0; i < 15; i++) after.push((await userInfo()).statusCode);
    expect(after).toEqual(Array(15).fill(200));
  });
});
