import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadPaths } from '@seller-centre/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.ts';
import { registerNumbersExport } from '../../test/numbers-export.ts';
import { addExportTask, listExportTasks } from '../exports/service.ts';

/** Rows long enough that the file goes up in several parts (over 8 MiB). */
const FILLER = '长'.repeat(150);
registerNumbersExport('test-s3-lines', (i) => `${FILLER}${i}`, 1000);

const dataDir = mkdtempSync(path.join(tmpdir(), 's3-store-test-'));
let s3: FakeS3;
let app: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  s3 = await startFakeS3();
  app = await buildTestApp({
    ...s3.env,
    DATA_DIR: dataDir,
    JOB_WORKER: 'true',
    JOB_POLL_SECONDS: '0.5',
  });
  tenant = await createTenant(app);
  other = await createTenant(app);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);

function uploadImage(token: string, bytes: Buffer) {
  const boundary = '----s3test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: uploadPaths.upload,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** Every file under `dir`, however deep; none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function waitForTask(id: number) {
  const until = Date.now() + 60_000;
  for (;;) {
    const row = await app.db.selectFrom('export_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status >= 3) return row;
    if (Date.now() > until) throw new Error(`export ${id} not finished: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('files in an S3 bucket', () => {
  it('keeps an uploaded proof image in the bucket, reads it back to its tenant only, and removes it', async () => {
    const res = await uploadImage(tenant.token, PNG);
    expect(res.statusCode).toBe(200);
    const { upload_id: id, url } = res.json().data.files[0] as { upload_id: string; url: string };

    // In the bucket under the tenant's key, byte for byte; nothing on the local disk.
    const key = `uploads/${tenant.tenantId}/${id}`;
    expect(await s3.keys('uploads/')).toContain(key);
    expect((await s3.read(key))?.equals(PNG)).toBe(true);
    expect(filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);

    const mine = await app.inject({ method: 'GET', url, headers: { authorization: tenant.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-length']).toBe(String(PNG.length));
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    const theirs = await app.inject({ method: 'GET', url, headers: { authorization: other.token } });
    expect(theirs.statusCode).toBe(404);

    await app.files.uploads.remove(`${tenant.tenantId}/${id}`);
    expect(await s3.keys('uploads/')).not.toContain(key);
    const gone = await app.inject({ method: 'GET', url, headers: { authorization: tenant.token } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, data: null });
  });

  it('moves a finished export of several parts into the bucket and downloads it intact by its signed link', async () => {
    const rows = 25_000;
    const { id } = await addExportTask(
      app.exports,
      { tenantId: tenant.tenantId, userId: tenant.tenantId, lang: 'zh' },
      { type: 'test-s3-lines', filters: { n: rows }, format: 'csv' },
    );
    const task = await waitForTask(id);
    expect(task).toMatchObject({ status: 3, rows_written: rows, file_path: `${tenant.tenantId}/${id}-1.csv` });

    const key = `exports/${tenant.tenantId}/${id}-1.csv`;
    expect(await s3.keys('exports/')).toEqual([key]);
    const stored = (await s3.read(key))!;
    expect(stored.length).toBeGreaterThan(8 * 1024 * 1024);
    // It went up as a multipart upload, in two parts (8 MiB each at most), never whole.
    const parts = s3.requests.filter((r) => r.startsWith(`PUT /${s3.bucket}/${key}?`) && r.includes('partNumber='));
    expect(parts).toHaveLength(2);
    // The working copy is gone once the file is in the bucket; nothing else stays on disk.
    expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'exports'))).toEqual([]);

    const list = await listExportTasks(app.exports, tenant.tenantId, { type: 'test-s3-lines', page: 1, pageSize: 10 });
    const link = list.data.find((t) => t.id === id)!.url;
    expect(link).toMatch(/^\/api\/v1\/export\/download\//);
    const res = await app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(stored.length));
    expect(res.rawPayload.equals(stored)).toBe(true);
    const lines = res.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(rows + 1);
    expect(lines[rows]).toBe(`${rows},${FILLER}${rows}`);

    // A file gone from the bucket is a 404, not a broken download.
    await app.files.exports.remove(task.file_path!);
    expect(await s3.keys('exports/')).toEqual([]);
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  }, 120_000);
});
