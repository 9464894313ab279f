import { ContentRemoved, eventStream } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import type { MessagesDeps } from '../use-cases/deps.ts';

export const MODERATION_DURABLE = 'messages-moderation';

/**
 * Applies the moderation service's decisions on reported conversations: removed → closed for good (reason 'removed'),
 * still readable by its two participants. Other kinds are other services'. Bans need nothing here: identity ends a
 * banned user's sessions and refuses their logins, so they can send nothing.
 */
export function startModerationConsumer(deps: MessagesDeps, nats: NatsHandle, opts: { durable?: string } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('moderation').name,
    durable: opts.durable ?? MODERATION_DURABLE,
    logger: deps.logger,
    handlers: [
      on(ContentRemoved, async (event, ctx) => {
        if (event.data.kind === 'conversation') await deps.conversations.removeByModeration(event.data.itemId, ctx.session);
      }),
    ],
  });
}
