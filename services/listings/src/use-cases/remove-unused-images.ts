import { imageKeysOf } from '../images/storage-keys.ts';
import type { ListingsDeps } from './deps.ts';

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
