import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config.ts';
import { checkKey, FileMissingError, type FileStore } from './store.ts';

export type S3Settings = {
  /** Unset: Amazon S3 itself, by region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most self-hosted stores). */
  forcePathStyle: boolean;
};

type S3Variables = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The bucket settings, or undefined when files stay under DATA_DIR (config.ts checked they are whole). */
export function s3SettingsOf(config: S3Variables): S3Settings | undefined {
  const { S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_REGION || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: config.S3_ENDPOINT,
    region: S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** One client per instance, shared by every area's store. */
export type S3Connection = {
  client: S3Sdk.S3Client;
  bucket: string;
  sdk: typeof S3Sdk;
  Upload: typeof S3Upload;
};

/**
 * The SDK is loaded here, on first need, so an instance that keeps its files under DATA_DIR
 * does not pay for loading it at every start.
 */
export async function connectS3(settings: S3Settings): Promise<S3Connection> {
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums on uploads only where S3 requires them: the SDK's default (a trailing checksum
    // in aws-chunked bodies) is refused by many S3-compatible stores. TLS already guards the
    // bytes in transit; answers are still checked when the store sends a checksum.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return { client, bucket: settings.bucket, sdk, Upload };
}

/** How long the start waits for the bucket to answer, retries included. */
const BUCKET_CHECK_MS = 15_000;

/**
 * Asks for the bucket once (HeadBucket), so a wrong bucket, endpoint or key stops the start
 * with one line instead of failing the first upload or export.
 */
export async function checkBucket(s3: S3Connection, settings: S3Settings): Promise<void> {
  const where = `S3 bucket "${settings.bucket}" at ${settings.endpoint ?? `Amazon S3 (${settings.region})`}`;
  try {
    await s3.client.send(new s3.sdk.HeadBucketCommand({ Bucket: s3.bucket }), {
      abortSignal: AbortSignal.timeout(BUCKET_CHECK_MS),
    });
  } catch (error) {
    throw new Error(`${where}: ${bucketProblem(error)}`);
  }
}

/** What a failed HeadBucket means to whoever set S3_* (HEAD answers carry no error body). */
function bucketProblem(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') return 'no such bucket (check S3_BUCKET)';
  if (status === 403 || status === 401) {
    return `access denied (${status}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights (HeadBucket needs s3:ListBucket)`;
  }
  if (status === 301) return 'the bucket is in another region (check S3_REGION)';
  if (status !== undefined) return `answered HTTP ${status}`;
  const reason =
    e.name === 'TimeoutError' || e.name === 'AbortError'
      ? `no answer within ${BUCKET_CHECK_MS / 1000} s`
      : (e.code ?? e.message ?? String(error));
  return `unreachable (${reason}; check S3_ENDPOINT and the network)`;
}

/** Parts of a multipart upload: 8 MiB each, two in flight, so an export never sits in memory whole. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * The store in the bucket, under `<prefix>/` (one prefix per area, `uploads/` and `exports/`),
 * for keys matching `keys`. Objects are written private (no ACL is set: the bucket's own,
 * which must not be public); nothing here makes a link to them.
 */
export function s3Store(s3: S3Connection, prefix: string, keys: RegExp): FileStore {
  const { client, bucket, sdk } = s3;
  const objectKey = (key: string) => `${prefix}/${checkKey(key, keys)}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      // One PutObject: S3 keeps the object whole or not at all.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
        }),
      );
    },
    async putFile(key, localPath, contentType) {
      // lib-storage sends a small file in one request and a large one in parts; the object
      // appears only when the last part is in.
      const upload = new s3.Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: createReadStream(localPath), ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
      await rm(localPath, { force: true });
    },
    async open(key) {
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!answer.Body) throw new FileMissingError(key);
        return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) throw new FileMissingError(key);
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing object as done.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
