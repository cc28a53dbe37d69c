import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { registerNumbersExport } from '../../test/numbers-export.ts';
import type * as Queue from '../jobs/queue.ts';
import { addExportTask, EXPORT_STATUS } from './service.ts';

// The worker's first attempt to work the queue meets a database that is away for a moment.
vi.mock('../jobs/queue.ts', async (original) => {
  const actual = await original<typeof Queue>();
  return {
    ...actual,
    createJobQueue: (...args: Parameters<typeof actual.createJobQueue>) => {
      const queue = actual.createJobQueue(...args);
      let refused = false;
      return {
        ...queue,
        async work(...workArgs: Parameters<typeof queue.work>) {
          if (!refused) {
            refused = true;
            throw new Error('Connection terminated unexpectedly');
          }
          return queue.work(...workArgs);
        },
      };
    },
  };
});

registerNumbersExport('worker-start-numbers', (i) => `row ${i}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'worker-start-'));
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ JOB_WORKER: 'true', JOB_POLL_SECONDS: '0.5', DATA_DIR: dataDir });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('works exports after a worker start the database refused, by trying the start again', async () => {
  const tenant = await createTenant(app);
  const { id } = await addExportTask(
    app.exports,
    { tenantId: tenant.tenantId, userId: tenant.tenantId, lang: 'zh' },
    { type: 'worker-start-numbers', filters: { n: 3 }, format: 'csv' },
  );
  const status = () =>
    app.db
      .selectFrom('export_tasks')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((t) => t.status);
  await expect.poll(status, { timeout: 25_000, interval: 200 }).toBe(EXPORT_STATUS.done);
});
