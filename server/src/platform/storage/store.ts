import { copyFile, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where kept files live: uploaded images and finished exports. Two implementations: a private
 * directory under DATA_DIR (the default) and an S3-compatible bucket (./s3.ts). Neither is ever
 * served as it is: every read goes through an authorized route that opens the file here and
 * streams it, so a bucket needs no public access and no link to it is handed out.
 *
 * Keys are made by the server; each store refuses a key its area does not make (defence in
 * depth against a path or key built from input).
 */
export interface FileStore {
  /** `directory` or `s3`: for logs and the health of a start. */
  readonly kind: 'directory' | 's3';
  /** Keeps `bytes` under `key`; a reader never sees half of them. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Moves a finished local file into the store under `key` (it is gone from `localPath`
   * afterwards). Large files go up in parts and are never held in memory whole.
   */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** The bytes of `key` as a stream, with their length; throws FileMissingError when they are gone. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes `key`; nothing happens when it is already gone. */
  remove(key: string): Promise<void>;
}

/** What `open` throws for a key that holds nothing: callers answer it as a 404. */
export class FileMissingError extends Error {
  constructor(key: string) {
    super(`no stored file: ${key}`);
    this.name = 'FileMissingError';
  }
}

/** Throws unless `key` is one the area makes. */
export function checkKey(key: string, keys: RegExp): string {
  if (!keys.test(key)) throw new Error(`not a key of this store: ${key}`);
  return key;
}

/** The store under `root`, for keys matching `keys` (which must not climb out of `root`). */
export function directoryStore(root: string, keys: RegExp): FileStore {
  const fileOf = (key: string) => path.join(root, checkKey(key, keys));
  return {
    kind: 'directory',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed into place, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    },
    async putFile(key, localPath) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(localPath, file);
      } catch (error) {
        // The working directory may be on another file system: copy beside, rename, then drop.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${file}.partial`;
        await copyFile(localPath, partial);
        await rename(partial, file);
        await rm(localPath, { force: true });
      }
    },
    async open(key) {
      const file = fileOf(key);
      // One descriptor for the length and the bytes: a file replaced in between cannot mix them.
      const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new FileMissingError(key) : error;
      });
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
