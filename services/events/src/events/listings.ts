import { ListingCreated, ListingDeleted, ListingExpired, ListingRenewed, ListingUpdated } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import type { EventsDeps } from '../use-cases/deps.ts';
import { applyListingGone, applyListingSnapshot } from '../use-cases/listing-events.ts';

export const LISTINGS_DURABLE = 'events-listings';

/**
 * The calendar's only source of listings: every listing event with its snapshot (created, updated, renewed,
 * expired/done) is applied when newer than what is stored (listing-events.ts); a deletion leaves a tombstone. An event
 * without a snapshot (stored before events carried one) is skipped: the calendar never asks listings. A consumer of
 * the listings' stream declared for the kit: each event handled once across replicas, in one transaction with its
 * processed record (and with the notice mails it asks for).
 */
export const listingsConsumer = defineConsumer<EventsDeps>({
  source: 'listings',
  durable: LISTINGS_DURABLE,
  handlers: (deps) => {
    const snapshot = async (event: { occurredAt: string; data: { listing?: Parameters<typeof applyListingSnapshot>[1] | undefined } }, session: Parameters<typeof applyListingSnapshot>[3]) => {
      if (event.data.listing) await applyListingSnapshot(deps, event.data.listing, new Date(event.occurredAt), session);
    };
    return [
      on(ListingCreated, (event, ctx) => snapshot(event, ctx.session)),
      on(ListingUpdated, (event, ctx) => snapshot(event, ctx.session)),
      on(ListingRenewed, (event, ctx) => snapshot(event, ctx.session)),
      on(ListingExpired, (event, ctx) => snapshot(event, ctx.session)),
      on(ListingDeleted, (event, ctx) => applyListingGone(deps, event.data.listingId, new Date(event.occurredAt), 'deleted', ctx.session)),
    ];
  },
});
