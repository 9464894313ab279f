import { randomUUID } from 'node:crypto';
import type { UploadedImage } from '@cp/contracts';
import { processImage, type ProcessedImage } from './pipeline.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

/** Public path of stored objects (served by GET /uploads/<key>, same origin through the gateway). */
export const UPLOADS_PATH = '/uploads/';
/** Object keys: a random uuid (122 random bits) per image, two renditions. Nothing else is ever served. */
export const IMAGE_KEY = /^img\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(-thumb)?\.webp$/;

const WEBP = 'image/webp';

/** The object keys behind an image URL of ours (display and thumbnail), or null for anything else. */
export function imageKeysOf(url: string): [string, string] | null {
  if (!url.startsWith(UPLOADS_PATH)) return null;
  const key = url.slice(UPLOADS_PATH.length);
  if (!IMAGE_KEY.test(key) || key.endsWith('-thumb.webp')) return null;
  return [key, key.replace(/\.webp$/, '-thumb.webp')];
}

/**
 * Runs one image through the pipeline (type by magic bytes, pixel limit, auto-rotate, metadata stripped, WebP
 * display size + thumbnail) and stores both under a fresh random key: what an upload does to each of its files
 * (uploadImages checks all of them before storing any, through storeProcessed). Used by the demo data.
 */
export async function storeImage(deps: Pick<ListingsDeps, 'store' | 'images'>, data: Buffer): Promise<UploadedImage> {
  return storeProcessed(deps, await processImage(data, { maxPixels: deps.images.maxPixels }));
}

/** Stores the two renditions of an image already through the pipeline under a fresh random key. */
export async function storeProcessed(deps: Pick<ListingsDeps, 'store'>, processed: ProcessedImage): Promise<UploadedImage> {
  const id = randomUUID();
  const displayKey = `img/${id}.webp`;
  const thumbKey = `img/${id}-thumb.webp`;
  await deps.store.put(displayKey, processed.display.data, WEBP);
  await deps.store.put(thumbKey, processed.thumbnail.data, WEBP);
  return { url: UPLOADS_PATH + displayKey, thumbnailUrl: UPLOADS_PATH + thumbKey, width: processed.display.width, height: processed.display.height };
}
