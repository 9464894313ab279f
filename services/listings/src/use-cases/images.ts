import { randomUUID } from 'node:crypto';
import type { UploadedImage, UploadResponse } from '@cp/contracts';
import { processImage, type ProcessedImage } from '../images/pipeline.ts';
import type { ListingsDeps } from './deps.ts';

/** Public path of stored objects (served by GET /uploads/<key>, same origin through the gateway). */
export const UPLOADS_PATH = '/uploads/';
/** Object keys: a random uuid (122 random bits) per image, two renditions. Nothing else is ever served. */
export const IMAGE_KEY = /^img\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(-thumb)?\.webp$/;

const WEBP = 'image/webp';

/**
 * Runs one image through the pipeline (type by magic bytes, pixel limit, auto-rotate, metadata stripped, WebP
 * display size + thumbnail) and stores both under a fresh random key. Used by uploads and by the demo data.
 */
export async function storeImage(deps: Pick<ListingsDeps, 'store' | 'images'>, data: Buffer): Promise<UploadedImage> {
  return storeProcessed(deps, await processImage(data, { maxPixels: deps.images.maxPixels }));
}

async function storeProcessed(deps: Pick<ListingsDeps, 'store'>, processed: ProcessedImage): Promise<UploadedImage> {
  const id = randomUUID();
  const displayKey = `img/${id}.webp`;
  const thumbKey = `img/${id}-thumb.webp`;
  await deps.store.put(displayKey, processed.display.data, WEBP);
  await deps.store.put(thumbKey, processed.thumbnail.data, WEBP);
  return { url: UPLOADS_PATH + displayKey, thumbnailUrl: UPLOADS_PATH + thumbKey, width: processed.display.width, height: processed.display.height };
}

/**
 * POST /api/upload: every file of the request, in order. All files are checked (type, pixels, decoding) before
 * any is stored, so a request with one bad file stores nothing.
 */
export async function uploadImages(deps: ListingsDeps, userId: string, files: Array<{ data: Buffer }>): Promise<UploadResponse> {
  const processed = [];
  for (const f of files) processed.push(await processImage(f.data, { maxPixels: deps.images.maxPixels }));
  const images: UploadedImage[] = [];
  for (const p of processed) images.push(await storeProcessed(deps, p));
  // Recorded after the files exist: a listing can only name an image that is really there, and only its uploader's.
  await deps.uploads.record(images.map((i) => i.url), userId, deps.now());
  const first = images[0]!;
  return { url: first.url, thumbnailUrl: first.thumbnailUrl, width: first.width, height: first.height, urls: images.map((i) => i.url), images };
}

/** The object keys behind an image URL of ours (display and thumbnail), or null for anything else. */
export function imageKeysOf(url: string): [string, string] | null {
  if (!url.startsWith(UPLOADS_PATH)) return null;
  const key = url.slice(UPLOADS_PATH.length);
  if (!IMAGE_KEY.test(key) || key.endsWith('-thumb.webp')) return null;
  return [key, key.replace(/\.webp$/, '-thumb.webp')];
}

/**
 * Removes the stored files of images no listing uses any more (after a deletion or an edit took them off). An image
 * another listing still shows is kept. Removing is idempotent, so a redelivered event does no harm.
 */
export async function removeUnusedImages(deps: Pick<ListingsDeps, 'store' | 'listings' | 'uploads' | 'logger'>, urls: readonly string[]): Promise<number> {
  let removed = 0;
  for (const url of new Set(urls)) {
    const keys = imageKeysOf(url);
    if (!keys || (await deps.listings.imageInUse(url))) continue;
    await deps.uploads.forget([url]);
    for (const key of keys) await deps.store.remove(key);
    removed += 1;
  }
  return removed;
}

/**
 * Removes the files of images that were uploaded but are used by no listing and were stored before `uploadedBefore`:
 * the uploads of forms that were never submitted (a post or edit that was abandoned). The grace period before
 * `uploadedBefore` must be far longer than anyone keeps a form open. Each file is judged by the listing use of its
 * display image, so a thumbnail goes with it. Keys that are not ours are left alone. Returns the files removed.
 * Idempotent: replicas sweeping at the same time only repeat each other's removals.
 */
export async function removeAbandonedImages(deps: Pick<ListingsDeps, 'store' | 'listings' | 'uploads'>, uploadedBefore: Date): Promise<number> {
  let removed = 0;
  for await (const object of deps.store.list('img/')) {
    if (object.lastModified >= uploadedBefore || !IMAGE_KEY.test(object.key)) continue;
    const displayUrl = UPLOADS_PATH + object.key.replace(/-thumb\.webp$/, '.webp');
    if (await deps.listings.imageInUse(displayUrl)) continue;
    if (object.key === displayUrl.slice(UPLOADS_PATH.length)) await deps.uploads.forget([displayUrl]);
    await deps.store.remove(object.key);
    removed += 1;
  }
  return removed;
}
