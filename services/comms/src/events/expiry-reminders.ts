import { ListingExpiring, eventStream } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { sendExpiryReminder } from '../use-cases/expiry-reminders.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const EXPIRY_REMINDERS_DURABLE = 'comms-expiry-reminders';

/**
 * listings.listing-expiring → the owner's reminder mail (sendExpiryReminder). A durable consumer of the listings
 * service's stream, filtered to that one event (the kit's: once per event across replicas, validated payloads, retries
 * with backoff, dead letters after the last attempt).
 */
export function startExpiryReminders(deps: CommsDeps, nats: NatsHandle, opts: { durable?: string; backoffMs?: number[] } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('listings').name,
    durable: opts.durable ?? EXPIRY_REMINDERS_DURABLE,
    logger: deps.logger,
    handlers: [
      on(ListingExpiring, async (event) => {
        const outcome = await sendExpiryReminder(deps, event.data);
        const log = { listingId: event.data.listingId, userId: event.data.userId, outcome, eventId: event.id };
        if (outcome === 'sent') deps.logger.info(log, 'expiry reminder mailed');
        else deps.logger.warn(log, 'expiry reminder not mailed: unknown user or no address');
      }),
    ],
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
  });
}
