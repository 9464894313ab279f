import { badRequest, forbidden, HttpError, notFound } from '@cp/service-kit';
import { IdSchema, LISTING_NOT_FOUND } from '@cp/contracts';
import type { ListingsDeps } from './deps.ts';

export const LISTING_REMOVED = 'Listing was removed';
export const NOT_OWNER = 'You can only change your own listings';
export const FOREIGN_IMAGE = 'Only images you uploaded can be attached to your listing';

/**
 * A listing shows only images this site stored for its owner (the schema already refuses any other URL shape):
 * each new image must be an upload of this user; images the listing already shows may stay.
 */
export async function checkImages(deps: ListingsDeps, userId: string, urls: readonly string[] | undefined, alreadyShown: readonly string[] = []): Promise<void> {
  const added = [...new Set(urls ?? [])].filter((u) => !alreadyShown.includes(u));
  if (added.length === 0) return;
  const owned = await deps.uploads.ownedBy(added, userId);
  if (added.some((u) => !owned.has(u))) throw badRequest(FOREIGN_IMAGE);
}

/** A path id that is not a uuid cannot name a listing: 404 without asking the database. */
export function listingId(raw: string): string {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw notFound(LISTING_NOT_FOUND);
  return id.data;
}

/** No listing of this id: 410 when it was deleted (its tombstone), else 404. */
export async function missingOrGone(deps: ListingsDeps, id: string): Promise<never> {
  if (await deps.tombstones.has(id)) throw new HttpError(410, LISTING_REMOVED);
  throw notFound(LISTING_NOT_FOUND);
}

/**
 * Tells apart "not yours" (403), "deleted" (410) and "no such listing" (404) once the owner-scoped write matched
 * nothing. The write itself never runs without the owner in its filter. A tombstone names no owner, so a deleted
 * listing is 410 for everyone (what its public GET already says).
 */
export async function missingOrForbidden(deps: ListingsDeps, id: string): Promise<never> {
  if (await deps.listings.exists(id)) throw forbidden(NOT_OWNER);
  return missingOrGone(deps, id);
}
