import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { opsUploadPaths, uploadPaths, UPLOAD_MAX_BYTES } from '@seller-centre/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createTestOperator } from '../../test/operator-factories.ts';
import { assertOwnedUploads } from './service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-test-'));
let app: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let operator: { token: string };

beforeAll(async () => {
  app = await buildTestApp({ DATA_DIR: dataDir });
  tenant = await createTenant(app);
  other = await createTenant(app);
  operator = await createTestOperator(app);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

type Part = { name: string; bytes: Buffer; type?: string };

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(token: string, parts: Part[], url: string = uploadPaths.upload) {
  const { body, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: token, 'content-type': contentType },
    payload: body,
  });
}

describe('uploads', () => {
  it('takes JPEG and PNG images and gives them back to their tenant with their type and nosniff', async () => {
    const res = await upload(tenant.token, [
      { name: 'a.png', bytes: PNG },
      { name: 'b.jpg', bytes: JPEG, type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files;
    expect(files.map((f: { content_type: string }) => f.content_type)).toEqual(['image/png', 'image/jpeg']);
    const read = await app.inject({ method: 'GET', url: files[1].url, headers: { authorization: tenant.token } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuses a non-image renamed to .png, by its bytes, and a PNG-named text claiming image/png', async () => {
    const res = await upload(tenant.token, [{ name: 'photo.png', bytes: Buffer.from('%PDF-1.7 not an image') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
    expect(res.json().msg).toContain('只能上传 JPG 或 PNG');
  });

  it('refuses a sixth image in one request, and keeps none of the five', async () => {
    const before = await app.db
      .selectFrom('uploads')
      .select(app.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
    const res = await upload(tenant.token, six);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('一次最多上传 5 张图片');
    const after = await app.db
      .selectFrom('uploads')
      .select(app.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('honours a smaller per-request limit the form asks for', async () => {
    const res = await upload(
      tenant.token,
      [
        { name: 'a.png', bytes: PNG },
        { name: 'b.png', bytes: PNG },
      ],
      `${uploadPaths.upload}?max_files=1`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('一次最多上传 1 张图片');
  });

  it('refuses an image over 5 MB with a 400 envelope, not a 500', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES, 0)]);
    const res = await upload(tenant.token, [{ name: 'big.png', bytes: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null, msg: '图片：图片不能超过 5MB' });
  });

  it('refuses a request that is not multipart, and one without files', async () => {
    const json = await app.inject({
      method: 'POST',
      url: uploadPaths.upload,
      headers: { authorization: tenant.token },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    const empty = await upload(tenant.token, []);
    expect(empty.statusCode).toBe(400);
  });

  it("answers 404 to another tenant and to a stranger's guess; an operator reads any tenant's upload", async () => {
    const res = await upload(tenant.token, [{ name: 'a.png', bytes: PNG }]);
    const id = res.json().data.files[0].upload_id as string;
    const url = uploadPaths.file.replace(':upload_id', id);
    const foreign = await app.inject({ method: 'GET', url, headers: { authorization: other.token } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 404, data: null });
    const noToken = await app.inject({ method: 'GET', url });
    expect(noToken.statusCode).toBe(401);
    const ops = await app.inject({
      method: 'GET',
      url: opsUploadPaths.file.replace(':upload_id', id),
      headers: { authorization: operator.token },
    });
    expect(ops.statusCode).toBe(200);
    expect(ops.headers['content-type']).toBe('image/png');
    expect(ops.rawPayload.equals(PNG)).toBe(true);
    // A seller's token is no operator's.
    const sellerAsOps = await app.inject({
      method: 'GET',
      url: opsUploadPaths.file.replace(':upload_id', id),
      headers: { authorization: tenant.token },
    });
    expect(sellerAsOps.statusCode).toBe(401);
  });

  it('lets an operator upload for a tenant, which the tenant then reads', async () => {
    const res = await upload(
      operator.token,
      [{ name: 'voucher.jpg', bytes: JPEG }],
      `${opsUploadPaths.upload}?tenant_id=${tenant.tenantId}`,
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().data.files[0].upload_id as string;
    const read = await app.inject({
      method: 'GET',
      url: uploadPaths.file.replace(':upload_id', id),
      headers: { authorization: tenant.token },
    });
    expect(read.statusCode).toBe(200);
    await expect(assertOwnedUploads(app.db, tenant.tenantId, [id])).resolves.toBeUndefined();
    await expect(assertOwnedUploads(app.db, other.tenantId, [id])).rejects.toMatchObject({ code: 400 });
  });
});
