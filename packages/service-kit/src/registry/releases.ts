/**
 * The releases by percentage (issue 35 §4) on the NATS key-value bucket contracts' RELEASES_BUCKET: one record per
 * remote (key: its name), a Release. Written by the CLI (`npm run release`) and the admin API through
 * `requestRelease`, and by the gateway when it rolls a release back (`writeRelease`); every write names the revision it
 * read, so of two writers that read the same record only one wins (the other is told, 409). The gateway watches the
 * bucket (`watchReleasesOver`) and keeps serving the releases it knew while NATS is away.
 */
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import { planRelease, RELEASES_BUCKET, ReleaseSchema, type Release, type ReleaseRefusal, type ReleaseRequest } from '@cp/contracts';
import type { Logger } from '../logger.ts';

/** The bucket, created when missing (its first writer or watcher creates it). History: the last 10 states of each release. */
export async function openReleases(nc: NatsConnection): Promise<KV> {
  return new Kvm(nc).create(RELEASES_BUCKET, { history: 10 });
}

export interface StoredRelease {
  release: Release;
  /** The record's revision: the next write names it. */
  revision: number;
}

function parseRelease(key: string, bytes: Uint8Array, logger?: Logger): Release | undefined {
  try {
    const parsed = ReleaseSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    if (parsed.success && parsed.data.remote === key) return parsed.data;
    logger?.warn({ key, issues: parsed.success ? 'remote differs from key' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }, 'releases: an invalid record is ignored');
  } catch {
    logger?.warn({ key }, 'releases: a record that is not JSON is ignored');
  }
  return undefined;
}

/** The release of `remote` with its revision, or undefined (none, deleted, or invalid). */
export async function readRelease(kv: KV, remote: string): Promise<StoredRelease | undefined> {
  const e = await kv.get(remote);
  if (!e || e.operation !== 'PUT') return undefined;
  const release = parseRelease(remote, e.value);
  return release ? { release, revision: e.revision } : undefined;
}

/** Thrown when the record changed since it was read: somebody else wrote first. */
export class ReleaseConflictError extends Error {
  constructor(remote: string) {
    super(`the release of ${remote} changed meanwhile; read it again`);
    this.name = 'ReleaseConflictError';
  }
}

/**
 * Writes `release` if the record is still at `revision` (undefined: there is none yet). Returns the new revision; a
 * record changed meanwhile throws ReleaseConflictError.
 */
export async function writeRelease(kv: KV, release: Release, revision: number | undefined): Promise<number> {
  const value = JSON.stringify(ReleaseSchema.parse(release));
  try {
    return revision === undefined ? await kv.create(release.remote, value) : await kv.update(release.remote, value, revision);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/wrong last sequence|key exists|10071/i.test(message)) throw new ReleaseConflictError(release.remote);
    throw err;
  }
}

/**
 * Applies a release request (an operator's or an admin's) to the stored release of `remote`: planRelease against the
 * versions its live instances run (`live`, oldest first), then a write at the revision read.
 */
export async function requestRelease(opts: {
  kv: KV;
  remote: string;
  live: readonly string[];
  request: ReleaseRequest;
  by: string;
  now?: Date;
}): Promise<{ release: Release } | { refused: ReleaseRefusal }> {
  const stored = await readRelease(opts.kv, opts.remote);
  const plan = planRelease({ remote: opts.remote, current: stored?.release, live: opts.live, request: opts.request, now: opts.now ?? new Date(), by: opts.by });
  if ('refused' in plan) return plan;
  try {
    await writeRelease(opts.kv, plan.release, stored?.revision);
  } catch (err) {
    if (err instanceof ReleaseConflictError) return { refused: { status: 409, error: err.message } };
    throw err;
  }
  return plan;
}

/** Every stored release, by remote. */
export async function listReleases(kv: KV, logger?: Logger): Promise<Map<string, StoredRelease>> {
  const out = new Map<string, StoredRelease>();
  const keys: string[] = [];
  for await (const key of await kv.keys()) keys.push(key);
  for (const key of keys) {
    const e = await kv.get(key);
    if (!e || e.operation !== 'PUT') continue;
    const release = parseRelease(key, e.value, logger);
    if (release) out.set(key, { release, revision: e.revision });
  }
  return out;
}

export interface ReleasesWatch {
  /** The current releases by remote (empty until read; the last known while NATS is away). */
  current(): ReadonlyMap<string, StoredRelease>;
  /** Called after each change. Returns an unsubscribe. */
  onChange(listener: (releases: ReadonlyMap<string, StoredRelease>) => void): () => void;
  /** Resolves once the bucket's current records were read (or the first try failed). */
  ready: Promise<void>;
  /** Writes a release at a revision (the gateway's rollback); throws ReleaseConflictError, or when NATS is away. */
  write(release: Release, revision: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Watches the releases over a NATS connection of its own, made in the background and retried for ever (the gateway
 * serves without NATS). A watch that fails is started again; the releases known stay in use meanwhile.
 */
export function watchReleasesOver(opts: { connect: () => Promise<NatsConnection>; logger: Logger }): ReleasesWatch {
  const { logger } = opts;
  let releases = new Map<string, StoredRelease>();
  const listeners = new Set<(r: ReadonlyMap<string, StoredRelease>) => void>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let nc: NatsConnection | undefined;
  let kv: KV | undefined;
  let stopped = false;
  let stopWatch: (() => void) | undefined;

  const publish = () => {
    for (const listener of listeners) {
      try {
        listener(releases);
      } catch (err) {
        logger.error({ err }, 'releases: a listener failed');
      }
    }
  };

  void (async () => {
    let delay = 250;
    while (!stopped) {
      try {
        nc ??= await opts.connect();
        if (stopped) break;
        kv = await openReleases(nc);
        const iter = await kv.watch({ key: '>' });
        stopWatch = () => iter.stop();
        delay = 250;
        // A fresh watch sends every current record first: the map is made anew from them.
        const next = new Map<string, StoredRelease>();
        let initialized = (await kv.status()).values === 0;
        if (initialized) {
          releases = next;
          publish();
          markReady();
        }
        for await (const e of iter) {
          const target = initialized ? releases : next;
          if (e.operation === 'PUT') {
            const release = parseRelease(e.key, e.value, logger);
            if (release) target.set(e.key, { release, revision: e.revision });
            else target.delete(e.key);
          } else target.delete(e.key);
          if (!initialized && (e.isUpdate || e.delta === 0)) {
            initialized = true;
            releases = next;
            markReady();
          }
          if (initialized) {
            releases = new Map(releases);
            publish();
          }
        }
      } catch (err) {
        if (stopped) break;
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'releases: watch failed; keeping the releases known and trying again');
        markReady();
      }
      if (stopped) break;
      await new Promise((r) => setTimeout(r, delay).unref());
      delay = Math.min(delay * 2, 5_000);
    }
  })();

  return {
    current: () => releases,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
    async write(release, revision) {
      if (!kv) throw new Error('releases: NATS is not reachable');
      return writeRelease(kv, release, revision);
    },
    async stop() {
      stopped = true;
      stopWatch?.();
      await new Promise((r) => setImmediate(r));
      if (nc && !nc.isClosed()) await nc.drain().catch(() => nc?.close());
    },
  };
}
