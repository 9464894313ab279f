import { ContentRemoved } from '@cp/contracts';
import { defineConsumer } from '@cp/service-kit';
import { sendRemovalNotice } from '../use-cases/removal-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';
import { onOutcome } from './log-outcome.ts';

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
    onOutcome(ContentRemoved, deps, { what: 'removal notice', fields: ({ caseId, kind, itemId, authorId }) => ({ caseId, kind, itemId, authorId }) }, (event) =>
      sendRemovalNotice(deps, event.data),
    ),
  ],
});
