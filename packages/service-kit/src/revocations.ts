import type { NatsConnection } from '@nats-io/nats-core';
import { SessionRevoked } from '@cp/contracts';
import type { Logger } from 'pino';

/**
 * Drops cached session answers the moment identity revokes a session (logout, password reset).
 * A plain NATS subscription on the event subject: every instance hears every revocation, no durable state needed;
 * the checker's short cache lifetime covers a message missed while disconnected.
 */
export function subscribeSessionRevocations(nc: NatsConnection, checker: { invalidate(sid: string): void }, logger: Logger): { stop(): void } {
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
  return { stop: () => sub.unsubscribe() };
}
