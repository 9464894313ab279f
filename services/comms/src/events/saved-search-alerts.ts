import { SavedSearchMatched } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { handleSavedSearchMatch } from '../use-cases/saved-search-alerts.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const SAVED_SEARCH_ALERTS_DURABLE = 'comms-saved-search-alerts';

/**
 * listings.saved-search-matched → the instant alert mail, or the match joins the user's daily digest
 * (handleSavedSearchMatch). A durable consumer of the listings stream (the kit's: once per event across replicas,
 * validated payloads, retries with backoff, dead letters); the listings service emits one event per (saved search,
 * listing) ever.
 */
export const savedSearchAlertsConsumer = defineConsumer<CommsDeps>({
  source: 'listings',
  durable: SAVED_SEARCH_ALERTS_DURABLE,
  handlers: (deps) => [
    on(SavedSearchMatched, async (event, ctx) => {
      const outcome = await handleSavedSearchMatch(deps, event.data, ctx.session);
      const log = { deliveryId: event.data.deliveryId, frequency: event.data.frequency, outcome, eventId: event.id };
      if (outcome === 'unknown-user' || outcome === 'no-address') deps.logger.warn(log, 'saved search alert not mailed: no address');
      else deps.logger.info(log, 'saved search alert');
    }),
  ],
});
