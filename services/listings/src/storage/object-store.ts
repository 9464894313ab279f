import type { Readable } from 'node:stream';
import * as Minio from 'minio';

export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
  etag: string;
}

/** Where image bytes live. One implementation: S3 (MinIO in compose, Swift s3api locally, any S3 in production). */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order, page by page. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  ensureBucket(): Promise<void>;
  ping(): Promise<void>;
}

export interface S3Options {
  endpoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  /** Must match the store's region, or signatures are refused. */
  region: string;
  bucket: string;
}

const isNotFound = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
};

export function s3ObjectStore(opts: S3Options): ObjectStore {
  const client = new Minio.Client({
    endPoint: opts.endpoint,
    port: opts.port,
    useSSL: opts.useSSL,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region: opts.region,
    pathStyle: true,
  });
  return {
    async put(key, body, contentType) {
      await client.putObject(opts.bucket, key, body, body.length, { 'Content-Type': contentType });
    },
    async get(key) {
      let stat: Minio.BucketItemStat;
      try {
        stat = await client.statObject(opts.bucket, key);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      let stream: Readable;
      try {
        stream = await client.getObject(opts.bucket, key);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      const meta = stat.metaData as Record<string, string | undefined>;
      return { stream, size: stat.size, contentType: meta['content-type'] ?? 'application/octet-stream', etag: stat.etag };
    },
    async remove(key) {
      await client.removeObject(opts.bucket, key);
    },
    async *list(prefix) {
      for await (const item of client.listObjectsV2(opts.bucket, prefix, true) as AsyncIterable<Minio.BucketItem>) {
        if (item.name && item.lastModified) yield { key: item.name, lastModified: new Date(item.lastModified) };
      }
    },
    async ensureBucket() {
      if (!(await client.bucketExists(opts.bucket))) await client.makeBucket(opts.bucket, opts.region);
    },
    async ping() {
      await client.bucketExists(opts.bucket);
    },
  };
}
