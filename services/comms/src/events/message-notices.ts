import { ConversationRead, eventStream, MessageSent } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { dropReadNotice, queueMessageNotice } from '../use-cases/message-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const MESSAGE_NOTICES_DURABLE = 'comms-message-notices';

/**
 * The messages service's events → unread-message mails (issue 23 §5): a message joins its recipient's batch for the
 * conversation; a read drops the waiting one. The mail goes out later, from the batch sender (jobs/send-mail-batches.ts).
 * A kit consumer: each event once across replicas, in one transaction with its processed record.
 */
export function startMessageNotices(deps: CommsDeps, nats: NatsHandle, opts: { durable?: string } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('messages').name,
    durable: opts.durable ?? MESSAGE_NOTICES_DURABLE,
    logger: deps.logger,
    handlers: [
      on(MessageSent, async (event, ctx) => {
        const outcome = await queueMessageNotice(deps, event.data, ctx.session);
        deps.logger.debug({ messageId: event.data.messageId, conversationId: event.data.conversationId, outcome }, 'message notice');
      }),
      on(ConversationRead, async (event, ctx) => {
        await dropReadNotice(deps, event.data, ctx.session);
      }),
    ],
  });
}
