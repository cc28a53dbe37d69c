import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@seller-centre/contract/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Multipart parsing for the scope it is registered in (never app-wide: only the upload routes
 * take multipart/form-data). The limits are the busboy ones: no file part over 5 MB is read to
 * the end, and no form carries more than a handful of text fields.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}

export type ReceivedFile = { bytes: Buffer; name: string; field: string };

/**
 * Every file part of a multipart request, read into memory (at most `maxFiles` × 5 MB), before
 * anything is stored: a request refused at its sixth file or its oversized third stores none.
 * The parser's own refusals become 400s in the caller's language, never a 500.
 */
export async function receiveFiles(request: FastifyRequest, maxFiles: number): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw AppError.badRequest('uploadNotMultipart');
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.files({ limits: { files: maxFiles, fileSize: UPLOAD_MAX_BYTES } })) {
      const bytes = await part.toBuffer();
      files.push({ bytes, name: part.filename ?? '', field: part.fieldname });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest('uploadTooLarge', { field: 'file', mb: 5 });
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest('uploadTooMany', { max: maxFiles });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.badRequest('uploadTooMany', { max: maxFiles });
    if (typeof code === 'string' && code.startsWith('FST_')) throw AppError.badRequest('uploadNotMultipart');
    // busboy's own complaints about a malformed body ("Unexpected end of form", ...).
    if (error instanceof Error && !(error instanceof AppError) && /form|multipart|boundary/i.test(error.message)) {
      throw AppError.badRequest('uploadNotMultipart');
    }
    throw error;
  }
  if (files.length === 0) throw AppError.badRequest('uploadNone');
  return files;
}
