import type { ListingsDeps } from './deps.ts';

/**
 * Another feature shows an uploaded image (a forum post's picture, from forum.post-created): the upload is marked as
 * used by it, so the abandoned-upload sweep keeps it although no listing shows it. Idempotent (a set of claims).
 * Returns false when the image is no upload of this site's (nothing to keep). An image shown by someone other than its
 * uploader is kept as well — removing it would break a published post — and logged.
 */
export async function claimImage(deps: Pick<ListingsDeps, 'uploads' | 'logger'>, url: string, by: string, userId: string): Promise<boolean> {
  const owner = await deps.uploads.claim(url, by);
  if (owner === null) {
    deps.logger.warn({ url, by }, 'a claimed image is no upload of ours');
    return false;
  }
  if (owner !== userId) deps.logger.warn({ url, by, owner, userId }, 'an image is shown by someone other than its uploader');
  return true;
}
