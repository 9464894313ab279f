import { imageKeysOf } from '../images/storage-keys.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * Another feature no longer shows an uploaded image (a forum post was deleted, from forum.post-deleted): its claim `by`
 * goes, and when nothing else shows the image — no listing, no other claim — its files (display image and thumbnail)
 * are removed from S3 and its upload record forgotten. Idempotent: applied again (a redelivery, a second event for the
 * same post) it removes nothing more and fails on nothing (removing a missing object is no error). Returns whether an
 * upload was let go of now (false: no upload of this site's, one already let go of, or one still shown).
 */
export async function releaseImage(deps: Pick<ListingsDeps, 'store' | 'listings' | 'uploads'>, url: string, by: string): Promise<boolean> {
  const keys = imageKeysOf(url);
  if (!keys) return false;
  await deps.uploads.unclaim(url, by);
  if ((await deps.listings.imageInUse(url)) || (await deps.uploads.isClaimed(url))) return false;
  // The record goes first (nothing can attach the image any more), then the files: a retry after a failed removal
  // removes them all the same.
  const known = (await deps.uploads.forget([url])) > 0;
  for (const key of keys) await deps.store.remove(key);
  return known;
}
