import { randomUUID } from 'node:crypto';
import { HttpError, notFound, runInTransaction } from '@cp/service-kit';
import { LISTING_EXPIRED_MESSAGE, LISTING_NOT_FOUND, SAVED_LISTINGS_FULL_MESSAGE, SAVED_LISTINGS_MAX, SaveListingRequestSchema, type SavedListing } from '@cp/contracts';
import { missingOrGone } from './listing-rules.ts';
import { savedStateOf, toSavedListing, type SavedListingsDeps } from './saved-listing-rules.ts';
import type { SavedListingDoc } from '../data/saved-listings-repository.ts';

/**
 * POST /api/saved-listings { listingId }: saves a listing for the signed-in user. Idempotent: a listing already saved
 * answers its save (`created: false`) whatever has become of the listing since. A new save needs a listing visitors
 * see: 404 for an unknown id or one moderation keeps from the public, 410 for a deleted one (`Listing was removed`) or
 * an expired one (LISTING_EXPIRED_MESSAGE); 409 past SAVED_LISTINGS_MAX saves. The cap and the (user, listing) unique
 * index hold under concurrency: the save runs in a transaction that takes the user's lock first.
 */
export async function saveListing(deps: SavedListingsDeps, userId: string, body: unknown): Promise<{ created: boolean; saved: SavedListing }> {
  const { listingId } = SaveListingRequestSchema.parse(body);
  const existing = await deps.saved.find(userId, listingId);
  if (existing) return { created: false, saved: toSavedListing(existing) };
  const doc = await deps.listings.findById(listingId);
  if (!doc) return missingOrGone(deps, listingId);
  const state = savedStateOf(doc, deps.now());
  if (state === 'expired') throw new HttpError(410, LISTING_EXPIRED_MESSAGE);
  if (state !== 'available') throw notFound(LISTING_NOT_FOUND);
  return runInTransaction(deps.conn, async (session) => {
    const count = await deps.saved.lockAndCount(userId, session);
    // Saved meanwhile (a second click, another tab): the lock made this transaction wait for it.
    const raced = await deps.saved.find(userId, listingId, session);
    if (raced) return { created: false, saved: toSavedListing(raced) };
    if (count >= SAVED_LISTINGS_MAX) throw new HttpError(409, SAVED_LISTINGS_FULL_MESSAGE, { code: 'saved_listings_full' });
    const saved: SavedListingDoc = { _id: randomUUID(), userId, listingId, createdAt: deps.now() };
    await deps.saved.insertMany([saved], session);
    return { created: true, saved: toSavedListing(saved) };
  });
}
