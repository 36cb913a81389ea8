import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env.ts';
import { createStorage } from '../index.ts';
import { createLocalStorage, isObjectKey } from './local-storage.ts';

/** Issue 32 point 2: the files under DATA_DIR/documents, and the S3 settings' validation. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the local document storage', () => {
  it('writes under DATA_DIR/documents by a random key, reads it back and deletes it', async () => {
    const storage = createLocalStorage(dir);
    const bytes = new Uint8Array([1, 2, 3]);
    const key = await storage.put(bytes, 'image/png');
    expect(isObjectKey(key)).toBe(true);
    expect(readdirSync(path.join(dir, 'documents'))).toEqual([key.slice('documents/'.length)]);
    expect(await storage.get(key)).toEqual(bytes);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(readdirSync(path.join(dir, 'documents'))).toEqual([]);
  });

  it('names no file outside its own keys', async () => {
    const storage = createLocalStorage(dir);
    for (const key of ['../env', 'documents/../../etc/passwd', 'documents/short', '/etc/passwd']) {
      await expect(storage.get(key), key).rejects.toThrow('not an object key');
      await expect(storage.delete(key), key).rejects.toThrow('not an object key');
    }
  });

  it('is the default, under DATA_DIR', async () => {
    const storage = await createStorage({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(storage.name).toBe('local');
    const key = await storage.put(new Uint8Array([9]), 'application/pdf');
    expect(readdirSync(path.join(dir, 'documents'))).toHaveLength(1);
    await storage.delete(key);
  });
});

describe('the S3 settings', () => {
  it('take a bucket name of 3 to 63 characters, an http(s) endpoint, and both keys or neither', () => {
    expect(parseEnv({ S3_BUCKET: 'club-documents', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_BUCKET: 'club-documents',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(parseEnv({}).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => parseEnv({ S3_BUCKET: 'ab' })).toThrow(EnvError);
    expect(() => parseEnv({ S3_BUCKET: 'Club_Documents' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_ENDPOINT: 'ftp://example.com' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});
