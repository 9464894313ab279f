import { ContentHidden, ContentRemoved, ContentRestored, UserBanned, UserUnbanned } from '@cp/contracts';
import { defineConsumer, on, outboxEmitter } from '@cp/service-kit';
import type { ForumDeps } from '../use-cases/deps.ts';
import { removeContent, setAuthorBanned, setContentHidden } from '../use-cases/moderate-content.ts';

export const MODERATION_DURABLE = 'forum-moderation';

/**
 * Applies the moderation service's decisions (its stream, issue 21) to posts and replies: hidden / restored, removed
 * (the post-deleted event in the same transaction, through the outbox), the author banned / unbanned. A kit consumer:
 * each event handled once across replicas, in one transaction with its processed record. Declared in main.
 */
export const moderationConsumer = defineConsumer<ForumDeps>({
  source: 'moderation',
  durable: MODERATION_DURABLE,
  handlers: (deps) => [
    on(ContentHidden, (event, ctx) => setContentHidden(deps, event.data.kind, event.data.itemId, true, ctx.session)),
    on(ContentRestored, (event, ctx) => setContentHidden(deps, event.data.kind, event.data.itemId, false, ctx.session)),
    on(ContentRemoved, (event, ctx) => removeContent(deps, event.data.kind, event.data.itemId, ctx.session, outboxEmitter(deps.conn, ctx.session))),
    on(UserBanned, (event, ctx) => setAuthorBanned(deps, event.data.userId, true, ctx.session)),
    on(UserUnbanned, (event, ctx) => setAuthorBanned(deps, event.data.userId, false, ctx.session)),
  ],
});
