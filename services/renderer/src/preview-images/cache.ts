import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { HttpError, type Logger, type ObjectStore } from '@cp/service-kit';
import { TEMPLATE_VERSION } from './render.ts';

export const CACHE_PREFIX = 'og/';
/** Renders waiting for a slot beyond this answer 503 (Retry-After): bounded memory and CPU under a flood. */
export const RENDER_QUEUE = 32;

/** A preview image: from the cache (a stream) or just rendered (bytes); `etag` is its cache key's hash. */
export type PreviewImage = { etag: string } & ({ stream: Readable; size: number } | { data: Buffer });

/**
 * The cache key of an image: a hash of what it is drawn from (the source image's URL, the category, the names on
 * it) and the template version, so a new source or template is a new key and a new image; the old ones are never
 * read again.
 */
export function cacheKey(kind: string, parts: readonly string[]): { key: string; hash: string } {
  const hash = createHash('sha256').update(JSON.stringify([TEMPLATE_VERSION, kind, ...parts])).digest('hex').slice(0, 40);
  return { key: `${CACHE_PREFIX}${kind}/${hash}.jpg`, hash };
}

/**
 * The cache of generated images in the bucket: a key already there is served as stored (no render); otherwise it is
 * rendered once — concurrent requests for the same key share one render — at most `concurrency` renders at a time,
 * and stored. The store unreachable costs the cache, never the answer.
 */
export function previewCache(store: ObjectStore, logger: Logger, concurrency: number) {
  const inFlight = new Map<string, Promise<Buffer>>();
  let running = 0;
  const waiting: Array<() => void> = [];
  let bucketReady: Promise<void> | undefined;

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= RENDER_QUEUE) throw new HttpError(503, 'Too many preview images being drawn, please try again shortly', { headers: { 'Retry-After': '5' } });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const wake = waiting.shift();
      if (wake) wake();
      else running -= 1;
    }
  }

  async function save(key: string, data: Buffer): Promise<void> {
    try {
      bucketReady ??= store.ensureBucket().catch((err: unknown) => {
        bucketReady = undefined; // try again next time
        throw err;
      });
      await bucketReady;
      await store.put(key, data, 'image/jpeg');
    } catch (err) {
      logger.warn({ err: String(err), key }, 'preview image not cached');
    }
  }

  return {
    async get(kind: string, parts: readonly string[], render: () => Promise<Buffer>): Promise<PreviewImage> {
      const { key, hash } = cacheKey(kind, parts);
      const stored = await store.get(key).catch((err: unknown) => {
        logger.warn({ err: String(err), key }, 'preview image cache unreadable');
        return null;
      });
      if (stored) {
        if (stored.contentType === 'image/jpeg') return { etag: hash, stream: stored.stream, size: stored.size };
        stored.stream.destroy();
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = slot(async () => {
          const data = await render();
          await save(key, data);
          return data;
        }).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return { etag: hash, data: await pending };
    },
  };
}

export type PreviewCache = ReturnType<typeof previewCache>;
