import { ListingExpiring } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { sendExpiryReminder } from '../use-cases/expiry-reminders.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const EXPIRY_REMINDERS_DURABLE = 'comms-expiry-reminders';

/**
 * listings.listing-expiring → the owner's reminder mail (sendExpiryReminder). A durable consumer of the listings
 * service's stream, filtered to that one event (the kit's: once per event across replicas, validated payloads, retries
 * with backoff, dead letters after the last attempt).
 */
export const expiryRemindersConsumer = defineConsumer<CommsDeps>({
  source: 'listings',
  durable: EXPIRY_REMINDERS_DURABLE,
  handlers: (deps) => [
    on(ListingExpiring, async (event) => {
      const outcome = await sendExpiryReminder(deps, event.data);
      const log = { listingId: event.data.listingId, userId: event.data.userId, outcome, eventId: event.id };
      if (outcome === 'sent') deps.logger.info(log, 'expiry reminder mailed');
      else deps.logger.warn(log, 'expiry reminder not mailed: unknown user or no address');
    }),
  ],
});
