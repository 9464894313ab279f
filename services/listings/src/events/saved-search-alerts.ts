import { ListingCreated, ListingRenewed } from '@cp/contracts';
import { defineConsumer, on, outboxEmitter } from '@cp/service-kit';
import { matchSavedSearches } from '../use-cases/match-saved-searches.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const SAVED_SEARCH_ALERTS_DURABLE = 'listings-saved-search-alerts';

/**
 * Issue 22 §3: each listing created or renewed is matched against the saved searches (matchSavedSearches), in the
 * consumer's transaction with its "processed" record, so the delivery records and the alert events are written
 * exactly when the event is recorded as handled. A durable consumer of the kit on this service's own stream (once
 * per event across replicas; retries with backoff; dead letters).
 */
export const savedSearchAlertsConsumer = defineConsumer<ListingsDeps>({
  source: 'listings',
  durable: SAVED_SEARCH_ALERTS_DURABLE,
  handlers: (deps) => {
    const handle = async (listingId: string, session: Parameters<typeof outboxEmitter>[1]) => {
      const result = await matchSavedSearches(deps, listingId, session, outboxEmitter(deps.conn, session));
      if (result.alerted > 0) deps.logger.info({ listingId, ...result }, 'saved search alerts');
    };
    return [on(ListingCreated, (event, { session }) => handle(event.data.listingId, session)), on(ListingRenewed, (event, { session }) => handle(event.data.listingId, session))];
  },
});
