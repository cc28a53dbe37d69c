import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { serverOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPglite, type Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../test/build-app.ts';
import { registerNumbersExport, type NumbersFilters } from '../../test/numbers-export.ts';
import { addExportTask, EXPORT_STATUS, listExportTasks, removeStaleWorkFiles, type ExportFormat } from './service.ts';

const numbers = registerNumbersExport('test-numbers', (i) => (i === 1 ? '=HYPERLINK("x")' : `第 ${i} 行, "引号"`));

const WORKER = { JOB_WORKER: 'true', JOB_POLL_SECONDS: '0.5', EXPORT_STALE_SECONDS: '3' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'exports-test-'));
let main: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  main = await buildTestApp({ ...WORKER, DATA_DIR: dataDir });
  tenant = await createTenant(main);
  other = await createTenant(main);
});
afterAll(async () => {
  await main.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const taskRow = (db: Db, id: number) =>
  db.selectFrom('export_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function exportNumbers(on: TestApp, t: TestTenant, filters: NumbersFilters, format: ExportFormat = 'csv') {
  return addExportTask(
    on.exports,
    { tenantId: t.tenantId, userId: t.tenantId, lang: 'zh' },
    { type: 'test-numbers', filters, format },
  );
}

async function linkOf(on: TestApp, t: TestTenant, id: number) {
  const list = await listExportTasks(on.exports, t.tenantId, { type: 'test-numbers', page: 1, pageSize: 50 });
  return list.data.find((task) => task.id === id)?.url ?? '';
}

describe('exports', () => {
  it('writes a CSV with a BOM, localized headers and quoted cells, reports 100%, and downloads by a signed link', async () => {
    const { id, fileName } = await exportNumbers(main, tenant, { n: 2500 });
    expect(fileName).toMatch(/^数字_\d{14}\.csv$/);
    const done = await waitFor(
      () => taskRow(main.db, id),
      (t) => t.status >= 3,
    );
    expect(done).toMatchObject({ status: 3, progress: 100, rows_written: 2500, claim: 1 });
    const url = await linkOf(main, tenant, id);
    const res = await main.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('序号,说明');
    expect(lines).toHaveLength(2501);
    // A cell a spreadsheet would run as a formula is defused; quotes and commas are quoted.
    expect(lines[1]).toBe(`1,"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toBe('2,"第 2 行, ""引号"""');
  });

  it('writes an XLSX that a spreadsheet reader opens, row for row', async () => {
    const { id } = await exportNumbers(main, tenant, { n: 1200 }, 'xlsx');
    await waitFor(
      () => taskRow(main.db, id),
      (t) => t.status >= 3,
    );
    const res = await main.inject({ method: 'GET', url: await linkOf(main, tenant, id) });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(1201);
    expect(sheet.getRow(1).values).toEqual([undefined, '序号', '说明']);
    expect(sheet.getRow(1201).getCell(1).value).toBe(1200);
  });

  it('refuses a tampered or expired link, and lists a task to its own tenant only', async () => {
    const { id } = await exportNumbers(main, tenant, { n: 3 });
    await waitFor(
      () => taskRow(main.db, id),
      (t) => t.status >= 3,
    );
    const url = new URL(await linkOf(main, tenant, id), 'http://x');
    const tampered = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 1}&signature=${url.searchParams.get('signature')}`;
    expect((await main.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherTask = url.pathname.replace(/\/\d+$/, `/${id + 1000}`);
    expect((await main.inject({ method: 'GET', url: `${otherTask}${url.search}` })).statusCode).toBe(403);
    const expired = { ...main.exports, linkTtlSeconds: -5 };
    const old = new URL(
      (await listExportTasks(expired, tenant.tenantId, { type: 'test-numbers', page: 1, pageSize: 50 })).data.find(
        (t) => t.id === id,
      )!.url,
      'http://x',
    );
    const res = await main.inject({ method: 'GET', url: `${old.pathname}${old.search}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('下载链接已过期，请在导出下载列表中重新下载');
    expect(await linkOf(main, other, id)).toBe('');
  });

  it('fails a task whose producer throws, with a note, and keeps no file', async () => {
    const { id } = await exportNumbers(main, tenant, { n: 5 });
    // Filters that stop parsing when the worker reads them back.
    await main.db
      .updateTable('export_tasks')
      .set({ filters: JSON.stringify({ n: -1 }) })
      .where('id', '=', id)
      .execute();
    const failed = await waitFor(
      () => taskRow(main.db, id),
      (t) => t.status >= 3,
    );
    expect(failed).toMatchObject({ status: 4, error_note: 'export failed', file_path: null });
  });
});

describe('an export outlives the process working it', () => {
  it('is finished by a new instance on the same database after the first was stopped mid-way', async () => {
    numbers.hanging = true;
    const storeDir = mkdtempSync(path.join(tmpdir(), 'exports-kill-'));
    const config = (extra: Record<string, string> = {}) =>
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: storeDir,
        ...WORKER,
        ...extra,
      });
    let first: TestApp;
    let secondFactory: () => Promise<TestApp>;
    let owner: TestApp | undefined;
    if (onPostgres) {
      // A database of its own, held by an instance that works no queue; the two workers come
      // and go on it.
      const holder = await buildTestApp({ JOB_WORKER: 'false', DATA_DIR: storeDir });
      owner = holder;
      first = await buildTestApp({ ...WORKER, DATA_DIR: storeDir }, { sameDatabaseAs: holder });
      secondFactory = () => buildTestApp({ ...WORKER, DATA_DIR: storeDir }, { sameDatabaseAs: holder });
    } else {
      const pgliteDir = path.join(storeDir, 'pglite');
      const open = async () => {
        const handle = await openPglite(pgliteDir);
        await migrate(handle);
        const instance = Fastify({ ...serverOptions(config()), logger: false });
        await instance.register(app, { config: config(), db: handle });
        await instance.ready();
        return instance as TestApp;
      };
      first = await open();
      secondFactory = open;
    }
    const t = await createTenant(first);
    const { id } = await exportNumbers(first, t, { n: 3000, hangAt: 1500 });
    const running = await waitFor(
      () => taskRow(first.db, id),
      (row) => row.status === 2 && row.rows_written > 0,
    );
    expect(running.progress).toBeLessThan(100);
    // The process goes away mid-export: its pool is closed, its heartbeat stops.
    await first.close();
    numbers.hanging = false;
    const second = await secondFactory();
    try {
      const done = await waitFor(
        () => taskRow(second.db, id),
        (row) => row.status >= 3,
        60_000,
      );
      expect(done).toMatchObject({ status: 3, progress: 100, rows_written: 3000, claim: 2 });
      const res = await second.inject({ method: 'GET', url: await linkOf(second, t, id) });
      expect(res.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(3001);
    } finally {
      await second.close();
      await owner?.close();
      rmSync(storeDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('working files a killed worker left', () => {
  /** A working file under `workDir`, last written `ageSeconds` ago. */
  function plant(workDir: string, name: string, ageSeconds: number): string {
    const file = path.join(workDir, String(tenant.tenantId), name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'partial');
    const at = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(file, at, at);
    return file;
  }

  it('are removed once stale, but not the file of a running task under its current claim, nor a fresh one', async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'exports-work-'));
    try {
      // A task that is running under its second claim: its file is kept however still it sits,
      // the first claim's file (the worker that lost it) goes.
      const { id, claim } = await main.db
        .insertInto('export_tasks')
        .values({
          main_id: tenant.tenantId,
          user_id: tenant.tenantId,
          type: 'test-numbers',
          filters: '{"n":1}',
          format: 'csv',
          lang: 'zh',
          file_name: 'x.csv',
          status: EXPORT_STATUS.running,
          claim: 2,
          heartbeat_at: new Date(),
        })
        .returning(['id', 'claim'])
        .executeTakeFirstOrThrow();
      const current = plant(workDir, `${id}-${claim}.csv`, 3600);
      const lost = plant(workDir, `${id}-${claim - 1}.csv`, 3600);
      const orphan = plant(workDir, `${id + 100_000}-1.xlsx`, 3600);
      const fresh = plant(workDir, `${id + 100_001}-1.csv`, 0);
      const removed = await removeStaleWorkFiles({ ...main.exports, workDir, staleSeconds: 60 });
      expect(removed.sort()).toEqual([lost, orphan].sort());
      expect([current, lost, orphan, fresh].map((f) => existsSync(f))).toEqual([true, false, false, true]);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('are removed when a worker starts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'exports-start-'));
    const orphan = plant(path.join(dir, 'tmp', 'exports'), '999999-1.csv', 3600);
    const worker = await buildTestApp({ ...WORKER, DATA_DIR: dir });
    try {
      // The worker starts a moment after the instance is ready.
      await waitFor(async () => existsSync(orphan), (exists) => !exists, 10_000);
      expect(existsSync(orphan)).toBe(false);
    } finally {
      await worker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('several instances on one database', () => {
  it('hands each task to one worker once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'exports-many-'));
    const a = await buildTestApp({ ...WORKER, DATA_DIR: dir }, { sameDatabaseAs: main });
    const b = await buildTestApp({ ...WORKER, DATA_DIR: dir }, { sameDatabaseAs: main });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push((await exportNumbers(i % 2 ? a : b, tenant, { n: 800 })).id);
      const rows = await waitFor(
        () =>
          main.db
            .selectFrom('export_tasks')
            .select(['id', 'status', 'claim', 'worker'])
            .where('id', 'in', ids)
            .execute(),
        (list) => list.every((r) => r.status >= 3),
        60_000,
      );
      expect(rows.every((r) => r.status === 3 && r.claim === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
