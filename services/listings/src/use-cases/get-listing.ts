import { notFound } from '@cp/service-kit';
import type { Listing } from '@cp/contracts';
import { isModerated } from '../data/listings-repository.ts';
import { toListingFor } from '../data/listing-mapper.ts';
import { listingId, missingOrGone, LISTING_NOT_FOUND } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * GET /api/listings/:id: 410 for a deleted listing (its tombstone), 404 for an unknown or malformed id. A listing
 * moderation keeps from the public (hidden pending review, or its author banned) is a 404 for everyone but its owner,
 * who gets it marked `moderation: 'under-review'`.
 */
export async function getListing(deps: ListingsDeps, rawId: string, viewerId?: string): Promise<Listing> {
  const id = listingId(rawId);
  const doc = await deps.listings.findById(id);
  if (!doc) return missingOrGone(deps, id);
  if (isModerated(doc) && doc.userId !== viewerId) throw notFound(LISTING_NOT_FOUND);
  return toListingFor(doc);
}
