import { ForumPostViewed } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { countView } from '../use-cases/count-view.ts';
import type { ForumDeps } from '../use-cases/deps.ts';

export const VIEW_COUNTER_DURABLE = 'forum-view-counter';

/**
 * Folds post-viewed events into the posts' viewCount: a durable consumer of the forum's own stream, declared for the
 * kit (validated payloads, the processed record in the same transaction as the count, so a redelivered event counts
 * once; retries, dead letters).
 */
export const viewCounterConsumer = defineConsumer<ForumDeps>({
  source: 'forum',
  durable: VIEW_COUNTER_DURABLE,
  handlers: (deps) => [on(ForumPostViewed, (event, ctx) => countView(deps, event.data.postId, event.data.viewer, new Date(event.occurredAt), ctx.session).then(() => undefined))],
});
