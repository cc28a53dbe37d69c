import { envelope } from '@seller-centre/contract/envelope';
import {
  opsUploadPaths,
  uploadPaths,
  ZOpsUploadQuery,
  ZUploadParams,
  ZUploadQuery,
  ZUploadResult,
  type TUploadedFile,
} from '@seller-centre/contract/uploads';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../access.ts';
import { principalOf } from '../auth.ts';
import { ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { errors } from '../openapi.ts';
import { operatorContextOf } from '../operator-auth.ts';
import { registerMultipart, receiveFiles, type ReceivedFile } from './receive.ts';
import { checkImage, openUpload, saveUpload, type UploadOwner, type UploadReader } from './service.ts';
import { transaction } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../storage/store.ts';

const tags = ['uploads'];

async function saveAll(
  db: Db,
  store: FileStore,
  owner: UploadOwner,
  files: ReceivedFile[],
  urlOf: (id: string) => string,
): Promise<TUploadedFile[]> {
  // Every file is checked before any is kept: one bad file refuses the request as a whole.
  for (const file of files) checkImage(file);
  return transaction(db, async (tx) => {
    const saved: TUploadedFile[] = [];
    for (const file of files) {
      const one = await saveUpload(tx, store, owner, file);
      saved.push({
        upload_id: one.id,
        url: urlOf(one.id),
        content_type: one.contentType,
        size: one.size,
        name: one.name,
      });
    }
    return saved;
  });
}

async function sendUpload(db: Db, store: FileStore, reader: UploadReader, id: string, reply: FastifyReply) {
  const file = await openUpload(db, store, reader, id);
  return reply
    .type(file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=300')
    .header('content-security-policy', "default-src 'none'")
    .header('content-disposition', `inline; filename="${id}.${file.contentType === 'image/png' ? 'png' : 'jpg'}"`)
    .send(file.stream);
}

const fileResponse = z.any().describe('The image bytes (image/jpeg or image/png)');

/** Tenant routes: any signed-in account of the tenant uploads and reads the tenant's images. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const store = app.files.uploads;

  app.post(
    uploadPaths.upload,
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        operationId: 'uploadImages',
        summary: 'Upload 1 to max_files JPEG/PNG images (multipart/form-data, 5 MB each); answers their ids',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 200: envelope(ZUploadResult) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const files = await receiveFiles(request, request.query.max_files);
      const saved = await saveAll(
        app.db,
        store,
        { tenantId: principal.tenantId, userId: principal.userId },
        files,
        (id) => uploadPaths.file.replace(':upload_id', id),
      );
      return ok({ files: saved });
    },
  );

  app.get(
    uploadPaths.file,
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        operationId: 'getUpload',
        summary: "One of the tenant's uploaded images (404 for any other tenant's)",
        params: ZUploadParams,
        produces: ['image/jpeg', 'image/png'],
        response: { 200: fileResponse, ...errors(404) },
      },
    },
    async (request, reply) =>
      sendUpload(app.db, store, { tenantId: principalOf(request).tenantId }, request.params.upload_id, reply),
  );
};

/** Operator routes: operators upload for a tenant (a withdrawal voucher, say) and read any upload. */
export const opsUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const store = app.files.uploads;
  const opsTags = ['operator console'];

  app.post(
    opsUploadPaths.upload,
    {
      // Operators upload only a withdrawal's transfer voucher today, as part of approving it.
      config: { operatorPermission: 'money' },
      schema: {
        tags: opsTags,
        operationId: 'opsUploadImages',
        summary: 'Upload images that belong to a tenant (it may read them too); JPEG/PNG, 5 MB each',
        consumes: ['multipart/form-data'],
        querystring: ZOpsUploadQuery,
        response: { 200: envelope(ZUploadResult), ...errors(404) },
      },
    },
    async (request) => {
      const operator = operatorContextOf(request);
      const tenant = await app.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', request.query.tenant_id)
        .where('user_type', '=', 1)
        .executeTakeFirst();
      if (!tenant) throw AppError.notFound('notFound');
      const files = await receiveFiles(request, request.query.max_files);
      const saved = await saveAll(
        app.db,
        store,
        { tenantId: tenant.id, operatorId: operator.operatorId },
        files,
        (id) => opsUploadPaths.file.replace(':upload_id', id),
      );
      return ok({ files: saved });
    },
  );

  app.get(
    opsUploadPaths.file,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags: opsTags,
        operationId: 'opsGetUpload',
        summary: "Any tenant's uploaded image",
        params: ZUploadParams,
        produces: ['image/jpeg', 'image/png'],
        response: { 200: fileResponse, ...errors(404) },
      },
    },
    async (request, reply) => sendUpload(app.db, store, { operator: true }, request.params.upload_id, reply),
  );
};
