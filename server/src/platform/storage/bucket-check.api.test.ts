import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config, { loadConfig } from '../../config.ts';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.ts';
import fileStorage from './plugin.ts';

// The file storage alone, as the app registers it after its config: what a start with these
// S3_* variables does before any upload.
async function start(env: Record<string, string>) {
  const app = Fastify({ logger: false });
  await app.register(config, { config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }) });
  await app.register(fileStorage);
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bucket-check-test-'));
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the start checks the S3 bucket once', () => {
  it('starts when the bucket answers, having asked for it once', async () => {
    const before = s3.requests.length;
    await start(s3.env);
    expect(s3.requests.slice(before)).toEqual([`HEAD /${s3.bucket}/`]);
  });

  it('stops naming the bucket when there is no such bucket', async () => {
    await expect(start({ ...s3.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      `S3 bucket "no-such-bucket" at ${s3.env.S3_ENDPOINT}: no such bucket (check S3_BUCKET)`,
    );
  });

  it('stops with access denied when the bucket refuses the key', async () => {
    await expect(start({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' })).rejects.toThrow(
      /^S3 bucket "seller-centre-test" at .*: access denied \(403\): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  it('stops with access denied when the secret is wrong (the signature does not match)', async () => {
    await expect(start({ ...s3.env, S3_SECRET_ACCESS_KEY: 'NOT-THE-SECRET' })).rejects.toThrow(
      /^S3 bucket "seller-centre-test" at .*: access denied \(403\)/,
    );
  });

  it('stops with unreachable when nothing answers at the endpoint', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    await expect(start({ ...s3.env, S3_ENDPOINT: endpoint })).rejects.toThrow(
      new RegExp(`^S3 bucket "seller-centre-test" at ${endpoint}: unreachable \\(ECONNREFUSED; check S3_ENDPOINT`),
    );
  });
});
