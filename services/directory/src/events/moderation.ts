import { ContentHidden, ContentRemoved, ContentRestored, eventStream, UserBanned, UserUnbanned } from '@cp/contracts';
import { on, outboxEmitter, startConsumer, type NatsHandle } from '@cp/service-kit';
import type { DirectoryDeps } from '../use-cases/deps.ts';
import { removeContent, setAuthorBanned, setContentHidden } from '../use-cases/moderate-content.ts';

export const MODERATION_DURABLE = 'directory-moderation';

/**
 * Applies the moderation service's decisions (its stream, issue 21) to businesses and reviews: hidden / restored,
 * removed, the author banned / unbanned; the directory's own events (business-deleted, business-updated for a rating
 * that moved) go through the outbox in the same transaction. A kit consumer: each event handled once across replicas,
 * in one transaction with its processed record.
 */
export function startModeration(deps: DirectoryDeps, nats: NatsHandle, opts: { durable?: string } = {}) {
  const emit = (session: Parameters<typeof outboxEmitter>[1]) => outboxEmitter(deps.conn, session);
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('moderation').name,
    durable: opts.durable ?? MODERATION_DURABLE,
    logger: deps.logger,
    handlers: [
      on(ContentHidden, (event, ctx) => setContentHidden(deps, event.data.kind, event.data.itemId, true, ctx.session, emit(ctx.session))),
      on(ContentRestored, (event, ctx) => setContentHidden(deps, event.data.kind, event.data.itemId, false, ctx.session, emit(ctx.session))),
      on(ContentRemoved, (event, ctx) => removeContent(deps, event.data.kind, event.data.itemId, ctx.session, emit(ctx.session))),
      on(UserBanned, (event, ctx) => setAuthorBanned(deps, event.data.userId, true, ctx.session, emit(ctx.session))),
      on(UserUnbanned, (event, ctx) => setAuthorBanned(deps, event.data.userId, false, ctx.session, emit(ctx.session))),
    ],
  });
}
