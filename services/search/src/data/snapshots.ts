import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Business, ForumPost, Listing } from '@cp/contracts';
import type { ObjectStore } from '@cp/service-kit';

/**
 * What a replica starts from instead of the streams' beginning: the documents it held (not MiniSearch's internals:
 * building from the documents is what a replica does anyway, and they are a fraction of the size), the deletes it still
 * remembers, moderation's decisions (the documents they withhold are among the documents) and each stream's last
 * sequence it had applied (the snapshot covers every event up to it).
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
  /** Moderation's decisions held (hidden items, banned authors); absent from snapshots taken before moderation. */
  moderation?: { hidden: string[]; banned: string[] };
  /** Listings retired by their lifecycle (done DONE_VISIBLE_DAYS ago, issue 22); absent from snapshots taken before it. */
  retiredListings?: string[];
}

export interface SnapshotStore {
  /** The newest snapshot, or null when there is none. */
  latest(): Promise<Snapshot | null>;
  /** Stores a snapshot as the newest and removes older ones but the one before it. */
  save(snapshot: Snapshot): Promise<void>;
}

/** Snapshots as gzipped JSON objects in a bucket under `prefix` (tests use their own), one key per snapshot named by its time, so the newest sorts last. */
export function s3SnapshotStore(bucket: ObjectStore, prefix: string): SnapshotStore {
  const keys = async () => {
    await bucket.ensureBucket();
    const out: string[] = [];
    for await (const item of bucket.list(prefix)) if (item.key.endsWith('.json.gz')) out.push(item.key);
    return out.sort();
  };
  return {
    async latest() {
      for (const key of (await keys()).reverse()) {
        const object = await bucket.get(key);
        if (!object) continue; // removed meanwhile by another replica's save: the one before it is still there
        const chunks: Buffer[] = [];
        for await (const chunk of object.stream) chunks.push(chunk as Buffer);
        return JSON.parse((await promisify(gunzip)(Buffer.concat(chunks))).toString('utf8')) as Snapshot;
      }
      return null;
    },
    async save(snapshot) {
      await bucket.ensureBucket();
      const body = await promisify(gzip)(JSON.stringify(snapshot));
      const key = `${prefix}${String(Date.parse(snapshot.takenAt)).padStart(15, '0')}-${Math.random().toString(36).slice(2, 8)}.json.gz`;
      await bucket.put(key, body, 'application/gzip');
      const all = await keys();
      for (const old of all.slice(0, Math.max(0, all.indexOf(key) - 1))) await bucket.remove(old);
    },
  };
}
