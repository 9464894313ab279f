import type { z } from 'zod';
import { BusinessSchema, ListingSchema, STORED_IMAGE_URL } from '@cp/contracts';
import { FETCH_TIMEOUT_MS, fetchWithTimeout, MAX_SOURCE_BYTES, type PreviewFetch, type PreviewImageDeps } from './deps.ts';

/** A service did not answer usably (down, slow, an unexpected status or body): the caller falls back. */
export class UpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}

const ListingFacts = ListingSchema.pick({ category: true, imageUrls: true });
export type ListingFacts = z.infer<typeof ListingFacts>;
const BusinessFacts = BusinessSchema.pick({ id: true, name: true, logoUrl: true });
export type BusinessFacts = z.infer<typeof BusinessFacts>;

/** An image stored by this site (listings' /uploads/img/<uuid>.webp): the only images ever fetched (no SSRF). */
export const isStoredImage = (url: string | null | undefined): url is string => typeof url === 'string' && STORED_IMAGE_URL.test(url);

/**
 * Reads the services' public GET endpoints, each through one of its replicas (a random one first; the next on a
 * network error or a timeout), within the fetch's deadline.
 */
export function previewSources(deps: PreviewImageDeps) {
  const get: PreviewFetch = deps.fetch ?? fetchWithTimeout(FETCH_TIMEOUT_MS);

  async function fromReplicas(origins: readonly string[], path: string): Promise<Response> {
    const start = Math.floor(Math.random() * origins.length);
    let lastError: unknown;
    for (let i = 0; i < origins.length; i += 1) {
      const origin = (origins[(start + i) % origins.length] ?? '').replace(/\/+$/, '');
      try {
        return await get(origin + path);
      } catch (err) {
        lastError = err;
      }
    }
    throw new UpstreamError(`GET ${path}: ${String(lastError)}`);
  }

  async function json(res: Response, what: string): Promise<unknown> {
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(`${what}: status ${res.status}`);
    }
    try {
      return await res.json();
    } catch (err) {
      throw new UpstreamError(`${what}: ${String(err)}`);
    }
  }

  return {
    /** The listing's category and images, or null when the listings service says it does not exist (404) or was deleted (410). */
    async listing(id: string): Promise<ListingFacts | null> {
      const res = await fromReplicas(deps.config.LISTINGS_URL, `/api/listings/${encodeURIComponent(id)}`);
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        return null;
      }
      const parsed = ListingFacts.safeParse(await json(res, 'listing'));
      if (!parsed.success) throw new UpstreamError('listing: unexpected answer');
      return parsed.data;
    },

    /** The business (name, logo), or null when the directory says it does not exist (404). */
    async business(id: string): Promise<BusinessFacts | null> {
      const res = await fromReplicas(deps.config.DIRECTORY_URL, `/api/businesses/${encodeURIComponent(id)}`);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      const parsed = BusinessFacts.safeParse(await json(res, 'business'));
      if (!parsed.success) throw new UpstreamError('business: unexpected answer');
      return parsed.data;
    },

    /**
     * The bytes of an image this site stored (isStoredImage), read through the listings service's /uploads/, at most
     * MAX_SOURCE_BYTES. Any other URL is refused without a request.
     */
    async storedImage(url: string): Promise<Buffer> {
      if (!isStoredImage(url)) throw new UpstreamError('not an image stored by this site');
      const res = await fromReplicas(deps.config.LISTINGS_URL, url);
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new UpstreamError(`image: status ${res.status}`);
      }
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > MAX_SOURCE_BYTES) {
        await res.body.cancel();
        throw new UpstreamError('image: too large');
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += chunk.length;
          if (size > MAX_SOURCE_BYTES) throw new UpstreamError('image: too large');
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof UpstreamError) throw err;
        throw new UpstreamError(`image: ${String(err)}`);
      }
      return Buffer.concat(chunks);
    },
  };
}

export type PreviewSources = ReturnType<typeof previewSources>;
