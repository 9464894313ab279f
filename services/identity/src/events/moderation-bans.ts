import { eventStream, UserBanned, UserUnbanned } from '@cp/contracts';
import { on, outboxEmitter, startConsumer, type NatsHandle } from '@cp/service-kit';
import { banUser, unbanUser } from '../use-cases/apply-ban.ts';
import type { IdentityDeps } from '../use-cases/deps.ts';

export const BANS_DURABLE = 'identity-bans';

/**
 * The moderation service's bans applied here (durable `identity-bans` on EVENTS_MODERATION, the kit's consumer: once
 * per event across replicas, the ban, the sessions' end and their session-revoked events committed with the processed
 * record). Bans and unbans come on separate lanes with no order between them: each carries its time, and the older of
 * two never overrides the newer (see UsersRepository.applyBan).
 */
export function startBanConsumer(deps: IdentityDeps, nats: NatsHandle, opts: { durable?: string; backoffMs?: number[] } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('moderation').name,
    durable: opts.durable ?? BANS_DURABLE,
    logger: deps.logger,
    handlers: [
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
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
  });
}
