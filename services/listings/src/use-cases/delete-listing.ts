import { runInTransaction } from '@cp/service-kit';
import { ListingDeleted } from '@cp/contracts';
import { listingId, missingOrForbidden } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * DELETE /api/listings/:id, owner only. The listing, its tombstone (id and time only: GET answers 410 from then on)
 * and listing-deleted go in one transaction. Deleting again: 410 and nothing written (no second event).
 */
export async function deleteListing(deps: ListingsDeps, userId: string, rawId: string): Promise<void> {
  const id = listingId(rawId);
  const deleted = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.listings.deleteOwned(id, userId, session);
    if (!doc) return null;
    await deps.tombstones.record(id, deps.now(), session);
    await emit(ListingDeleted, { listingId: id, userId, imageUrls: doc.imageUrls ?? [] });
    return doc;
  });
  if (!deleted) await missingOrForbidden(deps, id);
}
