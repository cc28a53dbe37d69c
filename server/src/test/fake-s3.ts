import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver, a fake for tests only) with one empty bucket, and a
 * client of its own to look into the bucket directly, past the app. s3rver checks request
 * signatures against its fixed key pair, so a wrong credential or a badly signed request from
 * the app fails here as it would against a real bucket.
 */
export type FakeS3 = {
  bucket: string;
  /** The S3_* variables that point the app at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  drop(key: string): Promise<void>;
  /** Every request the bucket was sent, as `METHOD path?query`, oldest first. */
  requests: string[];
  close(): Promise<void>;
};

export async function startFakeS3(bucket = 'seller-centre-test'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fake-s3-'));
  const server = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.configureBuckets();
  // s3rver's handler behind a server of our own, which notes each request (multipart parts show).
  const requests: string[] = [];
  const handle = server.callback();
  const http = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's only key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  return {
    bucket,
    requests,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async drop(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
