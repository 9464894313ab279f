import { badRequest, HttpError, runInTransaction } from '@cp/service-kit';
import { DONE_STATUS_BY_CATEGORY, LIFECYCLE_MESSAGES, ListingUpdated, MarkDoneBodySchema, type Listing } from '@cp/contracts';
import { toListing } from '../data/listing-mapper.ts';
import { listingId, missingOrForbidden } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';
import { eventListing } from './public-listing.ts';

/**
 * POST /api/listings/:id/done { status }, owner only: the listing is marked sold, rented or filled — only the word of
 * its category (DONE_STATUS_BY_CATEGORY; another → 400) — and stays shown with that badge DONE_VISIBLE_DAYS, then the
 * lifecycle job retires it. Only an active listing (409 otherwise); the same word again answers the listing unchanged.
 * listing-updated (`changed: ['status']`) carries the new status to search.
 */
export async function markListingDone(deps: ListingsDeps, userId: string, rawId: string, body: unknown): Promise<Listing> {
  const id = listingId(rawId);
  const { status } = MarkDoneBodySchema.parse(body);
  const current = await deps.listings.findOwned(id, userId);
  if (!current) return missingOrForbidden(deps, id);
  const word = DONE_STATUS_BY_CATEGORY[current.category];
  if (status !== word) throw badRequest(LIFECYCLE_MESSAGES.wrongDoneStatus(current.category, word));
  if (current.status === status) return toListing(current);
  const done = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.listings.markDone(id, userId, status, deps.now(), session);
    if (!doc) return null;
    await emit(ListingUpdated, { listingId: id, userId, category: doc.category, tier: doc.tier, title: doc.title, changed: ['status'], removedImageUrls: [], listing: eventListing(doc) });
    return doc;
  });
  if (!done) throw new HttpError(409, LIFECYCLE_MESSAGES.notMarkable);
  return toListing(done);
}
