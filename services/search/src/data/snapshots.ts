import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import * as Minio from 'minio';
import type { Business, ForumPost, Listing } from '@cp/contracts';

/**
 * What a replica starts from instead of the streams' beginning: the documents it held (not MiniSearch's internals:
 * building from the documents is what a replica does anyway, and they are a fraction of the size), the deletes it still
 * remembers and each stream's last sequence it had applied (the snapshot covers every event up to it).
 */
export interface Snapshot {
  format: 1;
  takenAt: string;
  streams: Record<string, number>;
  listings: Listing[];
  posts: ForumPost[];
  businesses: Array<{ business: Business; version: string }>;
  tombstones: { listing: Array<[string, number]>; business: Array<[string, number]> };
  clocks: { listing: number; business: number };
}

export interface SnapshotStore {
  /** The newest snapshot, or null when there is none. */
  latest(): Promise<Snapshot | null>;
  /** Stores a snapshot as the newest and removes older ones but the one before it. */
  save(snapshot: Snapshot): Promise<void>;
}

export interface S3SnapshotOptions {
  endpoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
  /** Key prefix, e.g. `listings-index/` (tests use their own). */
  prefix: string;
}

/** Snapshots as gzipped JSON objects in S3, one key per snapshot named by its time, so the newest sorts last. */
export function s3SnapshotStore(opts: S3SnapshotOptions): SnapshotStore {
  const client = new Minio.Client({ endPoint: opts.endpoint, port: opts.port, useSSL: opts.useSSL, accessKey: opts.accessKey, secretKey: opts.secretKey, region: opts.region, pathStyle: true });
  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= (async () => {
      if (!(await client.bucketExists(opts.bucket))) await client.makeBucket(opts.bucket, opts.region).catch(async (err: unknown) => {
        if (!(await client.bucketExists(opts.bucket))) throw err; // another replica made it meanwhile
      });
    })().catch((err: unknown) => {
      bucketReady = undefined;
      throw err;
    }));
  const keys = async () => {
    await ensureBucket();
    const out: string[] = [];
    for await (const item of client.listObjectsV2(opts.bucket, opts.prefix, true) as AsyncIterable<Minio.BucketItem>) if (item.name?.endsWith('.json.gz')) out.push(item.name);
    return out.sort();
  };
  return {
    async latest() {
      const newest = (await keys()).at(-1);
      if (!newest) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await client.getObject(opts.bucket, newest)) chunks.push(chunk as Buffer);
      return JSON.parse((await promisify(gunzip)(Buffer.concat(chunks))).toString('utf8')) as Snapshot;
    },
    async save(snapshot) {
      await ensureBucket();
      const body = await promisify(gzip)(JSON.stringify(snapshot));
      const key = `${opts.prefix}${String(Date.parse(snapshot.takenAt)).padStart(15, '0')}-${Math.random().toString(36).slice(2, 8)}.json.gz`;
      await client.putObject(opts.bucket, key, body, body.length, { 'Content-Type': 'application/gzip' });
      const all = await keys();
      for (const old of all.slice(0, Math.max(0, all.indexOf(key) - 1))) await client.removeObject(opts.bucket, old);
    },
  };
}
