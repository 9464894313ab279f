import { ConversationRead, MessageSent } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { dropReadNotice, queueMessageNotice } from '../use-cases/message-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';
import { onOutcome } from './log-outcome.ts';

export const MESSAGE_NOTICES_DURABLE = 'comms-message-notices';

/**
 * The messages service's events → unread-message mails (issue 23 §5): a message joins its recipient's batch for the
 * conversation; a read drops the waiting one. The mail goes out later, from the batch sender (jobs/send-mail-batches.ts).
 * A kit consumer: each event once across replicas, in one transaction with its processed record.
 */
export const messageNoticesConsumer = defineConsumer<CommsDeps>({
  source: 'messages',
  durable: MESSAGE_NOTICES_DURABLE,
  handlers: (deps) => [
    onOutcome(MessageSent, deps, { what: 'message notice', fields: ({ messageId, conversationId }) => ({ messageId, conversationId }), level: 'debug' }, (event, ctx) =>
      queueMessageNotice(deps, event.data, ctx.session),
    ),
    on(ConversationRead, async (event, ctx) => {
      await dropReadNotice(deps, event.data, ctx.session);
    }),
  ],
});
