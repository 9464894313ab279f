import { notFound } from '@cp/service-kit';
import { IdSchema, LISTING_NOT_FOUND, ListingStatusSchema, type MessagingListing } from '@cp/contracts';
import { isModerated } from '../data/listings-repository.ts';
import { isGoneForVisitors } from './get-listing.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * GET /internal/listings/:id/messaging (the messages service, issue 23; never routed by the gateway): what a
 * conversation about the listing needs — its owner, title, first image, status, and whether the public sees it (not
 * hidden by moderation, its author not banned, not expired or retired). 404 for an unknown, deleted or malformed id.
 */
export async function messagingListing(deps: ListingsDeps, rawId: string): Promise<MessagingListing> {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw notFound(LISTING_NOT_FOUND);
  const doc = await deps.listings.findById(id.data);
  if (!doc) throw notFound(LISTING_NOT_FOUND);
  return {
    id: doc._id,
    userId: doc.userId,
    title: doc.title,
    thumbnailUrl: doc.imageUrls[0] ?? null,
    // A stored status the contracts do not know (none today) reads as withdrawn, never a 500.
    status: ListingStatusSchema.catch('inactive').parse(doc.status),
    visible: !isModerated(doc) && !isGoneForVisitors(doc, deps.now()),
  };
}
