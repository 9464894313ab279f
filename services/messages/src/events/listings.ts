import { ListingDeleted, ListingExpired, ListingRenewed, ListingUpdated, type ConversationListingStatus } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import type { MessagesDeps } from '../use-cases/deps.ts';

export const LISTINGS_DURABLE = 'messages-listings';

/**
 * Keeps the conversations' copy of their listing current from the listings service's events (issue 23 §6): deleted →
 * closed for good (status 'deleted'); expired or retired after done → closed; renewed → open again; edited → the copy of
 * title, first image and status follows. Closed conversations stay readable. Events of different types may come out
 * of order, so each applies only when newer than the last applied (`listing.eventAt`); deletion is final, and marked
 * (listing_marks) so that no conversation about the listing opens after it. A consumer of the listings' stream,
 * declared for the kit: each event handled once across replicas, in one transaction with its processed record.
 */
export const listingsConsumer = defineConsumer<MessagesDeps>({
  source: 'listings',
  durable: LISTINGS_DURABLE,
  handlers: (deps) => [
    on(ListingDeleted, async (event, ctx) => {
      await deps.listingMarks.markDeleted(event.data.listingId, ctx.session);
      await deps.conversations.listingDeleted(event.data.listingId, new Date(event.occurredAt), ctx.session);
    }),
    on(ListingExpired, (event, ctx) =>
      deps.conversations.listingClosed(event.data.listingId, event.data.reason, event.data.listing?.status as ConversationListingStatus | undefined, new Date(event.occurredAt), ctx.session),
    ),
    on(ListingRenewed, (event, ctx) => deps.conversations.listingRenewed(event.data.listingId, new Date(event.occurredAt), ctx.session)),
    on(ListingUpdated, async (event, ctx) => {
      const listing = event.data.listing;
      const copy = {
        title: event.data.title,
        thumbnailUrl: listing ? (listing.imageUrls[0] ?? null) : undefined,
        status: listing?.status,
      };
      if (copy.thumbnailUrl === undefined || copy.status === undefined) {
        // An event stored before it carried the listing: the title only.
        return deps.conversations.listingTitle(event.data.listingId, copy.title, new Date(event.occurredAt), ctx.session);
      }
      return deps.conversations.listingUpdated(event.data.listingId, { title: copy.title, thumbnailUrl: copy.thumbnailUrl, status: copy.status }, new Date(event.occurredAt), ctx.session);
    }),
  ],
});
