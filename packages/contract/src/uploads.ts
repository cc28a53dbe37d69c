import { z } from 'zod';
import { OPS_PREFIX } from './operators.ts';

/**
 * Uploaded images (payment proofs, withdrawal vouchers): sent as multipart/form-data, kept
 * privately, read back only by the tenant that owns them and by operators. Other calls refer
 * to them by `upload_id`.
 */
export const uploadPaths = {
  upload: '/api/v1/uploads',
  file: '/api/v1/uploads/:upload_id',
} as const;

export const opsUploadPaths = {
  upload: `${OPS_PREFIX}/uploads`,
  file: `${OPS_PREFIX}/uploads/:upload_id`,
} as const;

/** The only kinds taken, recognised by their bytes, never by the name or the declared type. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** The largest file taken, in bytes (5 MB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The most files one request may carry, unless the call asks for fewer. */
export const UPLOAD_MAX_FILES = 5;

export const ZUploadId = z.string().regex(/^[0-9a-f]{32}$/, 'invalidUploadId');

export const ZUploadQuery = z.object({
  /** How many files this request may carry at most (the form's own limit), 1 to 5. */
  max_files: z.coerce.number().int().min(1).max(UPLOAD_MAX_FILES).default(UPLOAD_MAX_FILES),
});

export const ZOpsUploadQuery = ZUploadQuery.extend({
  /** The tenant the file belongs to (who may read it besides operators). */
  tenant_id: z.coerce.number().int().positive(),
});

export const ZUploadParams = z.object({ upload_id: ZUploadId });

export const ZUploadedFile = z.object({
  upload_id: ZUploadId,
  /** Where the owner (or an operator, under /api/ops) reads it back, with its token. */
  url: z.string(),
  content_type: z.enum(UPLOAD_CONTENT_TYPES),
  size: z.number().int().positive(),
  name: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZUploadResult = z.object({ files: z.array(ZUploadedFile) });
export type TUploadResult = z.infer<typeof ZUploadResult>;
