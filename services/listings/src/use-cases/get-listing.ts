import { HttpError, notFound } from '@cp/service-kit';
import { DONE_VISIBLE_DAYS, LISTING_EXPIRED_MESSAGE, LISTING_NOT_FOUND, type Listing } from '@cp/contracts';
import { isModerated, type ListingDoc } from '../data/listings-repository.ts';
import { listingFor } from './public-listing.ts';
import { listingId, missingOrGone } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';
import { DAY_MS } from './expiry.ts';

/**
 * Whether a listing is gone from the public at `now` (issue 22): expired (marked, or past its expiresAt before the job
 * marked it), taken down, or done more than DONE_VISIBLE_DAYS ago (retired, or due to be).
 */
export function isGoneForVisitors(doc: ListingDoc, now: Date): boolean {
  if (doc.status === 'expired' || doc.status === 'inactive' || doc.retired) return true;
  if (doc.status === 'active') return doc.expiresAt !== undefined && doc.expiresAt <= now;
  return doc.doneAt !== undefined && doc.doneAt.getTime() <= now.getTime() - DONE_VISIBLE_DAYS * DAY_MS;
}

/**
 * GET /api/listings/:id: 410 for a deleted listing (its tombstone), 404 for an unknown or malformed id. A listing
 * moderation keeps from the public (hidden pending review, or its author banned) is a 404 for everyone but its owner,
 * who gets it marked `moderation: 'under-review'`. Hidden contacts (issue 23) only ever reach the owner (publicListing).
 */
export async function getListing(deps: ListingsDeps, rawId: string, viewerId?: string): Promise<Listing> {
  const id = listingId(rawId);
  const doc = await deps.listings.findById(id);
  if (!doc) return missingOrGone(deps, id);
  if (isModerated(doc) && doc.userId !== viewerId) throw notFound(LISTING_NOT_FOUND);
  // Expired or done long enough: 410 for visitors (the renderer gives the page a 410); its owner still gets it.
  if (doc.userId !== viewerId && isGoneForVisitors(doc, deps.now())) throw new HttpError(410, LISTING_EXPIRED_MESSAGE, { code: 'listing_expired' });
  return listingFor(doc, viewerId);
}
