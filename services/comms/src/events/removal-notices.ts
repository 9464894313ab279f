import { ContentRemoved, eventStream } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { sendRemovalNotice } from '../use-cases/removal-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const REMOVALS_DURABLE = 'comms-removals';

/**
 * moderation.content-removed → the author is mailed what was removed and why (sendRemovalNotice). A durable consumer
 * of the moderation service's stream (the kit's: once per event across replicas, validated payloads, retries with
 * backoff, dead letters after the last attempt).
 */
export function startRemovalNotices(deps: CommsDeps, nats: NatsHandle, opts: { durable?: string; backoffMs?: number[] } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('moderation').name,
    durable: opts.durable ?? REMOVALS_DURABLE,
    logger: deps.logger,
    handlers: [
      on(ContentRemoved, async (event) => {
        const { caseId, kind, itemId, authorId } = event.data;
        const outcome = await sendRemovalNotice(deps, event.data);
        const log = { caseId, kind, itemId, authorId, outcome, eventId: event.id };
        if (outcome === 'sent') deps.logger.info(log, 'removal notice mailed');
        else deps.logger.warn(log, 'removal notice not mailed: no author or no address');
      }),
    ],
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
  });
}
