import { ContentHidden, ContentRemoved, ContentRestored, UserBanned, UserUnbanned } from '@cp/contracts';
import { defineConsumer, on, outboxEmitter } from '@cp/service-kit';
import type { DirectoryDeps } from '../use-cases/deps.ts';
import { removeContent, setAuthorBanned, setContentHidden } from '../use-cases/moderate-content.ts';

export const MODERATION_DURABLE = 'directory-moderation';

/**
 * Applies the moderation service's decisions (its stream, issue 21) to businesses and reviews: hidden / restored,
 * removed, the author banned / unbanned; the directory's own events (business-deleted, business-updated for a rating
 * that moved) go through the outbox in the same transaction. A kit consumer: each event handled once across replicas,
 * in one transaction with its processed record. Declared in main.
 */
export const moderationConsumer = defineConsumer<DirectoryDeps>({
  source: 'moderation',
  durable: MODERATION_DURABLE,
  handlers: (deps) => {
    const emit = (session: Parameters<typeof outboxEmitter>[1]) => outboxEmitter(deps.conn, session);
    return [
      on(ContentHidden, (event, ctx) => setContentHidden(deps, event.data.kind, event.data.itemId, true, ctx.session, emit(ctx.session))),
      on(ContentRestored, (event, ctx) => setContentHidden(deps, event.data.kind, event.data.itemId, false, ctx.session, emit(ctx.session))),
      on(ContentRemoved, (event, ctx) => removeContent(deps, event.data.kind, event.data.itemId, ctx.session, emit(ctx.session))),
      on(UserBanned, (event, ctx) => setAuthorBanned(deps, event.data.userId, true, ctx.session, emit(ctx.session))),
      on(UserUnbanned, (event, ctx) => setAuthorBanned(deps, event.data.userId, false, ctx.session, emit(ctx.session))),
    ];
  },
});
