import { ContentRemoved } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { sendRemovalNotice } from '../use-cases/removal-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const REMOVALS_DURABLE = 'comms-removals';

/**
 * moderation.content-removed → the author is mailed what was removed and why (sendRemovalNotice). A durable consumer
 * of the moderation service's stream (the kit's: once per event across replicas, validated payloads, retries with
 * backoff, dead letters after the last attempt).
 */
export const removalNoticesConsumer = defineConsumer<CommsDeps>({
  source: 'moderation',
  durable: REMOVALS_DURABLE,
  handlers: (deps) => [
    on(ContentRemoved, async (event) => {
      const { caseId, kind, itemId, authorId } = event.data;
      const outcome = await sendRemovalNotice(deps, event.data);
      const log = { caseId, kind, itemId, authorId, outcome, eventId: event.id };
      if (outcome === 'sent') deps.logger.info(log, 'removal notice mailed');
      else deps.logger.warn(log, 'removal notice not mailed: no author or no address');
    }),
  ],
});
