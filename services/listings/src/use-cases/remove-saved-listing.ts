import { notFound, runInTransaction } from '@cp/service-kit';
import { SAVED_LISTING_NOT_FOUND } from '@cp/contracts';
import { pathListingId, type SavedListingsDeps } from './saved-listing-rules.ts';

/**
 * DELETE /api/saved-listings/:listingId: removes the signed-in user's save of a listing, whatever has become of the
 * listing. The user is part of the delete's filter, so nobody else's save can be touched: a listing this user has not
 * saved (saved by someone else, or removed already) is a 404. A malformed id is a 400.
 */
export async function removeSavedListing(deps: SavedListingsDeps, userId: string, rawListingId: string): Promise<void> {
  const listingId = pathListingId(rawListingId);
  const removed = await runInTransaction(deps.conn, async (session) => {
    await deps.saved.lockAndCount(userId, session);
    return deps.saved.remove(userId, listingId, session);
  });
  if (!removed) throw notFound(SAVED_LISTING_NOT_FOUND);
}
