import { ListingExpiring } from '@cp/contracts';
import { defineConsumer } from '@cp/service-kit';
import { sendExpiryReminder } from '../use-cases/expiry-reminders.ts';
import type { CommsDeps } from '../use-cases/deps.ts';
import { onOutcome } from './log-outcome.ts';

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
    onOutcome(ListingExpiring, deps, { what: 'expiry reminder', fields: ({ listingId, userId }) => ({ listingId, userId }) }, (event) => sendExpiryReminder(deps, event.data)),
  ],
});
