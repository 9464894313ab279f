import type { ClientSession } from 'mongoose';
import { outboxEmitter } from '@cp/service-kit';
import type { ListingsDeps } from './deps.ts';
import { deleteInTransaction } from './delete-listing.ts';

/**
 * The moderation service's decisions applied to listings (issue 21), each in the consumer's transaction (with its
 * processed record) and idempotent: setting a flag again changes nothing, a removal of a listing already gone does
 * nothing.
 */

/** content-hidden (true) / content-restored (false) of a listing: its `hidden` flag. */
export async function setListingHidden(deps: ListingsDeps, id: string, hidden: boolean, session: ClientSession): Promise<void> {
  const found = await deps.listings.setHidden(id, hidden, session);
  if (!found) deps.logger.info({ listingId: id, hidden }, 'moderation of a listing that no longer exists: nothing to do');
}

/** user-banned (true) / user-unbanned (false): the `authorBanned` flag of every listing of the user. */
export async function setAuthorBanned(deps: ListingsDeps, userId: string, banned: boolean, session: ClientSession): Promise<void> {
  const changed = await deps.listings.setAuthorBanned(userId, banned, session);
  deps.logger.info({ userId, banned, changed }, banned ? "a banned user's listings hidden" : "an unbanned user's listings shown again");
}

/**
 * content-removed of a listing: deleted as its owner's DELETE does (tombstone, listing-deleted with its images, whose
 * files the image clean-up removes), the event written to the outbox in the consumer's transaction.
 */
export async function removeListing(deps: ListingsDeps, id: string, session: ClientSession): Promise<void> {
  const deleted = await deleteInTransaction(deps, id, (s) => deps.listings.deleteAny(id, s), session, outboxEmitter(deps.conn, session));
  deps.logger.info({ listingId: id, deleted: deleted !== null }, deleted ? 'listing removed by moderation' : 'moderation removed a listing already gone');
}
