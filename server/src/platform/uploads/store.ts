import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes are kept. One implementation today: a private directory under DATA_DIR
 * (never served as a static directory; every read goes through an authorized route). An
 * S3-compatible bucket would be a second implementation of this interface; it is not built.
 */
export interface UploadStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of `key` as a stream; throws ENOENT when they are gone. */
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (`<tenant>/<random id>`); anything else is refused. */
const KEY = /^[0-9]{1,19}\/[0-9a-f]{32}$/;

export function directoryStore(root: string): UploadStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not an upload key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed into place, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    },
    open(key) {
      return createReadStream(fileOf(key));
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
