import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkBucket, connectS3, s3SettingsOf, s3Store } from './s3.ts';
import { directoryStore, type FileStore } from './store.ts';

/** Upload keys: `<tenant>/<random id>`, made by uploads/service.ts. */
export const UPLOAD_KEYS = /^[0-9]{1,19}\/[0-9a-f]{32}$/;
/** Finished exports: `<tenant>/<task>-<claim>.<format>`, made by exports/service.ts. */
export const EXPORT_KEYS = /^[0-9]{1,19}\/[0-9]{1,19}-[0-9]{1,10}\.(csv|xlsx)$/;

export type FileStores = { uploads: FileStore; exports: FileStore };

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and finished exports are kept: under DATA_DIR, or in the configured bucket. */
    files: FileStores;
  }
}

/**
 * The file stores, one per area. With S3_* configured both areas live in the bucket (under
 * `uploads/` and `exports/`); otherwise under `<DATA_DIR>/uploads` and `<DATA_DIR>/exports`.
 * The keys are the same in both, so rows written before a move to a bucket keep working once
 * their files are copied across under the same names.
 */
async function fileStorage(app: FastifyInstance) {
  const settings = s3SettingsOf(app.config);
  if (!settings) {
    app.decorate('files', {
      uploads: directoryStore(path.join(app.config.DATA_DIR, 'uploads'), UPLOAD_KEYS),
      exports: directoryStore(path.join(app.config.DATA_DIR, 'exports'), EXPORT_KEYS),
    } satisfies FileStores);
    return;
  }
  const s3 = await connectS3(settings);
  try {
    await checkBucket(s3, settings);
  } catch (error) {
    s3.client.destroy();
    throw error;
  }
  app.decorate('files', {
    uploads: s3Store(s3, 'uploads', UPLOAD_KEYS),
    exports: s3Store(s3, 'exports', EXPORT_KEYS),
  } satisfies FileStores);
  app.log.info({ bucket: settings.bucket, endpoint: settings.endpoint ?? 'aws' }, 'files are kept in an S3 bucket');
  app.addHook('onClose', async () => s3.client.destroy());
}

export default fp(fileStorage, { name: 'file-storage', dependencies: ['config'] });
