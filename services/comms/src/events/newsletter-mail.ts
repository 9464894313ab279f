import { eventStream, NewsletterMailRequested } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import type { CommsDeps } from '../use-cases/deps.ts';
import { sendNewsletterMail } from '../use-cases/send-newsletter-mail.ts';

/** The durable consumer of newsletter mails (one per service, shared by its replicas; filtered to its one event). */
export const NEWSLETTER_MAIL_CONSUMER = 'comms-newsletter-mail';

/** comms.newsletter-mail-requested → the mail (confirmation link, welcome, "already subscribed"), sent once. */
export function startNewsletterMail(deps: CommsDeps, nats: NatsHandle, opts: { backoffMs?: number[]; durable?: string } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('comms').name,
    durable: opts.durable ?? NEWSLETTER_MAIL_CONSUMER,
    logger: deps.logger,
    handlers: [on(NewsletterMailRequested, async (event, ctx) => void (await sendNewsletterMail(deps, event.data, ctx.session)))],
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
  });
}
