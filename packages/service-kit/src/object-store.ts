import type { Readable } from 'node:stream';
import * as Minio from 'minio';
import type { z } from 'zod';
import type { S3Env } from './config.ts';

export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
  etag: string;
}

/**
 * A bucket of objects: listings' images, search's index snapshots. One implementation: S3 through the minio client
 * (MinIO in compose, Swift s3api locally, any S3 in production), path-style, with the region from config.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order, page by page. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** Creates the bucket when it does not exist; another replica creating it at the same time is fine. */
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

/** The S3 options of a service's validated S3Env config, for one of its buckets. */
export function s3OptionsFrom(config: z.infer<typeof S3Env>, bucket: string): S3Options {
  return {
    endpoint: config.S3_ENDPOINT,
    port: config.S3_PORT,
    useSSL: config.S3_USE_SSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    bucket,
  };
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
      if (await client.bucketExists(opts.bucket)) return;
      await client.makeBucket(opts.bucket, opts.region).catch(async (err: unknown) => {
        if (!(await client.bucketExists(opts.bucket))) throw err; // another replica made it meanwhile
      });
    },
    async ping() {
      await client.bucketExists(opts.bucket);
    },
  };
}
