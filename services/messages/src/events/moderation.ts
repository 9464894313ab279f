import { ContentRemoved } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import type { MessagesDeps } from '../use-cases/deps.ts';

export const MODERATION_DURABLE = 'messages-moderation';

/**
 * Applies the moderation service's decisions on reported conversations: removed → closed for good (reason 'removed'),
 * still readable by its two participants. Other kinds are other services'. Bans need nothing here: identity ends a
 * banned user's sessions and refuses their logins, so they can send nothing. Declared in main.
 */
export const moderationConsumer = defineConsumer<MessagesDeps>({
  source: 'moderation',
  durable: MODERATION_DURABLE,
  handlers: (deps) => [
    on(ContentRemoved, async (event, ctx) => {
      if (event.data.kind === 'conversation') await deps.conversations.removeByModeration(event.data.itemId, ctx.session);
    }),
  ],
});
