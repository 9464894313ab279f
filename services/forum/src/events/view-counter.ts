import { eventStream, ForumPostViewed } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { countView } from '../use-cases/count-view.ts';
import type { ForumDeps } from '../use-cases/deps.ts';

export const VIEW_COUNTER_DURABLE = 'forum-view-counter';

/**
 * Folds post-viewed events into the posts' viewCount: a durable JetStream consumer of the kit (validated payloads, the
 * processed record in the same transaction as the count, so a redelivered event counts once; retries, dead letters).
 */
export function startViewCounter(deps: ForumDeps, nats: NatsHandle, opts: { durable?: string } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('forum').name,
    durable: opts.durable ?? VIEW_COUNTER_DURABLE,
    logger: deps.logger,
    handlers: [on(ForumPostViewed, (event, ctx) => countView(deps, event.data.postId, event.data.viewer, new Date(event.occurredAt), ctx.session).then(() => undefined))],
  });
}
