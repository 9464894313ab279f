import { EmailVerificationRequested, eventStream } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { sendVerificationMail } from '../use-cases/send-verification-mail.ts';
import type { IdentityDeps } from '../use-cases/deps.ts';

export const VERIFICATION_MAIL_DURABLE = 'identity-verification-mail';

/**
 * identity.email-verification-requested → the verification link mailed (sendVerificationMail), once per event across
 * replicas (the kit's consumer: the processed record and the new token commit together). A mail server that is down
 * fails the handler, and the event comes again after the consumer's backoff.
 */
export function startVerificationMails(deps: IdentityDeps, nats: NatsHandle, opts: { durable?: string; backoffMs?: number[] } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('identity').name,
    durable: opts.durable ?? VERIFICATION_MAIL_DURABLE,
    logger: deps.logger,
    handlers: [
      on(EmailVerificationRequested, async (event, { session }) => {
        const outcome = await sendVerificationMail(deps, event.data.userId, event.id, session);
        deps.logger.info({ userId: event.data.userId, outcome }, 'verification mail');
      }),
    ],
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
  });
}
