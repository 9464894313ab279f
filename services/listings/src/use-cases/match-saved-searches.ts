import type { ClientSession } from 'mongoose';
import type { Emit } from '@cp/service-kit';
import { listingMatchesFilters, SavedSearchMatched } from '@cp/contracts';
import { deliveryIdOf, type SavedSearchDoc } from '../data/saved-searches-repository.ts';
import { isModerated, type ListingDoc } from '../data/listings-repository.ts';
import { listingAlertKeys } from './alert-keys.ts';
import type { ListingsDeps } from './deps.ts';

type Candidate = Pick<SavedSearchDoc, '_id' | 'userId' | 'name' | 'filters' | 'frequency'>;

/** The excerpt an alert shows of a listing's description. */
const EXCERPT_MAX = 200;

/**
 * The saved searches a listing matches: candidates read through the (category, town) index, never the author's own
 * and never paused ones (both left out by the query), then THE §9 rule of the listings page, `listingMatchesFilters`.
 */
export async function savedSearchesMatching(deps: Pick<ListingsDeps, 'savedSearches'>, listing: ListingDoc, session?: ClientSession): Promise<Candidate[]> {
  const candidates = await deps.savedSearches.candidates(listingAlertKeys(listing), listing.userId, session);
  return candidates.filter((s) => s.userId !== listing.userId && listingMatchesFilters(listing, s.filters));
}

/**
 * A listing was created or renewed (the listings stream): every saved search it matches gets one alert, ever. In the
 * event consumer's transaction: the delivery records (`<savedSearchId>:<listingId>`, a unique `_id`) and one
 * `listings.saved-search-matched` per new delivery through the outbox; comms mails it (instant) or lists it in the
 * daily digest. A pair recorded before (a redelivery, another replica, the listing's renewal) sends nothing; two
 * transactions recording the same pair at once conflict, and the retried one finds it. A listing gone, hidden by
 * moderation or not active alerts nobody.
 */
export async function matchSavedSearches(deps: ListingsDeps, listingId: string, session: ClientSession, emit: Emit): Promise<{ matched: number; alerted: number }> {
  const listing = await deps.listings.findById(listingId, session);
  if (!listing || isModerated(listing) || listing.status !== 'active') return { matched: 0, alerted: 0 };
  const matched = await savedSearchesMatching(deps, listing, session);
  if (matched.length === 0) return { matched: 0, alerted: 0 };
  const delivered = await deps.savedSearches.deliveredOf(matched.map((s) => deliveryIdOf(s._id, listing._id)), session);
  const fresh = matched.filter((s) => !delivered.has(deliveryIdOf(s._id, listing._id)));
  const now = deps.now();
  await deps.savedSearches.recordDeliveries(
    fresh.map((s) => ({ _id: deliveryIdOf(s._id, listing._id), savedSearchId: s._id, listingId: listing._id, userId: s.userId, createdAt: now })),
    session,
  );
  const linkExpiry = deps.alertLinks.expiresAt(now);
  const description = listing.description.replace(/\s+/g, ' ').trim();
  for (const search of fresh) {
    await emit(SavedSearchMatched, {
      deliveryId: deliveryIdOf(search._id, listing._id),
      savedSearchId: search._id,
      savedSearchName: search.name,
      userId: search.userId,
      frequency: search.frequency,
      listing: {
        listingId: listing._id,
        title: listing.title,
        category: listing.category,
        location: listing.location,
        price: listing.price ?? null,
        excerpt: description.length > EXCERPT_MAX ? `${description.slice(0, EXCERPT_MAX - 1)}…` : description,
      },
      unsubscribeToken: deps.alertLinks.alert.sign({ savedSearchId: search._id }, linkExpiry),
      digestUnsubscribeToken: deps.alertLinks.digest.sign({ userId: search.userId }, linkExpiry),
    });
  }
  return { matched: matched.length, alerted: fresh.length };
}
