import { notFound } from '@cp/service-kit';
import type { Listing } from '@cp/contracts';
import { toListing } from '../data/listing-mapper.ts';
import { LISTING_NOT_FOUND, listingId } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** GET /api/listings/:id: 404 for an unknown or malformed id. */
export async function getListing(deps: ListingsDeps, rawId: string): Promise<Listing> {
  const doc = await deps.listings.findById(listingId(rawId));
  if (!doc) throw notFound(LISTING_NOT_FOUND);
  return toListing(doc);
}
