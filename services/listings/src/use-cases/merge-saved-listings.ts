import { randomUUID } from 'node:crypto';
import { runInTransaction } from '@cp/service-kit';
import { SAVED_LISTINGS_MAX, SavedListingsMergeRequestSchema, type SavedListingsMergeResponse } from '@cp/contracts';
import { isModerated } from '../data/listings-repository.ts';
import type { SavedListingDoc } from '../data/saved-listings-repository.ts';
import type { SavedListingsDeps } from './saved-listing-rules.ts';

/**
 * POST /api/saved-listings/merge { listingIds }: the browser's local saves, added to the account at login (at most
 * SAVED_LISTINGS_MERGE_MAX ids, else 400; every id a uuid, else 400). Ids of listings that do not exist (never did,
 * or deleted) or that moderation keeps from the public are skipped, as are those already saved; the rest are added
 * until the account holds SAVED_LISTINGS_MAX, the remainder skipped. An expired listing is merged (the saver had it;
 * /saved shows it as expired). Idempotent: the same merge again adds nothing. One transaction, under the user's lock.
 * The ids are saved in the order given, the first one newest.
 */
export async function mergeSavedListings(deps: SavedListingsDeps, userId: string, body: unknown): Promise<SavedListingsMergeResponse> {
  const { listingIds } = SavedListingsMergeRequestSchema.parse(body);
  const unique = [...new Set(listingIds)];
  const listings = await deps.listings.findByIds(unique);
  const known = new Set(listings.filter((l) => !isModerated(l) || l.userId === userId).map((l) => l._id));
  const candidates = unique.filter((id) => known.has(id));
  const now = deps.now().getTime();
  return runInTransaction(deps.conn, async (session) => {
    const count = await deps.saved.lockAndCount(userId, session);
    const already = candidates.length > 0 ? await deps.saved.savedAmong(userId, candidates, session) : new Set<string>();
    const added = candidates.filter((id) => !already.has(id)).slice(0, Math.max(0, SAVED_LISTINGS_MAX - count));
    // The first id is the newest save: later ids one millisecond older each, so /saved keeps the browser's order.
    const docs: SavedListingDoc[] = added.map((listingId, i) => ({ _id: randomUUID(), userId, listingId, createdAt: new Date(now - i) }));
    await deps.saved.insertMany(docs, session);
    return { merged: added.length, skipped: listingIds.length - added.length, total: count + added.length };
  });
}
