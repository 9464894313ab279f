import type { NatsConnection } from '@nats-io/nats-core';
import { EmailVerified, SessionRevoked } from '@cp/contracts';
import type { Logger } from 'pino';

/**
 * Drops cached session answers the moment identity revokes a session (logout, password reset), and every cached
 * answer of a user whose standing changed (identity.email-verified: a user who just verified can review at once).
 * Plain NATS subscriptions on the event subjects: every instance hears every event, no durable state needed;
 * the checker's short cache lifetime covers a message missed while disconnected.
 */
export function subscribeSessionRevocations(
  nc: NatsConnection,
  checker: { invalidate(sid: string): void; invalidateUser?(userId: string): void },
  logger: Logger,
): { stop(): void } {
  const users = nc.subscribe(EmailVerified.subject);
  void (async () => {
    for await (const msg of users) {
      try {
        const envelope = msg.json<{ data?: { userId?: unknown } }>();
        if (typeof envelope.data?.userId === 'string') checker.invalidateUser?.(envelope.data.userId);
      } catch (err) {
        logger.warn({ err }, 'ignoring malformed email-verified message');
      }
    }
  })();
  const sub = nc.subscribe(SessionRevoked.subject);
  void (async () => {
    for await (const msg of sub) {
      try {
        const envelope = msg.json<{ data?: { sid?: unknown } }>();
        if (typeof envelope.data?.sid === 'string') checker.invalidate(envelope.data.sid);
      } catch (err) {
        logger.warn({ err }, 'ignoring malformed session-revoked message');
      }
    }
  })();
  return {
    stop: () => {
      sub.unsubscribe();
      users.unsubscribe();
    },
  };
}
