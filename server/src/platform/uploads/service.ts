import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES } from '@seller-centre/contract/uploads';
import type { Db } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { FileMissingError, type FileStore } from '../storage/store.ts';

export type UploadContentType = 'image/jpeg' | 'image/png';

/**
 * What the bytes are, from their first bytes (the magic numbers), whatever the file is called
 * or claims to be: JPEG starts FF D8 FF, PNG with its 8-byte signature. Anything else is null.
 */
export function sniffImage(bytes: Uint8Array): UploadContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/** The image's type, or a 400 naming the field: empty, over 5 MB, or not JPEG/PNG by its bytes. */
export function checkImage(file: { bytes: Uint8Array; name: string; field?: string }): UploadContentType {
  const field = file.field ?? 'file';
  if (file.bytes.length === 0) throw AppError.badRequest('uploadEmpty', { field });
  if (file.bytes.length > UPLOAD_MAX_BYTES) throw AppError.badRequest('uploadTooLarge', { field, mb: 5 });
  const contentType = sniffImage(file.bytes);
  if (!contentType) throw AppError.badRequest('uploadNotImage', { field, name: file.name.slice(0, 80) });
  return contentType;
}

export type UploadOwner =
  | { tenantId: number; userId: number; operatorId?: undefined }
  | { tenantId: number; operatorId: number; userId?: undefined };

/**
 * Keeps one image for a tenant and answers its id. Refuses (400 naming the field) bytes that
 * are not JPEG or PNG and files over 5 MB. The bytes are stored before the row is written, so a
 * row never points at nothing; a failed insert removes them again.
 */
export async function saveUpload(
  db: Db,
  store: FileStore,
  owner: UploadOwner,
  file: { bytes: Uint8Array; name: string; field?: string },
): Promise<{ id: string; contentType: UploadContentType; size: number; name: string }> {
  const contentType = checkImage(file);
  const id = randomBytes(16).toString('hex');
  const storageKey = `${owner.tenantId}/${id}`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
  const name = file.name.replace(/[\\/\0-\x1f\x7f]/g, '').slice(0, 255);
  await store.put(storageKey, file.bytes, contentType);
  try {
    await db
      .insertInto('uploads')
      .values({
        id,
        main_id: owner.tenantId,
        user_id: owner.userId ?? null,
        operator_id: owner.operatorId ?? null,
        content_type: contentType,
        byte_size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        original_name: name,
        storage_key: storageKey,
      })
      .execute();
  } catch (error) {
    await store.remove(storageKey);
    throw error;
  }
  return { id, contentType, size: file.bytes.length, name };
}

/**
 * Throws a 400 naming `field` unless every id is an upload of this tenant: what a module calls
 * before it keeps upload ids on its own rows (a payment note's proofs, say), so nobody can
 * attach another tenant's file.
 */
export async function assertOwnedUploads(
  db: Db,
  tenantId: number,
  ids: readonly string[],
  field = 'upload_ids',
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if (unique.some((id) => !/^[0-9a-f]{32}$/.test(id))) throw AppError.badRequest('uploadNotFound', { field });
  const found = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('main_id', '=', tenantId)
    .where('id', 'in', unique)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== unique.length) throw AppError.badRequest('uploadNotFound', { field });
}

/** Who is reading: the owning tenant's accounts, or any operator. */
export type UploadReader = { tenantId: number } | { operator: true };

/**
 * An upload's bytes for a reader allowed to see them; a 404 for everyone else (the same answer
 * as for an id that does not exist, so ids cannot be probed).
 */
export async function openUpload(
  db: Db,
  store: FileStore,
  reader: UploadReader,
  id: string,
): Promise<{ stream: Readable; contentType: string; size: number; name: string }> {
  let query = db
    .selectFrom('uploads')
    .select(['storage_key', 'content_type', 'byte_size', 'original_name'])
    .where('id', '=', id);
  if ('tenantId' in reader) query = query.where('main_id', '=', reader.tenantId);
  const row = await query.executeTakeFirst();
  if (!row) throw AppError.notFound('uploadNotFound', { field: 'upload_id' });
  const { stream } = await store.open(row.storage_key).catch((error: unknown) => {
    throw error instanceof FileMissingError ? AppError.notFound('uploadNotFound', { field: 'upload_id' }) : error;
  });
  return {
    stream,
    contentType: row.content_type,
    size: row.byte_size,
    name: row.original_name,
  };
}
