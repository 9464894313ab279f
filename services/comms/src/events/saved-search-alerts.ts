import { SavedSearchMatched } from '@cp/contracts';
import { defineConsumer } from '@cp/service-kit';
import { handleSavedSearchMatch } from '../use-cases/saved-search-alerts.ts';
import type { CommsDeps } from '../use-cases/deps.ts';
import { onOutcome } from './log-outcome.ts';

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
    onOutcome(SavedSearchMatched, deps, { what: 'saved search alert', fields: ({ deliveryId, frequency }) => ({ deliveryId, frequency }) }, (event, ctx) =>
      handleSavedSearchMatch(deps, event.data, ctx.session),
    ),
  ],
});
