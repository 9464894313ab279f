import { createHash, randomUUID } from 'node:crypto';
import { HttpError, runInTransaction, type AuthUser } from '@cp/service-kit';
import { ListingCreated, MODERATION_MESSAGES, type Listing } from '@cp/contracts';
import type { ListingDoc } from '../data/listings-repository.ts';
import { toListing } from '../data/listing-mapper.ts';
import { validateNewListing } from './listing-input.ts';
import { expiryOf } from './expiry.ts';
import { checkImages } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';
import { eventListing } from './public-listing.ts';

/** How long the same user may not post the same listing again (issue 21 §5). */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60_000;

const normalized = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** The duplicate rule's key of a listing: its title and description, trimmed, lower-cased, whitespace folded. */
export function contentHashOf(title: string, description: string): string {
  return createHash('sha256').update(`${normalized(title)}\n${normalized(description)}`).digest('base64url');
}

/**
 * POST /api/listings: the owner is the logged-in user, whatever the body says. First the user's posting limit
 * (`listing`: 429 past it), apart from the transaction so a replica killed mid-write holds no lock on the user's window;
 * a create refused below gives its slot back. Then, in the insert's transaction, the duplicate rule — the same user
 * posting the same title and description (contentHashOf) again within DUPLICATE_WINDOW_MS gets 409 — made race-safe
 * by the listing's fingerprint document (`listing_fingerprints`, one per user and content), written before the check.
 */
export async function createListing(deps: ListingsDeps, user: AuthUser, body: unknown): Promise<Listing> {
  const userId = user.id;
  const input = validateNewListing(body);
  await checkImages(deps, userId, input.imageUrls);
  const now = deps.now();
  const doc: ListingDoc = {
    _id: randomUUID(),
    userId,
    ...input,
    imageUrls: input.imageUrls ?? [],
    contentHash: contentHashOf(input.title, input.description),
    expiresAt: expiryOf(now, deps.lifecycle.ttlDays, input),
    createdAt: now,
    updatedAt: now,
  };
  await deps.postingLimits.run(user, 'listing', () =>
    runInTransaction(deps.conn, async (session, emit) => {
      // Two identical creates at once both write this listing's fingerprint: one meets a write conflict, is retried
      // after the other committed, and then finds it.
      await deps.listings.touchFingerprint(userId, doc.contentHash!, new Date(now.getTime() + DUPLICATE_WINDOW_MS), session);
      if (await deps.listings.findDuplicate(userId, doc.contentHash!, new Date(now.getTime() - DUPLICATE_WINDOW_MS), session)) {
        throw new HttpError(409, MODERATION_MESSAGES.duplicateListing, { code: 'duplicate_listing' });
      }
      await deps.listings.insert(doc, session);
      await emit(ListingCreated, { listingId: doc._id, userId, category: doc.category, tier: doc.tier, title: doc.title, listing: eventListing(doc) });
    }),
  );
  return toListing(doc);
}
