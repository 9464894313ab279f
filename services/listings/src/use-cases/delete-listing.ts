import type { ClientSession } from 'mongoose';
import { runInTransaction, type Emit } from '@cp/service-kit';
import { ListingDeleted } from '@cp/contracts';
import type { ListingDoc } from '../data/listings-repository.ts';
import { listingId, missingOrForbidden } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * Deletes a listing in the caller's transaction: the listing (through `remove`: the owner's only, or any for
 * moderation), its tombstone (id and time only: GET answers 410 from then on) and listing-deleted with its images
 * (the image clean-up removes their files). Returns what was deleted, or null when `remove` matched nothing.
 */
export async function deleteInTransaction(
  deps: ListingsDeps,
  id: string,
  remove: (session: ClientSession) => Promise<ListingDoc | null>,
  session: ClientSession,
  emit: Emit,
): Promise<ListingDoc | null> {
  const doc = await remove(session);
  if (!doc) return null;
  await deps.tombstones.record(id, deps.now(), session);
  await emit(ListingDeleted, { listingId: id, userId: doc.userId, imageUrls: doc.imageUrls ?? [] });
  return doc;
}

/**
 * DELETE /api/listings/:id, owner only. The listing, its tombstone and listing-deleted go in one transaction.
 * Deleting again: 410 and nothing written (no second event).
 */
export async function deleteListing(deps: ListingsDeps, userId: string, rawId: string): Promise<void> {
  const id = listingId(rawId);
  const deleted = await runInTransaction(deps.conn, (session, emit) => deleteInTransaction(deps, id, (s) => deps.listings.deleteOwned(id, userId, s), session, emit));
  if (!deleted) await missingOrForbidden(deps, id);
}
