import { ContentHidden, ContentRemoved, ContentRestored, UserBanned, UserUnbanned } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import type { EventsDeps } from '../use-cases/deps.ts';
import { applyListingGone, applyOwnerBan } from '../use-cases/listing-events.ts';

export const MODERATION_DURABLE = 'events-moderation';

/**
 * Moderation's decisions on listings: hidden (pending review) → gone from every answer until restored; removed →
 * gone for good (the people going are told it is cancelled); an organizer banned → all their events hidden until
 * unbanned. Ordered by the envelope's occurredAt. Other kinds are other services'.
 */
export const moderationConsumer = defineConsumer<EventsDeps>({
  source: 'moderation',
  durable: MODERATION_DURABLE,
  handlers: (deps) => [
    on(ContentHidden, async (event, ctx) => {
      if (event.data.kind === 'listing') await deps.calendar.moderate(event.data.itemId, true, new Date(event.occurredAt), ctx.session);
    }),
    on(ContentRestored, async (event, ctx) => {
      if (event.data.kind === 'listing') await deps.calendar.moderate(event.data.itemId, false, new Date(event.occurredAt), ctx.session);
    }),
    on(ContentRemoved, async (event, ctx) => {
      if (event.data.kind === 'listing') await applyListingGone(deps, event.data.itemId, new Date(event.occurredAt), 'removed', ctx.session);
    }),
    on(UserBanned, (event, ctx) => applyOwnerBan(deps, event.data.userId, true, new Date(event.occurredAt), ctx.session)),
    on(UserUnbanned, (event, ctx) => applyOwnerBan(deps, event.data.userId, false, new Date(event.occurredAt), ctx.session)),
  ],
});
