import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import app, { serverOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPglite, transaction } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { seedWarehouseDemo } from '../../db/seeds/warehouse.ts';
import { producerOf } from '../../platform/exports/registry.ts';
import { createTenant } from '../../test/access-factories.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../test/build-app.ts';
import { WAREHOUSE_EXPORTS } from './local/exports.ts';

/**
 * A cloud warehouse fee-flow export (asyncExport through /api/v1/common/wmsUnit) whose server is
 * stopped half-way is finished by the next server on the same database, and the file it leaves
 * holds every row once. The rows added here share one timestamp (one transaction's now(), as a
 * fee import writes them) and span three pages, so a page key that lost precision would leave
 * rows out.
 */

const WORKER = { JOB_WORKER: 'true', JOB_POLL_SECONDS: '0.5', EXPORT_STALE_SECONDS: '3' };
const EXTRA_ROWS = 12_000;

// The first server stops dead after its first page (as a killed process would), until told not to.
let hanging = true;
const flow = producerOf(WAREHOUSE_EXPORTS[1])!;
const readPages = flow.streamRows.bind(flow);
flow.streamRows = async function* (...args) {
  let pages = 0;
  for await (const page of readPages(...args)) {
    if (pages++ === 1 && hanging) await new Promise(() => undefined);
    yield page;
  }
};

const storeDir = mkdtempSync(path.join(tmpdir(), 'wh-export-restart-'));
afterAll(() => rmSync(storeDir, { recursive: true, force: true }));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('finishes a warehouse export after the server working it was stopped, with every row in the file', async () => {
  let owner: TestApp | undefined;
  let start: () => Promise<TestApp>;
  if (onPostgres) {
    // A database of its own, held by an instance that works no queue; the two workers come and go on it.
    owner = await buildTestApp({ JOB_WORKER: 'false', DATA_DIR: storeDir });
    const holder = owner;
    start = () => buildTestApp({ ...WORKER, DATA_DIR: storeDir }, { sameDatabaseAs: holder });
  } else {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: storeDir,
      ...WORKER,
    });
    start = async () => {
      const handle = await openPglite(path.join(storeDir, 'pglite'));
      await migrate(handle);
      const instance = Fastify({ ...serverOptions(config), logger: false });
      await instance.register(app, { config, db: handle });
      await instance.ready();
      return instance as TestApp;
    };
  }

  const first = await start();
  const tenant = await createTenant(first);
  await transaction(first.db, (tx) => seedWarehouseDemo(tx, tenant.tenantId));
  const providers = await first.inject({
    method: 'GET',
    url: '/api/v1/user/server/list',
    headers: { authorization: tenant.token },
  });
  const wwsId: number = providers.json().data.find((p: { name: string }) => p.name === 'Demo Cloud Warehouse').wws_id;
  await sql`
    INSERT INTO wh_fee_flows (main_id, wws_id, key, direction, amount, balance_after, ft_code, platform, reference_no)
    SELECT ${tenant.tenantId}, ${wwsId}, 'restart-' || g, 2, 100 + g, g, (SELECT min(code) FROM wh_fee_types), 'shopee',
           'RESTART' || g
      FROM generate_series(1, ${EXTRA_ROWS}::int) g`.execute(first.db);

  const wms = (on: TestApp, service: string, params: Record<string, unknown>) =>
    on.inject({
      method: 'POST',
      url: '/api/v1/common/wmsUnit',
      headers: { authorization: tenant.token, 'accept-language': 'zh' },
      payload: { service, wws_id: wwsId, params },
    });
  const counted = await first.db
    .selectFrom('wh_fee_flows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('wws_id', '=', wwsId)
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  expect(total).toBeGreaterThan(EXTRA_ROWS);

  const queued = await wms(first, 'asyncExport', { exportType: 1 });
  expect(queued.statusCode, queued.body).toBe(200);
  const taskId = Number(queued.json().data.aes_id);
  const running = await waitFor(
    () => first.db.selectFrom('export_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow(),
    (row) => row.status === 2 && row.rows_written > 0,
  );
  expect(running.rows_written).toBeLessThan(total);

  // The server goes away mid-export: its pool is closed, its heartbeat stops.
  await first.close();
  hanging = false;
  const second = await start();
  try {
    type Task = { aes_id: string; aes_status: number; aes_progress: number; aes_url: string };
    const task = await waitFor(
      async () =>
        ((await wms(second, 'getExportResults', { exportType: 1 })).json().data.data as Task[]).find(
          (t) => t.aes_id === String(taskId),
        )!,
      (t) => t.aes_status === 3 || t.aes_status === 2,
    );
    expect(task).toMatchObject({ aes_status: 3, aes_progress: 100 });
    const file = await second.inject({ method: 'GET', url: task.aes_url });
    expect(file.statusCode).toBe(200);
    const lines = file.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(total);
    // Every row once: each added row's reference number (column 6) appears exactly once.
    const references = new Set(lines.map((line) => line.split(',')[5]).filter((ref) => ref?.startsWith('RESTART')));
    expect(references.size).toBe(EXTRA_ROWS);
    const row = await second.db
      .selectFrom('export_tasks')
      .select(['claim'])
      .where('id', '=', taskId)
      .executeTakeFirst();
    expect(row?.claim).toBe(2);
  } finally {
    await second.close();
    await owner?.close();
  }
}, 300_000);
