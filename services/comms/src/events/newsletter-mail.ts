import { NewsletterMailRequested } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import type { CommsDeps } from '../use-cases/deps.ts';
import { sendNewsletterMail } from '../use-cases/send-newsletter-mail.ts';

/** The durable consumer of newsletter mails (one per service, shared by its replicas; filtered to its one event). */
export const NEWSLETTER_MAIL_CONSUMER = 'comms-newsletter-mail';

/** comms.newsletter-mail-requested → the mail (confirmation link, welcome, "already subscribed"), sent once. */
export const newsletterMailConsumer = defineConsumer<CommsDeps>({
  source: 'comms',
  durable: NEWSLETTER_MAIL_CONSUMER,
  handlers: (deps) => [on(NewsletterMailRequested, async (event, ctx) => void (await sendNewsletterMail(deps, event.data, ctx.session)))],
});
