import type { UploadedImage, UploadResponse } from '@cp/contracts';
import { processImage } from '../images/pipeline.ts';
import { storeProcessed } from '../images/storage-keys.ts';
import type { ListingsDeps } from './deps.ts';

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
