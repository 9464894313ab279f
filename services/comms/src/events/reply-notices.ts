import { ForumReplyCreated } from '@cp/contracts';
import { defineConsumer } from '@cp/service-kit';
import { queueReplyNotice } from '../use-cases/reply-notices.ts';
import type { CommsDeps } from '../use-cases/deps.ts';
import { onOutcome } from './log-outcome.ts';

export const REPLY_NOTICES_DURABLE = 'comms-reply-notices';

/**
 * forum.reply-created → the reply joins the batch of notices to the post's author (queueReplyNotice), in the
 * consumer's transaction with its "processed" record; the mail goes out later, from the batch sender
 * (jobs/send-mail-batches.ts). A durable consumer of the forum's stream (the kit's: validated payloads, so a malformed
 * event goes to dead letters instead of looping; retries with backoff).
 */
export const replyNoticesConsumer = defineConsumer<CommsDeps>({
  source: 'forum',
  durable: REPLY_NOTICES_DURABLE,
  handlers: (deps) => [
    onOutcome(ForumReplyCreated, deps, { what: 'reply notice', fields: ({ replyId, postId }) => ({ replyId, postId }), level: 'debug' }, (event, ctx) =>
      queueReplyNotice(deps, event.data, ctx.session),
    ),
  ],
});
