import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver, a fake for tests only) with one empty bucket, and a
 * client of its own to look into the bucket directly, past the app. s3rver knows one key pair but
 * checks only the key id of a (V4) signed request, so the server in front of it checks each
 * request's signature too: a wrong secret or a badly signed request from the app fails here as it
 * would against a real bucket.
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

// s3rver's only key pair.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** SHA-256, or its HMAC when given a key, in the shape the signer asks for. */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

/**
 * Whether a request carries a V4 signature made with the key pair, recomputed over the headers it
 * says it signed. Unsigned requests pass on, for s3rver to refuse.
 */
async function signedByKeyPair(req: IncomingMessage): Promise<boolean> {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!req.headers.authorization) return true;
  if (!match || match[1] !== credentials.accessKeyId) return false;
  const [, , region, signedHeaders, signature] = match;
  const url = new URL(req.url ?? '/', 'http://fake-s3');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) headers[name] = String(req.headers[name] ?? '');
  const signer = new SignatureV4({ service: 's3', region: region!, credentials, sha256: Sha256, uriEscapePath: false });
  const amzDate = headers['x-amz-date'] ?? '';
  const signed = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
    },
    {
      signingDate: new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')),
      signableHeaders: new Set(signedHeaders!.split(';')),
    },
  );
  return String(signed.headers.authorization).endsWith(`Signature=${signature}`);
}

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
    void signedByKeyPair(req).then((valid) => {
      if (valid) return handle(req, res);
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
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
