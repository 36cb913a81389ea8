import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DocumentStorage } from '../types.ts';
import { isObjectKey, newObjectKey } from './local-storage.ts';

/**
 * Uploaded documents in S3-compatible object storage (issue 32 point 2): AWS S3, MinIO, Cloudflare R2, … when S3_BUCKET
 * is configured. Imported by server/providers/index.ts only then: the SDK prints a support warning on Node 20.
 * Objects are private (no ACL is set; the bucket's own policy applies) and served only through the API.
 */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** e.g. `http://127.0.0.1:9000` for MinIO; AWS's own endpoint when absent. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export function createS3Storage(config: S3StorageConfig): DocumentStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const checked = (key: string) => {
    if (!isObjectKey(key)) throw new Error('not an object key');
    return key;
  };
  return {
    name: 's3',
    async put(bytes, contentType) {
      const key = newObjectKey();
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
      return key;
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: checked(key) }));
        if (!answer.Body) return null;
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: checked(key) }));
    },
  };
}
