import type { Listing } from '@cp/contracts';
import { toListing } from '../data/listing-mapper.ts';
import { listingId, missingOrGone } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** GET /api/listings/:id: 410 for a deleted listing (its tombstone), 404 for an unknown or malformed id. */
export async function getListing(deps: ListingsDeps, rawId: string): Promise<Listing> {
  const id = listingId(rawId);
  const doc = await deps.listings.findById(id);
  if (!doc) return missingOrGone(deps, id);
  return toListing(doc);
}
