import { eventStream, ForumReplyCreated } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { queueReplyNotice } from '../use-cases/reply-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

export const REPLY_NOTICES_DURABLE = 'comms-reply-notices';

/**
 * forum.reply-created → the reply joins the batch of notices to the post's author (queueReplyNotice), in the
 * consumer's transaction with its "processed" record; the mail goes out later, from the batch sender
 * (jobs/send-mail-batches.ts). A durable consumer of the forum's stream (the kit's: validated payloads, so a malformed
 * event goes to dead letters instead of looping; retries with backoff).
 */
export function startReplyNotices(deps: CommsDeps, nats: NatsHandle, opts: { durable?: string; backoffMs?: number[]; ackWaitMs?: number } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('forum').name,
    durable: opts.durable ?? REPLY_NOTICES_DURABLE,
    logger: deps.logger,
    handlers: [
      on(ForumReplyCreated, async (event, ctx) => {
        const outcome = await queueReplyNotice(deps, event.data, ctx.session);
        deps.logger.debug({ replyId: event.data.replyId, postId: event.data.postId, outcome }, 'reply notice');
      }),
    ],
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
    ...(opts.ackWaitMs ? { ackWaitMs: opts.ackWaitMs } : {}),
  });
}
