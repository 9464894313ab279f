import { HttpError, runInTransaction } from '@cp/service-kit';
import { LIFECYCLE_MESSAGES, ListingRenewed, renewedMessage, type Listing, type RenewLinkResult } from '@cp/contracts';
import type { ListingDoc } from '../data/listings-repository.ts';
import { toListing } from '../data/listing-mapper.ts';
import { expiryOf } from './expiry.ts';
import { listingId, missingOrForbidden, missingOrGone } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';
import { eventListing } from './public-listing.ts';

/**
 * Renews an active or expired listing: active again until now + LISTING_TTL_DAYS (an event's at the latest the end of
 * its day, expiryOf). From now, not from the old expiresAt: a renewal says "this is still current today", so it buys
 * one TTL of being shown from today — renewing early cannot stack periods into a listing nobody looked at for months,
 * and an expired one renewed gets its full TTL. The change and listing-renewed (search shows it again) go in one
 * transaction. `userId` null: the reminder's signed link, which names the listing (the token is the proof).
 */
async function renew(deps: ListingsDeps, id: string, userId: string | null, current: ListingDoc): Promise<ListingDoc> {
  if (current.status !== 'active' && current.status !== 'expired') throw new HttpError(409, LIFECYCLE_MESSAGES.notRenewable);
  const now = deps.now();
  const expiresAt = expiryOf(now, deps.lifecycle.ttlDays, current);
  if (expiresAt <= now) throw new HttpError(409, LIFECYCLE_MESSAGES.eventPassed);
  const renewed = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.listings.renew(id, userId, expiresAt, now, session);
    if (!doc) return null;
    const listing = eventListing(doc);
    await emit(ListingRenewed, { listingId: id, userId: doc.userId, category: doc.category, tier: doc.tier, title: doc.title, listing, expiresAt: listing.expiresAt! });
    return doc;
  });
  if (!renewed) throw new HttpError(409, LIFECYCLE_MESSAGES.notRenewable); // changed meanwhile (marked done, deleted)
  return renewed;
}

/** POST /api/listings/:id/renew, owner only (My Listings: an active or an expired listing). */
export async function renewOwnListing(deps: ListingsDeps, userId: string, rawId: string): Promise<Listing> {
  const id = listingId(rawId);
  const current = await deps.listings.findOwned(id, userId);
  if (!current) return missingOrForbidden(deps, id);
  return toListing(await renew(deps, id, userId, current));
}

/**
 * POST /api/listings/renew-link { token }: the reminder's one-click link, no login. The token (purpose 'renew-listing',
 * this service's key) names one listing and expires RENEW_LINK_GRACE_DAYS after the expiry it reminded of; a forged,
 * altered, expired or other-purpose token is a 400 and nothing changes.
 */
export async function renewFromLink(deps: ListingsDeps, token: unknown): Promise<RenewLinkResult> {
  const { listingId: id } = deps.lifecycle.renewLinks.verify(token, deps.now());
  const current = await deps.listings.findById(id);
  if (!current) return missingOrGone(deps, id);
  const doc = await renew(deps, id, null, current);
  const expiresAt = doc.expiresAt!.toISOString();
  return { listingId: id, title: doc.title, expiresAt, message: renewedMessage(expiresAt) };
}
