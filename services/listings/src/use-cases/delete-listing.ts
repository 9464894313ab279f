import { runInTransaction } from '@cp/service-kit';
import { ListingDeleted } from '@cp/contracts';
import { listingId, missingOrForbidden } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** DELETE /api/listings/:id, owner only. */
export async function deleteListing(deps: ListingsDeps, userId: string, rawId: string): Promise<void> {
  const id = listingId(rawId);
  const deleted = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.listings.deleteOwned(id, userId, session);
    if (doc) await emit(ListingDeleted, { listingId: id, userId, imageUrls: doc.imageUrls ?? [] });
    return doc;
  });
  if (!deleted) await missingOrForbidden(deps, id);
}
