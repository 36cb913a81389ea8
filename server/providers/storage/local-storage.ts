import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBase62 } from '../random-id.ts';
import type { DocumentStorage } from '../types.ts';

/** An object key: random, never derived from a name or an id (nothing about it can be guessed or enumerated). */
const KEY_PATTERN = /^documents\/[A-Za-z0-9]{43}$/;

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A new object key: 43 random base-62 characters (256 bits). */
export function newObjectKey(): string {
  return `documents/${randomBase62(43)}`;
}

function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new Error('not an object key');
  return key;
}

/**
 * Uploaded documents as files under `DATA_DIR/documents` (issue 32 point 2), the default when no object storage is
 * configured. A file is written beside its final name and renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(dataDir: string): DocumentStorage & { readonly root: string } {
  const root = path.resolve(dataDir);
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    name: 'local',
    root,
    async put(bytes) {
      const key = newObjectKey();
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBase62(8)}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
      return key;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
