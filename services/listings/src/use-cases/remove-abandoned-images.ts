import { IMAGE_KEY, UPLOADS_PATH } from '../images/storage-keys.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * Removes the files of images that were uploaded but are used by no listing and were stored before `uploadedBefore`:
 * the uploads of forms that were never submitted (a post or edit that was abandoned). Images another feature shows
 * (a forum post's, claimed through its event) are kept. The grace period before
 * `uploadedBefore` must be far longer than anyone keeps a form open. Each file is judged by the listing use of its
 * display image, so a thumbnail goes with it. Keys that are not ours are left alone. Returns the files removed.
 * Idempotent: replicas sweeping at the same time only repeat each other's removals.
 */
export async function removeAbandonedImages(deps: Pick<ListingsDeps, 'store' | 'listings' | 'uploads'>, uploadedBefore: Date): Promise<number> {
  let removed = 0;
  for await (const object of deps.store.list('img/')) {
    if (object.lastModified >= uploadedBefore || !IMAGE_KEY.test(object.key)) continue;
    const displayUrl = UPLOADS_PATH + object.key.replace(/-thumb\.webp$/, '.webp');
    if ((await deps.listings.imageInUse(displayUrl)) || (await deps.uploads.isClaimed(displayUrl))) continue;
    if (object.key === displayUrl.slice(UPLOADS_PATH.length)) await deps.uploads.forget([displayUrl]);
    await deps.store.remove(object.key);
    removed += 1;
  }
  return removed;
}
