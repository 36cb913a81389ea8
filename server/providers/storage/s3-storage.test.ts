import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userId } from '../../test/app-harness.ts';
import { ELF, PDF_WITH_SCRIPT, PNG } from '../../test/document-samples.ts';
import { paidSharksMembership } from '../../test/fixture-ids.ts';
import { createStorage } from '../index.ts';

/**
 * The S3 adapter (issue 32 point 2) against a local S3-compatible server (s3rver on a free port, its bucket in a temp
 * directory): put, get and delete by the adapter's random keys, and the app's uploads landing in the bucket, or, when
 * refused, never reaching it.
 */

const BUCKET = 'documents-test';
let server: S3rver;
let directory: string;
let endpoint: string;

const S3_ENV = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (answer.Contents ?? []).map((object) => object.Key ?? '');
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.httpServer.closeAllConnections();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('the S3 document storage', () => {
  it('stores under a random key, reads it back, deletes it, and answers null for a missing object', async () => {
    const storage = await createStorage({
      NODE_ENV: 'test',
      ...S3_ENV(),
      S3_FORCE_PATH_STYLE: true,
    });
    expect(storage.name).toBe('s3');
    const key = await storage.put(PNG, 'image/png');
    const other = await storage.put(PNG, 'image/png');
    expect(key).toMatch(/^documents\/[A-Za-z0-9]{43}$/);
    expect(other).not.toBe(key);
    expect(await storage.get(key)).toEqual(PNG);
    expect((await bucketKeys()).sort()).toEqual([key, other].sort());
    await storage.delete(key);
    await storage.delete(other);
    expect(await storage.get(key)).toBeNull();
    expect(await bucketKeys()).toEqual([]);
    // Only its own keys: nothing else in the bucket can be named.
    await expect(storage.get('../secrets')).rejects.toThrow();
  });

  it("keeps the app's uploads in the bucket, and nothing that was refused", async () => {
    const t = await createTestApp(S3_ENV());
    try {
      expect(t.providers.storage.name).toBe('s3');
      const membershipId = await paidSharksMembership(t.db, await userId(t.db, 'samrivera'), null);
      const token = await t.tokenFor('parent@example.com');
      const put = (bytes: Uint8Array<ArrayBuffer>) =>
        t.app.request(`/api/memberships/${membershipId}/documents?name=Proof%20of%20age`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'website' },
          body: bytes,
        });
      expect((await put(ELF)).status).toBe(422);
      expect((await put(PDF_WITH_SCRIPT)).status).toBe(422);
      expect(await bucketKeys()).toEqual([]);
      const stored = await put(PNG);
      expect(stored.status).toBe(200);
      const keys = await bucketKeys();
      expect(keys).toHaveLength(1);
      const { document } = (await stored.json()) as { document: { document_id: number } };
      const file = await t.app.request(`/api/documents/${document.document_id}/file`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
      // A new upload replaces the object: still one.
      expect((await put(PNG)).status).toBe(200);
      const after = await bucketKeys();
      expect(after).toHaveLength(1);
      expect(after).not.toEqual(keys);
    } finally {
      await t.close();
    }
  });
});
