import { UserBanned, UserUnbanned } from '@cp/contracts';
import { defineConsumer, on, outboxEmitter } from '@cp/service-kit';
import { banUser, unbanUser } from '../use-cases/apply-ban.ts';
import type { IdentityDeps } from '../use-cases/deps.ts';

export const BANS_DURABLE = 'identity-bans';

/**
 * The moderation service's bans applied here (durable `identity-bans` on EVENTS_MODERATION, the kit's consumer: once
 * per event across replicas, the ban, the sessions' end and their session-revoked events committed with the processed
 * record). Bans and unbans come on separate lanes with no order between them: each carries its time, and the older of
 * two never overrides the newer (see UsersRepository.applyBan). Declared in main; the kit starts it.
 */
export const bansConsumer = defineConsumer<IdentityDeps>({
  source: 'moderation',
  durable: BANS_DURABLE,
  handlers: (deps) => [
    on(UserBanned, async (event, { session }) => {
      const { userId, actorId, reason } = event.data;
      const outcome = await banUser(deps, { userId, actorId, reason, at: new Date(event.occurredAt) }, session, outboxEmitter(deps.conn, session));
      deps.logger.info({ userId, actorId, outcome, eventId: event.id }, 'user ban');
    }),
    on(UserUnbanned, async (event, { session }) => {
      const { userId, actorId } = event.data;
      const outcome = await unbanUser(deps, { userId, at: new Date(event.occurredAt) }, session);
      deps.logger.info({ userId, actorId, outcome, eventId: event.id }, 'user unban');
    }),
  ],
});
